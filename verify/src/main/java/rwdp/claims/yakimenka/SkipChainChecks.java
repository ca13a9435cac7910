package rwdp.claims.yakimenka;

import org.apache.commons.math3.stat.inference.ChiSquareTest;
import rwdp.algo.SkippingScheme;
import rwdp.bounds.skipping.SkipLatency;
import rwdp.bounds.skipping.SkipRingChain;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.latency.LatencyModel;
import rwdp.latency.LatencyModels;
import rwdp.markov.TransitionMatrix;
import rwdp.model.LogisticLoss;
import rwdp.model.UnitNormClassification;
import rwdp.plot.Charts;

/** Checks of the Skip-Ring chain of Yakimenka et al.: the matrix Q of eq. (3), its SLEM, Algorithm 1's updating nodes, and Lemma 3's mixing bound. */
final class SkipChainChecks {
    private SkipChainChecks() {}

    /** Q is stochastic and doubly stochastic, its SLEM equals the printed |λ_1|, and Algorithm 1's updating nodes follow Q. */
    static Outcome eq3(CheckContext ctx) {
        Evidence ev = new Evidence();
        int[] ns = ctx.profile().pick(new int[] {2, 3, 4, 5, 6, 8, 10, 13, 16, 25, 40},
                java.util.stream.IntStream.rangeClosed(2, 200).toArray());
        double[] ps = ctx.profile().pick(new double[] {0.001, 0.05, 0.2, 0.5, 0.7, 0.9, 0.99},
                new double[] {0.0001, 0.001, 0.01, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.9, 0.99});
        double worstRow = 0;
        double worstCol = 0;
        double worstLam = 0;
        String worstCase = "";
        Table t = ev.table("largest gaps per n (over the p grid)", "n", "max |row sum − 1|", "max |col sum − 1|",
                "max |SLEM − |λ_1||");
        for (int n : ns) {
            double r = 0;
            double c = 0;
            double l = 0;
            for (double p : ps) {
                TransitionMatrix q = SkipRingChain.matrix(n, p);
                r = Math.max(r, q.rowSumDefect());
                c = Math.max(c, q.columnSumDefect());
                double gap = Math.abs(q.spectrum().slem() - SkipRingChain.lambda1Printed(n, p));
                if (gap > l) {
                    l = gap;
                    if (gap > worstLam) {
                        worstCase = "n=" + n + ", p=" + p;
                    }
                }
            }
            worstRow = Math.max(worstRow, r);
            worstCol = Math.max(worstCol, c);
            worstLam = Math.max(worstLam, l);
            if (n <= 16 || n % 20 == 0 || n == ns[ns.length - 1]) {
                t.row(n, r, c, l);
            }
        }
        // Algorithm 1 itself: which node makes the next update after node i, against row i of Q.
        int n = 6;
        double p = 0.5;
        int hops = ctx.profile().pick(120_000, 1_200_000);
        UnitNormClassification data = UnitNormClassification.synthetic(n, 40, 3, ctx.seed("data"));
        LogisticLoss loss = data.loss();
        LatencyModel exp = LatencyModels.paperExponential();
        SkippingScheme alg = new SkippingScheme(loss, exp, new SkippingScheme.Params(SkippingScheme.Path.RING, hops,
                SkipLatency.timeoutFor(exp, p), 0.01, 0.5, 0, 1));
        long[][] counts = new long[n][n];
        long[] state = {0, -1};
        alg.run(rwdp.random.Rngs.root(ctx.seed("walk")), 1, (h, ell, updates, tau) -> {
            if (updates > state[0]) {
                int node = (int) ((h - 1) % n);
                if (state[1] >= 0) {
                    counts[(int) state[1]][node]++;
                }
                state[1] = node;
                state[0] = updates;
            }
        });
        TransitionMatrix q = SkipRingChain.matrix(n, p);
        ChiSquareTest chi = new ChiSquareTest();
        double minP = 1;
        for (int i = 0; i < n; i++) {
            minP = Math.min(minP, chi.chiSquareTest(q.toDenseArray()[i], counts[i]));
        }
        // Each row's test accepts a true Q: the family runs at the run error (at 0.999 a true chain was refused once in a
        // thousand runs).
        double level = 1 - ev.family(n, 1 - rwdp.claims.Multiplicity.RUN_ERROR);
        ev.put("chains", ns.length * ps.length).put("worst_row_defect", worstRow).put("worst_column_defect", worstCol)
                .put("worst_slem_gap", worstLam).put("worst_slem_case", worstCase)
                .put("algorithm_hops", hops).put("algorithm_min_row_p_value", minP).put("per_row_level", level);
        ev.note("SLEM = second-largest eigenvalue modulus of Q from EJML's general eigen-solver (Q is circulant, not symmetric).");
        ev.note("Last check: Algorithm 1 on Skip-Ring (n = 6, p = 1/2, exponential latency with t_skip = ln 2): "
                + "transitions between consecutive updating nodes against the rows of Q (chi-square per row).");
        ev.power(Power.strong("an exact identity (to 1e-9) between computed eigenvalues and the printed |λ_1| on "
                + ns.length * ps.length + " chains, and a chi-square test per row of Q on " + hops + " hops of Algorithm 1"));
        return Outcome.of(worstRow <= 1e-12 && worstCol <= 1e-12 && worstLam <= 1e-9 && minP >= level, ev);
    }

