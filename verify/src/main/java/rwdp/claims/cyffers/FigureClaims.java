package rwdp.claims.cyffers;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import rwdp.graph.GraphSpec;
import rwdp.spectral.MatrixFunctions;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.spectral.SpectralFunction;
import rwdp.spectral.Solver;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.plot.Charts;
import rwdp.spectral.SpectralInterval;

/** Fig. 1 and the communicability figures of Cyffers et al. (§6.1, §7, App. C). */
final class FigureClaims {
    private FigureClaims() {}

    /** Fig. 1's four families at n nodes (q = 1.2 ln n/n and radius √(4.1 ln n/(πn)) ≈ 0.07 at n = 2048, as the authors' code). */
    static List<GraphSpec> fig1Families(int n, double c) {
        int side = (int) Math.round(Math.sqrt(n));
        double q = c * Math.log(n) / n;
        double r = Math.sqrt(4.1 * Math.log(n) / (Math.PI * n));
        // p and r to 6 decimals: the figure's legend names them so, and the graphs drawn are those named.
        return List.of(GraphSpec.exponential(n), GraphSpec.er(n, PndpGraphs.decimals(q, 6), 0), GraphSpec.grid(side, side),
                GraphSpec.geometric(n, PndpGraphs.decimals(r, 6), 0));
    }

    /** One setting of Fig. 1 the paper leaves open: the weights and the constant c of the ER graph. */
    record Fig1Setting(WeightScheme.Kind weights, double c, boolean erOnly) {
        String label() {
            return weights.name().toLowerCase(java.util.Locale.ROOT) + ", c = " + c;
        }
    }

