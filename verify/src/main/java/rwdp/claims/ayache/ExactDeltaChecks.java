package rwdp.claims.ayache;

import java.util.Arrays;
import org.apache.commons.math3.special.Gamma;
import rwdp.bounds.privacy.GammaMechanismPrivacy;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.random.GammaSampler;
import rwdp.random.MonteCarlo;
import rwdp.random.SummaryStats;

/** Checks of the closed-form δ and privacy-loss tail of the Gamma mechanism against quadrature and Monte Carlo (Ayache et al., §IV and Appendix D). */
final class ExactDeltaChecks {
    private ExactDeltaChecks() {}

    /** Closed-form pair δ and loss tail against adaptive quadrature of the densities (singularity at 0 removed). */
    static Outcome exactAgainstQuadrature(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("closed form vs quadrature", "L", "L'", "ε", "θ", "δ closed", "δ quadrature", "tail closed",
                "tail quadrature");
        double[][] pairs = {{2, 1}, {1, 2}, {1.5, 1}, {10, 20}, {20, 10}, {3, 1}};
        double[] thetas = {0.05, 0.5, 2, 10};
        double worst = 0;
        int cases = 0;
        for (double[] pr : pairs) {
            for (double th : thetas) {
                for (double e : new double[] {0.2, 1, 3}) {
                    double closed = GammaMechanismPrivacy.pairDelta(e, th, pr[0], pr[1]);
                    double tail = GammaMechanismPrivacy.lossTail(e, th, pr[0], pr[1]);
                    double[] q = quadrature(e, th, pr[0], pr[1]);
                    double err = Math.max(Math.abs(closed - q[0]), Math.abs(tail - q[1]));
                    worst = Math.max(worst, err);
                    cases++;
                    if (th == 0.5 || th == 10) {
                        t.row(pr[0], pr[1], e, th, closed, q[0], tail, q[1]);
                    }
                }
            }
        }
        ev.put("cases", cases).put("largest_absolute_difference", worst)
                .note("Quadrature in t = ln(z/θ): the density becomes e^{st − e^t}/Γ(s), bounded and smooth, which removes "
                        + "the z^{s−1} singularity at 0 of shapes below 1; 400 Legendre-Gauss pieces on a window covering the mass.");
        ev.power(Power.strong("two independent computations (closed form through the incomplete gamma function, quadrature of the densities) "
                + "must agree to 1e-7 on 72 cases"));
        return Outcome.of(worst <= 1e-7, ev);
    }

    /** Returns {∫max(0, p_L − e^ε p_L'), P_L[ℓ ≥ ε]} by Legendre-Gauss quadrature in t = ln u. */
    static double[] quadrature(double eps, double theta, double l, double lp) {
        double s = l / theta;
        double sp = lp / theta;
        double lgS = Gamma.logGamma(s);
        double lgSp = Gamma.logGamma(sp);
        double lo = Math.min(-50 / Math.min(s, sp), -60);
        double hi = Math.log(Math.max(s, sp) + 60 * Math.sqrt(Math.max(s, sp)) + 80);
        // The integrands have a kink at the log-threshold t*: integrate each side separately.
        double tStar = (eps + lgS - lgSp) / (s - sp);
        double cut = Math.max(lo, Math.min(hi, tStar));
        java.util.function.DoubleUnaryOperator hsF = tt -> Math.max(0,
                Math.exp(s * tt - Math.exp(tt) - lgS) - Math.exp(eps + sp * tt - Math.exp(tt) - lgSp));
        java.util.function.DoubleUnaryOperator tailF = tt -> ((s - sp) * tt - lgS + lgSp) >= eps
                ? Math.exp(s * tt - Math.exp(tt) - lgS) : 0;
        double hs = composite(hsF, lo, cut) + composite(hsF, cut, hi);
        double tail = composite(tailF, lo, cut) + composite(tailF, cut, hi);
        return new double[] {hs, tail};
    }

    private static final org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory GAUSS =
            new org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory();