    /** Lemma 3: ||π^(h) − u||_1 ≤ √n|λ_1|^h for every h, from the worst point mass and from the law of V^(1). */
    static Outcome lemma3(CheckContext ctx) {
        Evidence ev = new Evidence();
        int[] ns = ctx.profile().pick(new int[] {2, 3, 5, 10, 20, 50}, new int[] {2, 3, 4, 5, 7, 10, 16, 20, 32, 50, 100, 200});
        double[] ps = {0.01, 0.1, 0.3, 0.5, 0.7, 0.9};
        int hMax = ctx.profile().pick(300, 2000);
        double worst = 0;
        String worstCase = "";
        long cases = 0;
        long belowFloor = 0;
        Table t = ev.table("worst ratio exact/bound per chain (h = 0.." + hMax + ")", "n", "p", "|λ_1|", "max exact/bound");
        double[] figExact = null;
        double[] figBound = null;
        for (int n : ns) {
            for (double p : ps) {
                TransitionMatrix q = SkipRingChain.matrix(n, p);
                double[] mass = new double[n];
                mass[n - 1] = 1;
                // π^(1) = e_{v_n} Q is the law of the first updating node after a start at v_1; a
                // random law is the second start.
                double[] random = new double[n];
                java.util.SplittableRandom g = rwdp.random.Rngs.stream(ctx.seed("init"), cases);
                double sum = 0;
                for (int i = 0; i < n; i++) {
                    random[i] = g.nextDouble();
                    sum += random[i];
                }
                for (int i = 0; i < n; i++) {
                    random[i] /= sum;
                }
                double[][] inits = {mass, random};
                double local = 0;
                for (double[] init : inits) {
                    double[] ex = SkipRingChain.exactDistances(q, init, hMax);
                    for (int h = 0; h <= hMax; h++) {
                        double b = SkipRingChain.lemma3Bound(n, p, h);
                        cases++;
                        // h steps of an n-state product leave a rounding floor of order n·h·2^-52 in
                        // the computed distance; a bound below it cannot be compared with it.
                        if (b < 64.0 * n * (h + 1) * Math.ulp(1.0)) {
                            belowFloor++;
                            continue;
                        }
                        double ratio = ex[h] <= 1e-300 ? 0 : ex[h] / b;
                        local = Math.max(local, ratio);
                    }
                    if (n == 10 && p == 0.1 && init == mass) {
                        figExact = ex;
                        figBound = new double[hMax + 1];
                        for (int h = 0; h <= hMax; h++) {
                            figBound[h] = SkipRingChain.lemma3Bound(n, p, h);
                        }
                    }
                }
                if (local > worst) {
                    worst = local;
                    worstCase = "n=" + n + ", p=" + p;
                }
                t.row(n, p, SkipRingChain.lambda1(n, p), local);
            }
        }
        if (figExact != null) {
            int m = Math.min(120, hMax);
            double[] x = new double[m];
            double[] y1 = new double[m];
            double[] y2 = new double[m];
            for (int h = 1; h <= m; h++) {
                x[h - 1] = h;
                y1[h - 1] = figExact[h];
                y2[h - 1] = figBound[h];
            }
            Charts.xy("Lemma 3 on Skip-Ring, n = 10, p = 0.1", "update index h", "||π^(h) − π^(∞)||_1").logY()
                    .add(Charts.Series.line("exact (π^(0) Q^h)", x, y1))
                    .add(Charts.Series.dashed("bound √n |λ_1|^h", x, y2))
                    .save(ctx.figure("n10"));
            ev.figure(ctx.figureFile("n10"), "Exact distance to uniform of the updating node's law against Lemma 3's bound (log y).");
        }
        ev.put("cases", cases - belowFloor).put("cases_below_rounding_floor", belowFloor)
                .put("worst_ratio_exact_over_bound", worst).put("worst_case", worstCase);
        ev.note("Steps where the bound is below the rounding floor 64·n·(h+1)·2^-52 of the computed distance are not compared (counted in cases_below_rounding_floor). The point mass at v_n gives π^(1) = e_{v_n} Q, the law of the first updating node, and is the worst case for the 2-norm step of the proof.");
        ev.slack(1 / worst);
        ev.power(Power.ofSlack(1 / worst, "exact distances (iteration of Q) against the bound at every step; the point mass "
                + "at h = 0..1 comes within a factor 1/slack of it"));
        return Outcome.of(worst <= 1 + 1e-9, ev);
    }
}