    static Outcome fig1(CheckContext ctx) {
        Evidence ev = new Evidence();
        int n = ctx.profile().pick(256, 2048);
        double alpha = 2;
        double sigma = 2;
        Table t = ev.table("privacy loss vs shortest-path length (α = 2, σ = 2, T = 20⌈ln n/(1 − λ₂)⌉(0.25 + σ²)/σ² as the authors' code)",
                "weights, c", "graph", "n", "T", "LDP line", "distance", "pairs", "mean ε", "min ε", "max ε");
        Table summary = ev.table("mean loss between neighbours / local-DP loss, per setting", "weights, c", "graph",
                "mean ε(1) / LDP", "max ε(1) / LDP");
        Charts.Xy chart = Charts.xy("Fig. 1: RW DP-SGD pairwise privacy loss (n = " + n + ", metropolis, c = 1.2)",
                "shortest path length", "privacy loss / local-DP loss").logY();
        boolean beats = true;
        double worstRatio = 0;
        double meanRatio = 0;
        int xmax = 1;
        String worstFamily = "";
        int family = 0;
        List<Fig1Setting> settings = List.of(new Fig1Setting(WeightScheme.Kind.METROPOLIS, 1.2, false),
                new Fig1Setting(WeightScheme.Kind.HAMILTON, 1.2, false), new Fig1Setting(WeightScheme.Kind.METROPOLIS, 2, true));
        for (Fig1Setting st : settings) {
            boolean charted = st == settings.get(0);
            for (GraphSpec tpl : fig1Families(n, st.c())) {
                if (st.erOnly() && !(tpl instanceof GraphSpec.ErdosRenyi)) {
                    continue;
                }
                PndpGraphs.Case c0 = PndpGraphs.connected(tpl, ctx.seed("graph") & 0xffff);
                TransitionMatrix w = WeightScheme.of(st.weights()).build(c0.graph());
                PndpGraphs.Case c = new PndpGraphs.Case(c0.spec(), c0.graph(), w);
                int m = c.graph().n();
                SpectralInterval iv = MatrixFunctions.spectralInterval(c.w());
                long T = (long) (20 * Math.ceil(Math.log(m) / (1 - iv.ritzMax())) * (0.25 + sigma * sigma) / (sigma * sigma));
                PndpParams p = new PndpParams(alpha, sigma, T);
                double[][] eps = PndpAccountant.closedForm(
                        PndpAccountant.matrixFunction(c.w(), SpectralFunction.logResolvent(), Solver.AUTO), p);
                double ldp = p.localDp(m);
                int[][] dist = PndpGraphs.distances(c.graph());
                int dmax = 0;
                for (int[] row : dist) {
                    for (int d : row) {
                        dmax = Math.max(dmax, d);
                    }
                }
                double[] sum = new double[dmax + 1];
                double[] min = new double[dmax + 1];
                double[] max = new double[dmax + 1];
                long[] cnt = new long[dmax + 1];
                Arrays.fill(min, Double.POSITIVE_INFINITY);
                Arrays.fill(max, Double.NEGATIVE_INFINITY);
                for (int u = 0; u < m; u++) {
                    for (int v = 0; v < m; v++) {
                        if (u != v) {
                            int d = dist[u][v];
                            sum[d] += eps[u][v];
                            cnt[d]++;
                            min[d] = Math.min(min[d], eps[u][v]);
                            max[d] = Math.max(max[d], eps[u][v]);
                        }
                    }
                }
                List<double[]> pts = new ArrayList<>();
                for (int d = 1; d <= dmax; d++) {
                    pts.add(new double[] {d, sum[d] / cnt[d], min[d], max[d]});
                    if (charted) {
                        t.row(st.label(), c.spec(), m, T, ldp, d, cnt[d], sum[d] / cnt[d], min[d], max[d]);
                    }
                }
                if (charted) {
                    double[] xs = pts.stream().mapToDouble(a -> a[0]).toArray();
                    String name = c.spec().substring(0, c.spec().indexOf(':'));
                    java.awt.Color colour = Charts.PALETTE[family++ % Charts.PALETTE.length];
                    chart.add(new Charts.Series(name + " mean", xs, pts.stream().mapToDouble(a -> a[1] / ldp).toArray(), null,
                            Charts.Style.LINE_MARKERS).withColor(colour));
                    chart.add(Charts.Series.dashed(name + " max", xs, pts.stream().mapToDouble(a -> a[3] / ldp).toArray())
                            .withColor(colour));
                    xmax = Math.max(xmax, dmax);
                }
                double ratio = max[1] / ldp;
                if (ratio > worstRatio) {
                    worstRatio = ratio;
                    worstFamily = c.spec() + " (" + st.label() + ")";
                }
                double mr = sum[1] / cnt[1] / ldp;
                summary.row(st.label(), c.spec(), mr, ratio);
                meanRatio = Math.max(meanRatio, mr);
                beats &= mr < 1;
            }
        }
        chart.add(Charts.Series.line("local DP", new double[] {1, xmax}, new double[] {1, 1}).withColor(java.awt.Color.GRAY));
        chart.save(ctx.figure("fig1"));
        ev.figure(ctx.figureFile("fig1"), "Pairwise privacy loss (Thm. 3, metropolis weights) against shortest-path length, "
                + "divided by each graph's local-DP loss for the same T/n contributions: mean per distance (solid) and "
                + "max (dashed); below the horizontal line at 1 the random walk beats local DP. Min and mean per distance are in the table.");
        ev.put("n", n).put("worst_ratio_mean_neighbour_loss_over_ldp", meanRatio)
                .put("worst_ratio_max_neighbour_loss_over_ldp", worstRatio).put("family_of_worst_max", worstFamily);
        // Which accounting the LDP line uses (issue 21): eq. (15) charges one contribution observed directly (t = 1,
        // (W)_uv = 1) α/σ², the Gaussian mechanism's RDP is α/(2σ²); the line as drawn (and the authors' script: a line at 1
        // with α = 2, σ = 1) is the latter. Against eq. (15)'s own charge for a direct view the ratios halve.
        ev.put("worst_ratio_max_neighbour_loss_over_eq15_direct_view", worstRatio / 2)
                .put("worst_ratio_mean_neighbour_loss_over_eq15_direct_view", meanRatio / 2);
        if (worstRatio > 1) {
            ev.note(String.format(java.util.Locale.ROOT, "The mean over adjacent pairs (the plotted curve) is below the LDP line, but the "
                    + "worst adjacent pair of %s is %.2f× above it. That excess is the factor 2 between two accountings, and the factor "
                    + "is the paper's, not a random-walk effect: eq. (15) charges a contribution seen directly (t = 1, W_uv = 1) "
                    + "α/σ², twice the Gaussian mechanism's α/(2σ²) that the LDP line (ours and the authors' script's line at 1 with "
                    + "α = 2, σ = 1) uses. Against eq. (15)'s own charge for a direct view, N_u·α/σ², the worst adjacent pair is "
                    + "%.2f× and the mean %.2f×.", worstFamily, worstRatio, worstRatio / 2, meanRatio / 2));
        }
        ev.note("The LDP line is N_u·α/(2σ²) with N_u = T/n (the Gaussian mechanism's RDP; eq. (15) would charge the same direct view "
                + "N_u·α/σ², see the ratios '..._over_eq15_direct_view'): the Gaussian mechanism seen directly, same number of "
                + "contributions. The authors' script draws a fixed line at 1 and clips losses to it, and runs α = 2, σ = 1, "
                + "which violates Theorem 3's σ² ≥ 2α(α − 1) = 4; we use σ = 2 (the ratios to the LDP line do not depend on σ).");
        ev.note("§7 names the Hamilton weighting, the authors' code uses 1/(1 + max(d_u, d_v)) (metropolis), and c > 1 is not "
                + "fixed: both weightings and c ∈ {1.2, 2} are swept (the verdict does not change across them).");
        ev.slack(1 / meanRatio);
        ev.power(Power.ofSlack(1 / meanRatio, "LDP loss over the largest mean neighbour loss across the settings"));
        return Outcome.of(beats, ev);
    }

