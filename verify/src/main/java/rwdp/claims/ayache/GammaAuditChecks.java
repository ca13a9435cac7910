package rwdp.claims.ayache;

import java.util.Locale;
import rwdp.bounds.privacy.GammaMechanismPrivacy;
import rwdp.bounds.privacy.GammaMechanismPrivacy.Params;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Table;
import rwdp.claims.audit.AuditCases;
import rwdp.claims.audit.AuditRun;
import rwdp.claims.audit.Rungs;
import rwdp.mechanism.GammaMechanism;

/**
 * The empirical audit of Lemma 3 (Ayache et al., §IV): core's Gamma mechanism, as Alg. 3 releases
 * it, run on the neighbouring inputs L = sup L (D) and L = inf L (D'), attacked by the
 * likelihood-ratio test (ln R ≥ τ; the privacy loss is monotone in R, so this test is optimal).
 */
final class GammaAuditChecks {
    private GammaAuditChecks() {}

    /**
     * The audited operating points: inf L, sup L, ε₀, δ₀; θ is the smallest θ with Lemma 3's
     * δ(ε₀) ≤ δ₀ (Fig. 1(b)'s calibration; δ₀ = 0.06, 0.08 as there with L ∈ [1, 2] as in ayache.fig1, and two narrower ranges at smaller δ₀; ε₀ = 1 with δ₀ = 0.1 on [1, 2] is below Lemma 3’s floor).
     */
    static final double[][] CASES = {{1, 2, 2, 0.08}, {1, 2, 3, 0.06}, {1, 1.5, 2, 0.02}, {1, 1.2, 1, 0.01}};

    /** Family-wise error of the whole claim: a lower bound above the truth somewhere has probability ≤ this. */
    static final double BETA = 1e-4;

    /** Returns the exact δ(ε) of the extreme pair in its worse order (the worst pair: ayache.gamma-extreme-pair). */
    static double exactDelta(double eps, double theta, double lMin, double lMax) {
        return Math.max(GammaMechanismPrivacy.pairDelta(eps, theta, lMax, lMin),
                GammaMechanismPrivacy.pairDelta(eps, theta, lMin, lMax));
    }

