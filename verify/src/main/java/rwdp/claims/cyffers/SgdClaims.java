package rwdp.claims.cyffers;

import rwdp.graph.GraphSpec;
import rwdp.model.GradientDescent;
import java.util.SplittableRandom;
import rwdp.algo.RwDpSgd;
import rwdp.bounds.convergence.RandomWalkDpSgdBound;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.markov.MixingTime;
import rwdp.markov.TransitionMatrix;
import rwdp.model.AveragingLoss;
import rwdp.model.LogisticLoss;
import rwdp.model.PerSampleLogistic;
import rwdp.model.PerSampleLoss;
import rwdp.model.Vectors;
import rwdp.random.MonteCarlo;
import rwdp.random.SummaryStats;

/** Checks of RW DP-SGD (Cyffers et al., Algorithm 1, Thm. 2, App. B on N_u). */
final class SgdClaims {
    private SgdClaims() {}


    /** One Theorem 2 experiment: Monte Carlo E||x_T − x*||² against the bound. */
    static Outcome thm2Case(rwdp.random.MonteCarlo.Runner mc, String name, PerSampleLoss loss, TransitionMatrix w, double[] x0, double sigma,
                            double delta, long T, int trials, long seed, double level, double[] slack, Table t) {
        double[] xs = GradientDescent.minimiser(loss);
        double zeta2 = 0;
        double lmax = 0;
        double[] g = new double[loss.dimension()];
        for (int v = 0; v < loss.nodes(); v++) {
            loss.gradient(v, xs, g);
            zeta2 = Math.max(zeta2, Vectors.dot(g, g));
            lmax = Math.max(lmax, loss.smoothness(v));
        }
        long tau = MixingTime.exact(w, 0.25, 100_000);
        double d0 = Vectors.distanceSquared(x0, xs);
        RandomWalkDpSgdBound b = new RandomWalkDpSgdBound(loss.strongConvexity(), lmax, zeta2, tau, loss.dimension(), sigma,
                delta, 0, d0);
        double gamma = b.stepSize(T);
        RwDpSgd.Config cfg = new RwDpSgd.Config(T, sigma, Double.POSITIVE_INFINITY, delta, gamma, 0, 0, Long.MAX_VALUE);
        double[] err = mc.run(trials, seed, (i, rng) -> {
            RwDpSgd run = new RwDpSgd(loss, w, x0, cfg, rng);
            run.run();
            return Vectors.distanceSquared(run.model(), xs);
        });
        SummaryStats st = SummaryStats.of(err, level);
        double bound = b.bound(T);
        t.row(name, T, tau, zeta2, gamma, st.mean(), st.upper(), bound, bound / st.mean());
        slack[0] = Math.min(slack[0], bound / st.mean());
        Outcome o = Outcome.atMost(st, bound, new Evidence());
        return o;
    }

    static Outcome thm2(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("Theorem 2: Monte Carlo E||x_T − x*||² (CI upper at the per-test level) vs the bound",
                "task", "T", "τ_mix(1/4)", "ζ²", "γ", "estimate", "CI upper", "bound", "bound / estimate");
        int trials = ctx.profile().pick(200, 1000);
        double level = ev.family(3, 0.999);
        double[] slack = {Double.POSITIVE_INFINITY};
        PndpGraphs.Case c = PndpGraphs.connected(GraphSpec.er(20, 0.3, 0), ctx.seed("graph") & 0xffff);
        SplittableRandom rng = ctx.rng();
        double[][] y = new double[20][2];
        double[][] yTight = new double[20][2];
        for (int v = 0; v < 20; v++) {
            y[v][0] = rng.nextGaussian();
            y[v][1] = rng.nextGaussian();
            yTight[v][0] = 0.01 * rng.nextGaussian();
            yTight[v][1] = 0.01 * rng.nextGaussian();
        }
        Verdict v1 = thm2Case(ctx.trials(), "averaging (L = µ = 2), σΔ = 1", new AveragingLoss(y), c.w(), new double[] {6, -4}, 1, 1,
                ctx.profile().pick(2000, 20000), trials, ctx.seed("avg"), level, slack, t).verdict();
        // Nearly identical values (ζ² ≈ 1e-3) and strong noise: the noise term dσ²Δ²L/(µ²T)·ln(…) dominates the bound, and
        // the constant-step stationary variance is about a quarter of it, the setting where Theorem 2 binds.
        Verdict v3 = thm2Case(ctx.trials(), "averaging, noise-dominated (ζ² small), σΔ = 5", new AveragingLoss(yTight), c.w(),
                new double[] {6, -4}, 5, 1, ctx.profile().pick(2000, 20000), trials, ctx.seed("avg-noise"), level, slack, t)
                .verdict();
        double[][][] feats = new double[20][4][3];
        double[][] labels = new double[20][4];
        for (int v = 0; v < 20; v++) {
            for (int s = 0; s < 4; s++) {
                for (int j = 0; j < 3; j++) {
                    feats[v][s][j] = rng.nextGaussian() / Math.sqrt(3);
                }
                labels[v][s] = (feats[v][s][0] + 0.5 * rng.nextGaussian()) > 0 ? 1 : -1;
            }
        }
        PerSampleLogistic logi = new PerSampleLogistic(new LogisticLoss(feats, labels, 1, 0.5));
        Verdict v2 = thm2Case(ctx.trials(), "ridge logistic (ρ = µ = 0.5), σΔ = 0.5", logi, c.w(), new double[] {3, 3, -3}, 0.5, 1,
                ctx.profile().pick(4000, 40000), trials, ctx.seed("logistic"), level, slack, t).verdict();
        ev.put("graph", c.spec() + " (metropolis)").put("trials", trials);
        ev.note("No clipping (g_t = ∇f_v exactly, σ²_sgd = 0), start node 0; x* by gradient descent to ||∇f|| < 1e-13; "
                + "τ_mix(1/4) exact from the TV distance of the rows of W^t.");
        ev.note("With heterogeneous data the 39τζ²L/(µ³T) term dominates and the bound is 50–120× the error (the constant 39 "
                + "of the Markov-sampling analysis); the noise-dominated case is where the bound binds.");
        ev.slack(slack[0]);
        ev.power(Power.ofSlack(slack[0], "smallest bound/estimate over the three tasks, reached in the noise-dominated averaging "
                + "task; the heterogeneous tasks keep slack above 10"));
        Verdict v = v1 == Verdict.HOLDS && v2 == Verdict.HOLDS && v3 == Verdict.HOLDS ? Verdict.HOLDS
                : (v1 == Verdict.VIOLATED || v2 == Verdict.VIOLATED || v3 == Verdict.VIOLATED) ? Verdict.VIOLATED
                : Verdict.INCONCLUSIVE;
        return new Outcome(v, ev);
    }