    /** Returns ∫_a^b f by 200 pieces of 24-point Gauss-Legendre. */
    static double composite(java.util.function.DoubleUnaryOperator f, double a, double b) {
        if (!(b > a)) {
            return 0;
        }
        int pieces = 200;
        double sum = 0;
        for (int k = 0; k < pieces; k++) {
            double x0 = a + (b - a) * k / pieces;
            double x1 = a + (b - a) * (k + 1) / pieces;
            sum += GAUSS.legendre(24, x0, x1).integrate(f::applyAsDouble);
        }
        return sum;
    }

    /** Monte Carlo estimates of the loss tail and of the hockey-stick divergence against the closed forms. */
    static Outcome monteCarlo(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("Monte Carlo vs closed form (family-wise 1 − 1e-5 CIs over 12 intervals)", "L", "L'", "ε", "θ", "tail closed", "tail MC",
                "δ closed", "δ MC", "δ CI half-width");
        int n = ctx.profile().pick(200_000, 2_000_000);
        double[][] cases = {{2, 1, 1, 1}, {1, 2, 1, 1}, {1, 1.5, 0.5, 5}, {10, 20, 1, 10}, {1.5, 1, 0.3, 1e-3 * 100},
            {1, 2, 3, 1e4}};
        boolean ok = true;
        double worstZ = 0;
        // Every interval must cover a true value: at family-wise 99% a true closed form was refused once in a hundred runs;
        // at the run error (1e-5) the intervals are 1.5 times wider.
        double level = ev.family(2 * cases.length, 1 - rwdp.claims.Multiplicity.RUN_ERROR);
        double widest = 0;
        for (double[] c : cases) {
            double l = c[0];
            double lp = c[1];
            double e = c[2];
            double th = c[3];
            double s = l / th;
            double sp = lp / th;
            double lg = Gamma.logGamma(s) - Gamma.logGamma(sp);
            // δ = E_L[max(0, 1 − e^{ε − ℓ(Z)})]: an unbiased per-draw estimator of the hockey-stick divergence.
            double[][] draws = ctx.trials().runVectors(n, ctx.seed("mc" + Arrays.toString(c)), (i, rng) -> {
                double lnu = GammaSampler.sampleLog(s, rng);
                double loss = (s - sp) * lnu - lg;
                return loss >= e ? new double[] {1, -Math.expm1(e - loss)} : new double[] {0, 0};
            });
            double[] hs = new double[n];
            double[] ind = new double[n];
            for (int i = 0; i < n; i++) {
                ind[i] = draws[i][0];
                hs[i] = draws[i][1];
            }
            SummaryStats tail = SummaryStats.of(ind, level);
            SummaryStats del = SummaryStats.of(hs, level);
            double tailClosed = GammaMechanismPrivacy.lossTail(e, th, l, lp);
            double delClosed = GammaMechanismPrivacy.pairDelta(e, th, l, lp);
            boolean in = tailClosed >= tail.lower() - 1e-12 && tailClosed <= tail.upper() + 1e-12
                    && delClosed >= del.lower() - 1e-12 && delClosed <= del.upper() + 1e-12;
            ok &= in;
            worstZ = Math.max(worstZ, Math.abs(del.mean() - delClosed) / Math.max(del.halfWidth(), 1e-300));
            widest = Math.max(widest, del.halfWidth() / Math.max(delClosed, 1e-300));
            t.row(l, lp, e, th, tailClosed, tail.mean(), delClosed, del.mean(), del.halfWidth());
        }
        ev.put("draws_per_case", n).put("cases", cases.length).put("largest_delta_error_over_ci_half_width", worstZ)
                .put("largest_relative_ci_half_width_delta", widest)
                .note("Draws use rwdp's Marsaglia–Tsang sampler in log space (GammaSampler.sampleLog).");
        ev.power(widest < 0.1 ? Power.strong(String.format(java.util.Locale.ROOT,
                "the δ intervals are at most %.1f%% of δ wide (half-width), so a closed form off by 10%% would be rejected", 100 * widest))
                : Power.weak(String.format(java.util.Locale.ROOT, "a δ interval is %.0f%% of δ wide (half-width): only gross errors are detectable", 100 * widest)));
        return Outcome.of(ok, ev);
    }
}
