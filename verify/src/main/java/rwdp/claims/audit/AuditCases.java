package rwdp.claims.audit;

import java.util.Locale;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Verdict;
import rwdp.random.MonteCarlo;

/**
 * The scoring an audit claim does over its cases: the profile's trial counts, the family-wise
 * error split evenly over the cases, one {@link AuditRun} per case, and the tallies its verdict and
 * power read (the smallest bound over lower bound, the smallest lower bound over the reference
 * rung, the smallest ε the trials could certify, and whether a lower bound passed the bound or
 * the exact rung). One home for the Gamma, Skip-Ring and PNDP audits.
 */
public final class AuditCases {
    private final CheckContext ctx;
    private final int selection;
    private final int trials;
    private final double familyError;
    private final int cases;
    private final double beta;
    private double slack = Double.POSITIVE_INFINITY;
    private double lowestRatio = Double.POSITIVE_INFINITY;
    private double maxEpsilon = Double.POSITIVE_INFINITY;
    private boolean aboveBound;
    private boolean aboveExact;
    private double lastMaxEpsilon = Double.POSITIVE_INFINITY;
    private boolean anyCanFail;
    private double smallestBound = Double.POSITIVE_INFINITY;

    /**
     * Creates the tally of {@code cases} cases audited at family error {@code familyError}, with
     * {@code selection} and {@code trials} trials per side from {@code ctx.profile().pick(quick, full)}.
     */
    public AuditCases(CheckContext ctx, int quickSelection, int fullSelection, int quickTrials, int fullTrials,
                      double familyError, int cases) {
        this.ctx = ctx;
        this.selection = ctx.profile().pick(quickSelection, fullSelection);
        this.trials = ctx.profile().pick(quickTrials, fullTrials);
        this.familyError = familyError;
        this.cases = cases;
        this.beta = familyError / cases;
    }

    /**
     * Returns the audit of one case (see {@link AuditRun#run}) at this case's share of the family
     * error, and keeps the ε its trials could certify.
     *
     * @throws rwdp.check.InvalidArgumentException if δ or ε is out of range
     */
    public AuditRun run(String label, MonteCarlo.Trial onD, MonteCarlo.Trial onDPrime, double delta, double epsilon) {
        AuditRun run = AuditRun.run(ctx, label, selection, trials, onD, onDPrime, delta, epsilon, beta);
        maxEpsilon = Math.min(maxEpsilon, run.maxEpsilon());
        lastMaxEpsilon = run.maxEpsilon();
        return run;
    }

    /**
     * Keeps {@code bound}/max(lower, 1e-300), a claimed bound over the attack's lower bound, in the slack (the smallest),
     * and whether the last case's trials could certify an ε above {@code bound} at all (a perfect attack: else that
     * case cannot fail).
     */
    public void bound(double bound, double lower) {
        slack = Math.min(slack, bound / Math.max(lower, 1e-300));
        anyCanFail |= lastMaxEpsilon > bound;
        smallestBound = Math.min(smallestBound, bound);
    }

    /** Returns whether some case's trials could certify an ε above the bound it tests. */
    public boolean canFail() {
        return anyCanFail;
    }

    /** Returns the smallest bound over lower bound so far. */
    public double slack() {
        return slack;
    }

    /** Keeps {@code ratio}, a lower bound over its reference rung, in the smallest such ratio. */
    public void ratio(double ratio) {
        lowestRatio = Math.min(lowestRatio, ratio);
    }

    /** Returns the smallest lower bound over its reference rung so far. */
    public double lowestRatio() {
        return lowestRatio;
    }

    /** Records whether a lower bound exceeds the paper's bound and whether one exceeds the exact rung, for {@link #outcome}. */
    public void above(boolean bound, boolean exact) {
        aboveBound |= bound;
        aboveExact |= exact;
    }

    /**
     * Puts the cases, trial counts, family error, {@code thresholdsPerCase} and, under
     * {@code ratioKey}, the smallest ratio into {@code ev} and returns it.
     */
    public Evidence put(Evidence ev, int thresholdsPerCase, String ratioKey) {
        return ev.put("cases", cases).put("selection_trials_per_side", selection).put("audit_trials_per_side", trials)
                .put("family_error", familyError).put("thresholds_per_case", thresholdsPerCase).put(ratioKey, lowestRatio);
    }

    /**
     * Puts the largest certifiable ε into {@code ev} (its last value), draws {@code rungs} into it,
     * records the slack and the power: none when no case's trials could certify an ε above its bound, else strong with {@code reach}
     * and what the trials could certify when the smallest ratio is at least {@code enough}, weak
     * with {@code shortfall} otherwise.
     */
    public void finish(Evidence ev, Rungs rungs, double enough, String reach, String shortfall) {
        ev.put("largest_certifiable_epsilon", maxEpsilon);
        ev.put("some_case_can_fail", anyCanFail);
        rungs.figure(ctx, ev, "rungs");
        ev.slack(slack);
        if (!anyCanFail) {
            ev.power(Power.none(String.format(Locale.ROOT, "a perfect attack with these %d trials per side certifies ε at most %.3g, "
                    + "below every bound tested (the smallest %.3g): no case can return VIOLATED", trials, maxEpsilon, smallestBound)));
            return;
        }
        ev.power(lowestRatio >= enough
                ? Power.ofSlack(slack, reach + String.format(Locale.ROOT, "; %d trials per side could certify ε up to %.1f", trials, maxEpsilon))
                : Power.weak(shortfall));
    }

    /**
     * Returns INCONCLUSIVE with a note when {@code ladderBroken} (a rung outside the ladder's order beyond its stated
     * error: an accountant or the mechanism is wrong, which {@code LabelRules} also reports), else
     * {@link #outcome(Evidence, String)}.
     */
    public Outcome outcome(Evidence ev, String exactNote, boolean ladderBroken) {
        if (ladderBroken) {
            ev.note("A rung lies outside the ladder's order beyond its stated error: an accountant or the mechanism is wrong.");
            return new Outcome(Verdict.INCONCLUSIVE, ev);
        }
        return outcome(ev, exactNote);
    }

    /**
     * Returns VIOLATED when a lower bound exceeded the paper's bound, INCONCLUSIVE with
     * {@code exactNote} when one exceeded only the exact rung, HOLDS otherwise.
     */
    public Outcome outcome(Evidence ev, String exactNote) {
        if (aboveBound) {
            return new Outcome(Verdict.VIOLATED, ev);
        }
        if (aboveExact) {
            ev.note(exactNote);
            return new Outcome(Verdict.INCONCLUSIVE, ev);
        }
        return Outcome.of(true, ev);
    }
}