    static Outcome contributions(CheckContext ctx) {
        Evidence ev = new Evidence();
        PndpGraphs.Case c = PndpGraphs.connected(GraphSpec.geometric(50, 0.3, 0), ctx.seed("graph") & 0xffff);
        int n = c.graph().n();
        // T = 50n and thousands of walks keep each node's interval within about ±7% of T/n even on geometric graphs
        // with a bottleneck, where N_u varies most.
        long T = 50L * n;
        int trials = ctx.profile().pick(4000, 10000);
        // One interval per node: Bonferroni over the n nodes so that a chance miss of one of them has probability 1e-4.
        double level = ev.family(n, 0.9999);
        double[][] counts = ctx.trials().runVectors(trials, ctx.seed("walk"), (i, rng) -> {
            double[] out = new double[n + 1];
            rwdp.markov.Walk walk = rwdp.markov.Walk.uniformStart(c.w(), rng);
            long[] k = new long[n];
            for (long s = 0; s < T; s++) {
                k[walk.position()]++;
                walk.step();
            }
            long max = 0;
            for (int u = 0; u < n; u++) {
                out[u] = k[u];
                max = Math.max(max, k[u]);
            }
            out[n] = max;
            return out;
        });
        Table t = ev.table("N_u over " + trials + " walks of T = " + T + " steps from a uniform start (T/n = " + (double) T / n + ")",
                "node", "mean N_u", "CI lower", "CI upper", "contains T/n");
        int misses = 0;
        double widest = 0;
        for (int u = 0; u < n; u++) {
            double[] xs = new double[trials];
            for (int i = 0; i < trials; i++) {
                xs[i] = counts[i][u];
            }
            SummaryStats st = SummaryStats.of(xs, level);
            widest = Math.max(widest, st.halfWidth() / ((double) T / n));
            boolean in = st.lower() <= (double) T / n && (double) T / n <= st.upper();
            if (!in) {
                misses++;
            }
            if (u < 8 || !in) {
                t.row(u, st.mean(), st.lower(), st.upper(), in);
            }
        }
        double[] maxes = new double[trials];
        for (int i = 0; i < trials; i++) {
            maxes[i] = counts[i][n] / ((double) T / n);
        }
        SummaryStats mx = SummaryStats.of(maxes, 0.95);
        // Remark 5's cap: a capped run never exceeds K contributions.
        long cap = 3;
        double[][] y = new double[n][1];
        RwDpSgd run = new RwDpSgd(new AveragingLoss(y), c.w(), new double[] {0},
                new RwDpSgd.Config(T, 1, 1, Double.NaN, 0.01, 0, 0, cap), ctx.rng());
        run.run();
        long maxCapped = 0;
        for (long k : run.contributions()) {
            maxCapped = Math.max(maxCapped, k);
        }
        ev.put("graph", c.spec() + " (metropolis)").put("nodes", n).put("T", T).put("trials", trials)
                .put("ci_level_per_node", level).put("nodes_whose_ci_misses_T_over_n", misses)
                .put("mean_max_over_nodes_N_u_over_T_over_n", mx.mean()).put("cap", cap)
                .put("max_contributions_with_cap", maxCapped);
        ev.put("widest_half_width_over_T_over_n", widest);
        ev.power(widest <= 0.1
                ? Power.strong(String.format(java.util.Locale.ROOT, "each node's interval is ±%.1f%% of T/n at the per-test "
                        + "level, so a bias of that size in any node's mean would show; the cap half holds by construction", 100 * widest))
                : Power.weak(String.format(java.util.Locale.ROOT, "intervals up to ±%.1f%% of T/n", 100 * widest)));
        ev.note("E[N_u] = T/n holds on average, but the busiest node contributes about " + String.format("%.2f", mx.mean())
                + "× T/n in a typical run: an accountant that plugs in N_u = T/n understates that node's loss unless "
                + "the cap of Remark 5 (or a high-probability bound on N_u) is used.");
        return Outcome.of(misses == 0 && maxCapped <= cap, ev);
    }
}
