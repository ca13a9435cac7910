package rwdp.claims.cyffers;

import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpClosedForms;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.markov.TransitionMatrix;

/** Checks of Theorem 4, the star's bound (Cyffers et al., Thm. 4, App. E.2). */
final class StarTheoremChecks {
    private StarTheoremChecks() {}

    // ---- claim 5: Theorem 4 (star) ----

    /** Eq. (15) on the doubly stochastic star with ln T in place of H_T (granting eq. (16)'s replacement). */
    static double starGranted(int n, int u, int v, double kappa, PndpParams p) {
        return PndpClosedForms.starExactSeries(n, u, v, kappa, p)
                - p.rate() * (PndpParams.harmonic(p.T()) - Math.log(p.T())) / n;
    }

    static boolean starFails(int n, int u, int v, boolean coupled, double kappa, long T) {
        double k = coupled ? 1.0 / ((double) T * T) : kappa;
        PndpParams p = new PndpParams(2, 2, T);
        return PndpClosedForms.starAsPrinted(n, u, v, k, p) < starGranted(n, u, v, k, p) * (1 - 1e-9);
    }

    static Outcome thm4(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("smallest T at which Theorem 4 falls below eq. (15) even with ln T for H_T (α = 2, σ = 2; "
                        + "doubly stochastic star; κ = 1/T² is App. E.2's choice)",
                "n", "κ", "pair", "T₀", "Theorem 4", "eq. (15) with ln T (closed form)", "same, sparse products", "printed / granted");
        long cap = 1L << 40;
        int settings = 0;
        int failing = 0;
        double slack = Double.POSITIVE_INFINITY;
        String smallest = null;
        double[] smallestVals = null;
        for (int n : ctx.quick() ? new int[] {3, 4, 5, 8, 16, 32, 64} : new int[] {3, 4, 5, 6, 8, 12, 16, 24, 32, 48, 64}) {
            for (String kname : new String[] {"1/T²", "0.01", "1/3"}) {
                boolean coupled = kname.equals("1/T²");
                double kappa = kname.equals("0.01") ? 0.01 : 1.0 / 3;
                for (int[] uv : new int[][] {{1, 2}, {2, 3}}) {
                    settings++;
                    // Doubling then bisection: the granted loss grows with T while Theorem 4 does not depend on it.
                    // κ = 1/T² needs T ≥ 2 (κ < 1).
                    long hi = coupled ? 2 : 1;
                    while (hi < cap && !starFails(n, uv[0], uv[1], coupled, kappa, hi)) {
                        hi *= 2;
                    }
                    if (hi >= cap) {
                        t.row(n, kname, uv[0] + "→" + uv[1], "none ≤ 2^40", "", "", "", "");
                        continue;
                    }
                    long lo = coupled ? Math.max(1, hi / 2) : hi / 2;
                    while (hi - lo > 1) {
                        long mid = (lo + hi) >>> 1;
                        if (starFails(n, uv[0], uv[1], coupled, kappa, mid)) {
                            hi = mid;
                        } else {
                            lo = mid;
                        }
                    }
                    long t0 = hi;
                    failing++;
                    double k = coupled ? 1.0 / ((double) t0 * t0) : kappa;
                    PndpParams p = new PndpParams(2, 2, t0);
                    double printed = PndpClosedForms.starAsPrinted(n, uv[0], uv[1], k, p);
                    double granted = starGranted(n, uv[0], uv[1], k, p);
                    double sparse = Double.NaN;
                    if (t0 <= 1_000_000) {
                        double[][] s = PndpAccountant.exactSeries(PndpClosedForms.starMatrix(n, k), t0);
                        sparse = p.rate() * (s[uv[0] - 1][uv[1] - 1]
                                - (PndpParams.harmonic(t0) - Math.log(t0)) / n);
                    }
                    t.row(n, kname, uv[0] + "→" + uv[1], t0, printed, granted, sparse, printed / granted);
                    slack = Math.min(slack, printed / granted);
                    if (smallest == null) {
                        smallest = "n=" + n + ", κ=" + kname + " (= " + k + "), T=" + t0 + ", u=" + uv[0] + ", v=" + uv[1] + " (1-based)";
                        smallestVals = new double[] {printed, granted, sparse, PndpClosedForms.starExactSeries(n, uv[0], uv[1], k, p)};
                    }
                }
            }
        }
        // How far below at a moderate horizon: Theorem 4 is T-free, the loss grows like α ln T/(σ² n).
        Table g = ev.table("Theorem 4 against eq. (15) at T = 100n, κ = 0.01", "n", "pair", "Theorem 4", "eq. (15)", "ratio");
        double worstModerate = Double.POSITIVE_INFINITY;
        String worstModerateAt = null;
        for (int n : new int[] {3, 8, 64}) {
            PndpParams p = new PndpParams(2, 2, 100L * n);
            for (int[] uv : new int[][] {{1, 2}, {2, 3}}) {
                double pr = PndpClosedForms.starAsPrinted(n, uv[0], uv[1], 0.01, p);
                double ex = PndpClosedForms.starExactSeries(n, uv[0], uv[1], 0.01, p);
                g.row(n, uv[0] + "→" + uv[1], pr, ex, pr / ex);
                slack = Math.min(slack, pr / ex);
                if (pr / ex < worstModerate) {
                    worstModerate = pr / ex;
                    worstModerateAt = "n = " + n + ", T = " + p.T() + ", " + (uv[0] == 1 ? "centre → leaf" : "leaf → leaf");
                }
            }
        }
        ev.put("settings", settings).put("settings_failing_at_some_T", failing);
        if (smallest != null) {
            ev.put("smallest_counterexample", smallest).put("as_printed", smallestVals[0])
                    .put("eq15_with_lnT_closed_form", smallestVals[1]).put("eq15_with_lnT_sparse_products", smallestVals[2])
                    .put("eq15_exact", smallestVals[3]);
        }
        ev.note("Eq. (15) is the single-contribution bound App. E.2 evaluates; subtracting α(H_T − ln T)/(σ²n) grants eq. (16)'s "
                + "ln T, so the failure does not rest on cyffers.eq16. Closed form through the star's three eigenvalues "
                + "(cyffers.thm4-exact); second computation by sparse products of the doubly stochastic W.");
        ev.note("Theorem 4 is not read as a bound on the pair-dependent term (α/σ²)L(W)_uv alone: it bounds the loss of a "
                + "single contribution, and App. E.2 sums the whole series Σ_p W^p/p.");
        if (failing > 0 && worstModerateAt != null) {
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, String.format(java.util.Locale.ROOT,
                    "at T = 100n (κ = 0.01, α = 2, σ = 2) Theorem 4 is as low as %.1f%% of eq. (15) (%.1f%% below; %s); it falls below the "
                            + "loss in %d of %d settings swept, and the shortfall grows like α ln T/(σ² n)",
                    100 * worstModerate, 100 * (1 - worstModerate), worstModerateAt, failing, settings));
        }
        ev.slack(slack);
        ev.power(Power.strong("exact computations; for every n and κ swept there is a horizon beyond which Theorem 4 is below "
                + "the loss it bounds, and the gap grows without limit with T"));
        return Outcome.of(failing < settings, ev);
    }

    static Outcome thm4Exact(CheckContext ctx) {
        Evidence ev = new Evidence();
        double worst = 0;
        int cases = 0;
        for (int n = 3; n <= 64; n += ctx.quick() ? 7 : 1) {
            for (double kappa : new double[] {0.01, 1.0 / 3}) {
                TransitionMatrix w = PndpClosedForms.starMatrix(n, kappa);
                long T = 4L * n;
                double[][] s = PndpAccountant.exactSeries(w, T);
                PndpParams p = new PndpParams(2, 2, T);
                for (int u = 0; u < n; u++) {
                    for (int v = 0; v < n; v++) {
                        if (u == v) {
                            continue;
                        }
                        cases++;
                        double truth = p.rate() * s[u][v];
                        double formula = PndpClosedForms.starExactSeries(n, u + 1, v + 1, kappa, p);
                        worst = Math.max(worst, Math.abs(formula - truth) / truth);
                    }
                }
            }
        }
        ev.put("pairs", cases).put("worst_relative_difference", worst).put("tolerance", 1e-10);
        ev.note("Ground truth: Σ_{t≤T} e_u W^t/t by sparse products on the doubly stochastic star (T = 4n).");
        ev.power(Power.strong("equality to 1e-10 with an independent computation (sparse matrix powers) for every pair"));
        return Outcome.of(worst <= 1e-10, ev);
    }
}