    /** Fig. 5's stochastic block model (App. C): blocks 75/75/50 and the printed probability matrix, first connected draw. */
    static PndpGraphs.Case fig5Sbm(long seed) {
        int[] sizes = {75, 75, 50};
        double[][] prob = {{0.25, 0.05, 0.02}, {0.05, 0.35, 0.07}, {0.02, 0.07, 0.40}};
        int n = 200;
        int[] block = new int[n];
        for (int b = 0, i = 0; b < 3; b++) {
            for (int k = 0; k < sizes[b]; k++) {
                block[i++] = b;
            }
        }
        java.util.SplittableRandom rng = rwdp.random.Rngs.stream(seed, 0);
        for (int attempt = 0; attempt < 100; attempt++) {
            java.util.List<int[]> edges = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (rng.nextDouble() < prob[block[i]][block[j]]) {
                        edges.add(new int[] {i, j});
                    }
                }
            }
            int[] us = edges.stream().mapToInt(e -> e[0]).toArray();
            int[] vs = edges.stream().mapToInt(e -> e[1]).toArray();
            rwdp.graph.Graph g = rwdp.graph.Graph.fromEdges(n, us, vs);
            if (g.isConnected()) {
                return new PndpGraphs.Case("sbm 75/75/50, Fig. 5 matrix (draw " + attempt + ")", g,
                        WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g));
            }
        }
        throw new IllegalStateException("no connected draw of Fig. 5's block model in 100 attempts");
    }

    static Outcome communicability(CheckContext ctx) {
        Evidence ev = new Evidence();
        PndpGraphs.Case c = fig5Sbm(ctx.seed("graph"));
        int n = c.graph().n();
        PndpParams p = new PndpParams(2, 2, 20L * n);
        double[][] eps = PndpAccountant.closedForm(
                MatrixFunctions.eigen(c.w(), SpectralFunction.logResolvent()), p);
        // Communicability G = exp(W), diagonal zeroed as in the authors' code.
        double[][] com = MatrixFunctions.eigen(c.w(), new SpectralFunction() {
            @Override
            public double apply(double x) {
                return Math.expm1(x);
            }

            @Override
            public String name() {
                return "exp(x) - 1";
            }
        });
        double e1 = Math.E / n;
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                // exp(W) = exp(W − J/n) + (e − 1) J/n, and f(B) above is exp(B) − I.
                com[u][v] = u == v ? 0 : com[u][v] + (e1 - 1.0 / n);
            }
        }
        int pairs = n * (n - 1) / 2;
        double[] a = new double[pairs];
        double[] b = new double[pairs];
        for (int u = 0, k = 0; u < n; u++) {
            for (int v = u + 1; v < n; v++, k++) {
                a[k] = eps[u][v];
                b[k] = com[u][v];
            }
        }
        double rho = new org.apache.commons.math3.stat.correlation.SpearmansCorrelation().correlation(a, b);
        // Fig. 5: "The privacy loss matrix recovers the different blocks": within-block mean above every across-block mean.
        Table bt = ev.table("mean ε_{u→v} by block pair (rows: block of u)", "block", "to block 0", "to block 1", "to block 2",
                "within / largest across");
        boolean blocks = true;
        double blockSlack = Double.POSITIVE_INFINITY;
        int[] start = {0, 75, 150, 200};
        for (int bu = 0; bu < 3; bu++) {
            double[] mean = new double[3];
            for (int bv = 0; bv < 3; bv++) {
                double sum = 0;
                long cnt = 0;
                for (int u = start[bu]; u < start[bu + 1]; u++) {
                    for (int v = start[bv]; v < start[bv + 1]; v++) {
                        if (u != v) {
                            sum += eps[u][v];
                            cnt++;
                        }
                    }
                }
                mean[bv] = sum / cnt;
            }
            double across = Double.NEGATIVE_INFINITY;
            for (int bv = 0; bv < 3; bv++) {
                if (bv != bu) {
                    across = Math.max(across, mean[bv]);
                }
            }
            blockSlack = Math.min(blockSlack, mean[bu] / across);
            blocks &= mean[bu] > across;
            bt.row(bu, mean[0], mean[1], mean[2], mean[bu] / across);
        }
        ev.put("blocks_recovered", blocks).put("smallest_within_over_across", blockSlack);
        Charts.heatMap(ctx.figure("privacy-loss"), "pairwise privacy loss ε_{u→v} (" + c.spec() + ")", "v", "u", eps);
        Charts.heatMap(ctx.figure("communicability"), "communicability exp(W)_{uv} (" + c.spec() + ")", "v", "u", com);
        ev.figure(ctx.figureFile("privacy-loss"), "Pairwise privacy loss (Thm. 3, α = 2, σ = 2, T = 20n) on Fig. 5's 3-block SBM "
                + "(75/75/50, probability matrix [[0.25, 0.05, 0.02], [0.05, 0.35, 0.07], [0.02, 0.07, 0.40]]).");
        ev.figure(ctx.figureFile("communicability"), "Communicability exp(W) on the same graph, diagonal zeroed.");
        ev.put("graph", c.spec() + " (metropolis)").put("pairs", pairs).put("spearman_rank_correlation", rho)
                .put("threshold", 0.7);
        ev.slack(blockSlack);
        ev.power(Power.ofSlack(blockSlack, "smallest within-block mean over the largest across-block mean (Fig. 5's "
                + "block recovery); the Spearman half is weak on its own: both matrices are increasing spectral functions of W "
                + "(−ln(1 − λ) and e^λ), and the 0.7 threshold is ours"));
        return Outcome.of(rho >= 0.7 && blocks, ev);
    }
}
