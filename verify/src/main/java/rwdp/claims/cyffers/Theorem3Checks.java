package rwdp.claims.cyffers;

import java.util.ArrayList;
import java.util.List;
import rwdp.spectral.MatrixFunctions;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.spectral.SpectralFunction;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** Checks of Theorem 3's closed form against the exact finite-T series (Cyffers et al., Thm. 3, eq. (15)-(16)). */
final class Theorem3Checks {
    private Theorem3Checks() {}

    // ---- claim 2: Theorem 3 / eq. (16) against the exact series ----

    /** One comparison of Theorem 3 with the exact composed series. */
    record Thm3Case(String spec, int n, long T, double exact, double closed, double corrected, double tail, int u, int v,
                    double worstCorrDiff, double scale) {}

    static List<Thm3Case> thm3Cases(CheckContext ctx, Evidence ev, boolean corrected) {
        List<Thm3Case> worst = new ArrayList<>();
        Table t = ev.table(corrected ? "exact series vs N_u α/σ² (H_T/n + L_uv) (tail bound = N_u α/σ² s^(T+1)/((T+1)(1−s)))"
                        : "exact series vs Theorem 3's closed form (ln T)",
                "graph", "n", "T", "max |exact − corrected|", "tail bound", "max (exact − closed)", "pair");
        PndpParams base = new PndpParams(2, 2, 1);
        for (GraphSpec tpl : PndpClaims.families(ctx.quick())) {
            PndpGraphs.Case c = PndpGraphs.connected(tpl, ctx.seed("graph") & 0xffff);
            double[][] l = MatrixFunctions.eigen(c.w(), SpectralFunction.logResolvent());
            double slem = c.w().spectrum().slem();
            int n = c.graph().n();
            for (long T : new long[] {5, 50, 2000}) {
                PndpParams p = new PndpParams(base.alpha(), base.sigma(), T);
                double[][] s = PndpAccountant.exactSeries(c.w(), T);
                double nu = p.contributions(n);
                double k = nu * p.rate();
                double hT = PndpParams.harmonic(T);
                double tail = k * PndpClaims.tailBound(slem, T);
                double worstCorr = 0;
                double worstGap = Double.NEGATIVE_INFINITY;
                int wu = -1;
                int wv = -1;
                Thm3Case wc = null;
                for (int u = 0; u < n; u++) {
                    for (int v = 0; v < n; v++) {
                        if (u == v) {
                            continue;
                        }
                        double exact = k * s[u][v];
                        double closed = p.constant(n) + p.rate() * T * l[u][v] / n;
                        double corr = k * (hT / n + l[u][v]);
                        worstCorr = Math.max(worstCorr, Math.abs(exact - corr));
                        double gap = exact - closed;
                        if (gap > worstGap) {
                            worstGap = gap;
                            wu = u;
                            wv = v;
                            wc = new Thm3Case(c.spec(), n, T, exact, closed, corr, tail, u, v, 0, 0);
                        }
                    }
                }
                t.row(c.spec(), n, T, worstCorr, tail, worstGap, wu + "→" + wv);
                double scale = k * (hT / n + PndpClaims.maxAbs(l));
                worst.add(new Thm3Case(wc.spec(), wc.n(), wc.T(), wc.exact(), wc.closed(), wc.corrected(), wc.tail(), wc.u(),
                        wc.v(), worstCorr, scale));
                if (corrected && worstCorr > tail + 1e-11 * scale) {
                    ev.put("failed_case", c.spec() + " T=" + T).put("max_abs_difference", worstCorr).put("tail_bound", tail);
                    worst.add(null);
                }
            }
        }
        return worst;
    }

    static Outcome eq16(CheckContext ctx) {
        Evidence ev = new Evidence();
        // The smallest counterexample: the complete graph, where W^t = J/n for every t ≥ 1 and λ₂ = 0, so eq. (16)'s
        // remainder O(λ₂^T) is exactly 0 and eq. (15) is (α/σ²) H_T/n for one contribution.
        PndpParams p10 = new PndpParams(2, 2, 10);
        TransitionMatrix k3 = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphSpec.complete(3).build());
        double seriesK3 = p10.rate() * PndpAccountant.exactSeries(k3, 10)[0][1];
        java.math.BigInteger num = java.math.BigInteger.ZERO;
        java.math.BigInteger den = java.math.BigInteger.ONE;
        for (int t = 1; t <= 10; t++) {
            // num/den + 1/t, exactly
            num = num.multiply(java.math.BigInteger.valueOf(t)).add(den);
            den = den.multiply(java.math.BigInteger.valueOf(t));
        }
        java.math.BigInteger g = num.gcd(den);
        num = num.divide(g);
        den = den.divide(g);
        double rational = p10.rate() * new java.math.BigDecimal(num).divide(new java.math.BigDecimal(den),
                java.math.MathContext.DECIMAL64).doubleValue() / 3;
        double closedK3 = p10.rate() * Math.log(10) / 3;
        ev.put("smallest_counterexample", "complete:3 (W = J/3, λ₂ = 0), one contribution, alpha=2, sigma=2, T=10, pair 0→1")
                .put("eq15_series_sparse_products", seriesK3)
                .put("eq15_exact_rational_H10", num + "/" + den + " → " + rational)
                .put("eq16_closed_form", closedK3)
                .put("eq16_remainder_O_lambda2_T", 0.0);
        boolean k3Broken = seriesK3 > closedK3 * (1 + 1e-9) && Math.abs(seriesK3 - rational) <= 1e-12 * rational;