    /** Returns the smallest ε with exact δ(ε) ≤ δ, by bisection (δ(ε) decreases in ε). */
    static double exactEpsilon(double delta, double theta, double lMin, double lMax) {
        if (exactDelta(0, theta, lMin, lMax) <= delta) {
            return 0;
        }
        double lo = 0;
        double hi = 1;
        while (exactDelta(hi, theta, lMin, lMax) > delta) {
            lo = hi;
            hi *= 2;
        }
        for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
            double mid = 0.5 * (lo + hi);
            if (exactDelta(mid, theta, lMin, lMax) > delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    /** Lemma 3's δ and ε₀ against the audit's lower bounds and the exact values, per case. */
    static Outcome audit(CheckContext ctx) {
        return audit(ctx, 1);
    }

    /** As {@link #audit(CheckContext)}, with the mechanism run at θ·{@code thetaFactor} (below 1: leakier than the θ Lemma 3 was given). */
    static Outcome audit(CheckContext ctx, double thetaFactor) {
        Evidence ev = new Evidence();
        AuditCases cases = new AuditCases(ctx, 100_000, 1_000_000, 400_000, 8_000_000, BETA, CASES.length);
        Rungs rungs = Rungs.of(ev, "Gamma mechanism, (ε₀, δ₀)-LDP of Lemma 3 (ε at δ* = Lemma 3's δ(ε₀))", "case",
                "exact ε(δ*)", "tightest valid: exact ε(δ*)");
        Table t = ev.table("Gamma mechanism audit (D: L = sup L, D': L = inf L; attack ln R ≥ τ)", "inf L", "sup L", "θ",
                "ε₀", "TPR [CP]", "FPR [CP]", "δ_lb(ε₀)", "δ exact(ε₀)", "δ Lemma 3(ε₀)", "δ_lb/exact", "exact/Lemma 3",
                "δ*", "ε_lb(δ*)", "ε exact(δ*)", "ε_lb/exact", "exact/ε₀");
        double worstDeltaLbOverExact = Double.POSITIVE_INFINITY;
        for (double[] c : CASES) {
            double lMin = c[0];
            double lMax = c[1];
            double eps0 = c[2];
            double theta = GammaMechanismPrivacy.thetaForLemma3(eps0, c[3], lMin, lMax).theta();
            GammaMechanism mech = GammaMechanism.of(theta * thetaFactor);
            double dLemma = GammaMechanismPrivacy.lemma3Delta(new Params(eps0, theta, lMin, lMax));
            double dExact = exactDelta(eps0, theta, lMin, lMax);
            double dStar = dLemma;
            double eExact = exactEpsilon(dStar, theta, lMin, lMax);
            String label = String.format(Locale.ROOT, "gamma-%g-%g-%g-%g", lMin, lMax, theta, eps0);
            AuditRun run = cases.run(label, (i, rng) -> Math.log(mech.release(lMax, rng)),
                    (i, rng) -> Math.log(mech.release(lMin, rng)), dStar, eps0);
            double dLb = run.result().deltaLower();
            double eLb = run.result().epsilonLower();
            cases.above(dLb > dLemma || eLb > eps0, dLb > dExact || eLb > eExact);
            cases.ratio(eExact > 0 ? eLb / eExact : 1);
            worstDeltaLbOverExact = Math.min(worstDeltaLbOverExact, dLb / dExact);
            cases.bound(dLemma, dLb);
            cases.bound(eps0, eLb);
            rungs.row(String.format(Locale.ROOT, "L in [%s, %s], ε₀ = %s, δ* = %.3g", lMin, lMax, eps0, dStar), rungs.size() + 1,
                    eLb, eExact, eExact, eps0);
            t.row(lMin, lMax, theta, eps0, run.tpr(), run.fpr(), dLb, dExact, dLemma, dLb / dExact, dExact / dLemma, dStar,
                    eLb, eExact, eExact > 0 ? eLb / eExact : Double.NaN, eExact / eps0);
        }
        double worstLbOverExact = cases.lowestRatio();
        cases.put(ev, 2 * AuditRun.THRESHOLDS_PER_TARGET, "smallest_epsilon_lower_bound_over_exact")
                .put("smallest_delta_lower_bound_over_exact", worstDeltaLbOverExact)
                .put("smallest_bound_over_lower_bound", cases.slack())
                .note("Sampler: core's GammaMechanism.release (Marsaglia–Tsang in log space), the call Alg. 3 makes for every node. "
                        + "δ_lb(ε₀) = max over thresholds of TPR_lo − e^ε₀ FPR_hi (and the complementary order), ε_lb(δ*) = "
                        + "max of ln((TPR_lo − δ*)/FPR_hi) (and complement), at δ* = Lemma 3's δ(ε₀): so the chain reads "
                        + "δ_lb ≤ δ exact ≤ δ Lemma 3 at ε₀ and ε_lb ≤ ε exact ≤ ε₀ at δ*. "
                        + "Clopper–Pearson one-sided bounds, θ calibrated by Lemma 3 (GammaMechanismPrivacy.thetaForLemma3), so δ* = δ₀ up to the search's tolerance. Bonferroni over 4 cases × 6 thresholds × 2 rates at family error 1e-4; "
                        + "thresholds chosen on the separate selection trials. Exact: the extreme pair in its worse order "
                        + "(GammaMechanismPrivacy.pairDelta; the worst pair by ayache.gamma-extreme-pair).");
        cases.finish(ev, rungs, 0.5,
                String.format(Locale.ROOT, "the attack's ε_lb reaches at least %.0f%% of every exact ε(δ*), "
                        + "so an ε₀ below the truth by that much would be caught (δ_lb reaches %.0f%% of the smallest exact δ(ε₀)%s)",
                        100 * worstLbOverExact, 100 * worstDeltaLbOverExact,
                        ctx.quick() ? ": δ near 0.01 needs the full profile's trials" : ""),
                String.format(Locale.ROOT, "the attack's ε_lb reaches only %.0f%% of an exact ε", 100 * worstLbOverExact));
        return cases.outcome(ev, "A lower bound exceeds the exact value (but not Lemma 3): the exact rung or the sampler is wrong, not the paper.");
    }
}
