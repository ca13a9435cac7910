package rwdp.claims.audit;

import java.util.Locale;
import rwdp.bounds.audit.EpsilonAudit;
import rwdp.claims.CheckContext;
import rwdp.random.MonteCarlo;

/**
 * One audit of one guarantee: the attack's score on trials of D and of D' (index-seeded through
 * {@link MonteCarlo}), thresholds chosen on a selection split, bounds counted on a separate audit
 * split (Jagielski, Ullman and Oprea, NeurIPS 2020, Alg. 2).
 *
 * @param result    the family-wise bounds of the audit split
 * @param selection trials per side of the selection split
 * @param trials    trials per side of the audit split
 * @param maxEpsilon the largest ε lower bound these counts could certify at δ (a perfect attack:
 *                   TP = n, FP = 0), i.e. what the trial count can detect at all
 */
public record AuditRun(EpsilonAudit.Result result, int selection, int trials, double maxEpsilon) {

    /** Thresholds per target the selection split hands to the audit split. */
    public static final int THRESHOLDS_PER_TARGET = 3;

    /**
     * Runs the audit: {@code selection} and {@code trials} index-seeded trials per side from
     * {@code ctx.seed(label + …)}; thresholds chosen for the ε lower bound at {@code delta} and for
     * the δ lower bound at {@code epsilon} (NaN: no δ target), all counted together so the whole
     * family shares the error {@code beta}.
     *
     * @throws rwdp.check.InvalidArgumentException if a count is below 1 or β, δ, ε are out of range
     */
    public static AuditRun run(CheckContext ctx, String label, int selection, int trials, MonteCarlo.Trial onD,
                               MonteCarlo.Trial onDPrime, double delta, double epsilon, double beta) {
        double[] sd = ctx.trials().run(selection, ctx.seed(label + "/select/D"), onD);
        double[] sdp = ctx.trials().run(selection, ctx.seed(label + "/select/D'"), onDPrime);
        // The selection rates candidates at the audit's own per-threshold level, so it favours thresholds that survive it.
        int family = Double.isNaN(epsilon) ? THRESHOLDS_PER_TARGET : 2 * THRESHOLDS_PER_TARGET;
        double each = beta / (2.0 * family);
        double[] te = EpsilonAudit.chooseThresholds(sd, sdp, delta, each, THRESHOLDS_PER_TARGET);
        double[] thresholds = te;
        if (!Double.isNaN(epsilon)) {
            double[] tdl = EpsilonAudit.chooseThresholdsForDelta(sd, sdp, epsilon, each, THRESHOLDS_PER_TARGET);
            thresholds = new double[te.length + tdl.length];
            System.arraycopy(te, 0, thresholds, 0, te.length);
            System.arraycopy(tdl, 0, thresholds, te.length, tdl.length);
        }
        double[] ad = ctx.trials().run(trials, ctx.seed(label + "/audit/D"), onD);
        double[] adp = ctx.trials().run(trials, ctx.seed(label + "/audit/D'"), onDPrime);
        EpsilonAudit.Result r = EpsilonAudit.audit(ad, adp, thresholds, delta, Double.isNaN(epsilon) ? 0 : epsilon, beta);
        double perfect = EpsilonAudit.epsilonFromRates(EpsilonAudit.clopperPearsonLower(trials, trials, beta / (2.0 * thresholds.length)),
                EpsilonAudit.clopperPearsonUpper(0, trials, beta / (2.0 * thresholds.length)), delta);
        return new AuditRun(r, selection, trials, perfect);
    }

    /** Returns "TP/n [lo, hi]" of the best threshold's true-positive rate. */
    public String tpr() {
        EpsilonAudit.Point p = result.best();
        return String.format(Locale.ROOT, "%.4g [%.4g, %.4g]", p.tpr(), p.tprLower(), p.tprUpper());
    }

    /** Returns "FP/n [lo, hi]" of the best threshold's false-positive rate. */
    public String fpr() {
        EpsilonAudit.Point p = result.best();
        return String.format(Locale.ROOT, "%.4g [%.4g, %.4g]", p.fpr(), p.fprLower(), p.fprUpper());
    }
}