        List<Thm3Case> cases = thm3Cases(ctx, ev, false);
        Thm3Case smallest = null;
        int broken = 0;
        double slack = closedK3 / seriesK3;
        String slackAt = "complete:3, T = 10, pair 0→1";
        int negative = 0;
        for (Thm3Case c : cases) {
            if (c.closed() + c.tail() > 0) {
                double r = (c.closed() + c.tail()) / c.exact();
                if (r < slack) {
                    slack = r;
                    slackAt = c.spec() + ", metropolis, T = " + c.T() + ", pair " + c.u() + "→" + c.v();
                }
            } else {
                negative++;
            }
            if (c.exact() > c.closed() + c.tail() * (1 + 1e-9) + 1e-12) {
                broken++;
                if (smallest == null || c.n() < smallest.n() || (c.n() == smallest.n() && c.T() < smallest.T())) {
                    smallest = c;
                }
            }
        }
        ev.put("cases", cases.size()).put("cases_exceeding_closed_form_plus_tail", broken)
                .put("cases_where_closed_form_plus_tail_is_negative", negative);
        if (smallest != null) {
            ev.put("smallest_counterexample_other_families", smallest.spec() + ", metropolis, alpha=2, sigma=2, T=" + smallest.T()
                            + ", N_u = T/n, pair " + smallest.u() + "→" + smallest.v())
                    .put("exact_series", smallest.exact())
                    .put("closed_form", smallest.closed())
                    .put("closed_form_plus_tail_bound", smallest.closed() + smallest.tail())
                    .put("gap_over_euler_term", (smallest.exact() - smallest.closed())
                            / (PndpParams.EULER_GAMMA * 2.0 / 4 * smallest.T() / ((double) smallest.n() * smallest.n())));
        }
        // The gap per contribution tends to αγ/(σ²n), a constant: no C λ₂^T can cover it.
        Table a = ev.table("complete:3, one contribution: gap eq. (15) − eq. (16) against (α/σ²)γ/n (λ₂ = 0)", "T", "gap",
                "(α/σ²)γ/n", "gap / ((α/σ²)γ/n)");
        for (long T : new long[] {1, 10, 100, 10_000, 1_000_000}) {
            PndpParams p = new PndpParams(2, 2, T);
            double gap = p.rate() * (PndpParams.harmonic(T) - Math.log(T)) / 3;
            double lim = p.rate() * PndpParams.EULER_GAMMA / 3;
            a.row(T, gap, lim, gap / lim);
        }
        ev.note("Eq. (15) composed N_u times is N_u α/σ² Σ_{t≤T} (W^t)_uv/t = N_u α/σ² (H_T/n + L_uv − tail): the J/n part sums "
                + "to H_T/n, not ln T/n, and H_T − ln T → γ ≈ 0.5772 is a constant, not O(λ₂^T). Theorem 3 (stated inside O(·)) is "
                + "unaffected; the explicit closed form that the authors' code and rwdp's `bound pndp --method closed` evaluate "
                + "understates eq. (15) by N_u αγ/(σ² n) for every pair.");
        ev.note("Second computation of the counterexample: H_10 = 7381/2520 in exact rational arithmetic, against Σ_t (W^t)_01/t "
                + "by sparse products.");
        if (slack < 1) {
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, String.format(java.util.Locale.ROOT,
                    "eq. (16) with its remainder bound is up to %.1f%% below eq. (15) composed N_u times (%s; α = 2, σ = 2); "
                            + "%.1f%% below at the smallest counterexample (complete:3, T = 10: %.5g against %.5g)",
                    100 * (1 - slack), slackAt, 100 * (1 - closedK3 / seriesK3), closedK3, seriesK3));
        }
        ev.slack(slack);
        ev.power(Power.strong("exact deterministic computation; the smallest counterexample has no tail at all (λ₂ = 0) and is "
                + "checked by exact rational arithmetic"));
        return Outcome.of(!k3Broken && smallest == null, ev);
    }

    static Outcome thm3Harmonic(CheckContext ctx) {
        Evidence ev = new Evidence();
        List<Thm3Case> cases = thm3Cases(ctx, ev, true);
        boolean ok = !cases.contains(null);
        double slack = Double.POSITIVE_INFINITY;
        int measured = 0;
        for (Thm3Case c : cases) {
            // Only cases whose difference is above rounding say anything about the tail bound.
            if (c != null && c.worstCorrDiff() > 1e-9 * c.scale()) {
                slack = Math.min(slack, c.tail() / c.worstCorrDiff());
                measured++;
            }
        }
        ev.put("cases", cases.size()).put("cases_with_difference_above_rounding", measured);
        ev.note("Ground truth: Σ_{t≤T} e_u W^t / t by sparse products (no eigenvalues); L(W) by EJML's symmetric eigensolver.");
        ev.note("Slack = tail bound / max |exact − corrected| over the cases where the difference exceeds 1e-9 of the loss "
                + "(at T = 2000 the difference is rounding); the bound s^(T+1)/((T+1)(1 − s)) uses Σ_i |φ_i(u)φ_i(v)| ≤ 1 and the "
                + "geometric sum, both loose by the spread of the spectrum.");
        if (measured > 0) {
            ev.slack(slack);
            ev.power(Power.ofSlack(slack, "tail bound against the measured remainder at T = 5 and 50; the remainder is a sum "
                    + "of eigen-modes of both signs, so the bound cannot be tight on every graph"));
        } else {
            ev.power(Power.weak("every difference is at rounding level; the check only shows the corrected form is exact"));
        }
        return Outcome.of(ok, ev);
    }
}
