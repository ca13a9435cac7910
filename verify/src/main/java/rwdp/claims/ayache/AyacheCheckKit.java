package rwdp.claims.ayache;

import java.util.List;
import rwdp.claims.CheckContext;
import rwdp.claims.Outcome;
import rwdp.claims.Profile;
import rwdp.claims.RunCache;
import rwdp.claims.Verdict;
import rwdp.experiment.LogisticWalkExperiment;

/** What the Ayache checks share: the §V setups and runs, cached per run (the run's CheckContext), and the verdict of a swept claim (Ayache et al., §V). */
final class AyacheCheckKit {
    private AyacheCheckKit() {}

    /** A §V setup: N nodes, variance v, dimension d and the graph and data seeds. */
    private record SetupKey(int n, double v, int d, long graphSeed, long dataSeed) implements RunCache.Key<LogisticWalkExperiment> {}

    /** A §V setup with the unstated μ and q of the Fig. 2 sweep given. */
    private record SweptSetupKey(int n, double v, int d, double mu, double q, long graphSeed, long dataSeed)
            implements RunCache.Key<LogisticWalkExperiment> {}

    /** A Fig. 3 (wide-data) setup: dimension d and the graph and data seeds. */
    private record WideKey(int d, long graphSeed, long dataSeed) implements RunCache.Key<LogisticWalkExperiment> {}

    /** Runs of one algorithm: profile, the caller's key and its seed, the data and graph size, horizon and run count. */
    private record RunsKey(Profile profile, String key, long seed, String data, int n, long updates, int runs)
            implements RunCache.Key<LogisticWalkExperiment.Runs> {}

    /** The §V setup of a claim: N nodes, variance v, dimension d, μ = 1, q = 0.75; graph and data from the claim's seed. */
    static LogisticWalkExperiment setup(CheckContext ctx, int n, double v, int d) {
        return setup(ctx, n, v, d, 0);
    }

    /** The §V setup of a claim's independent draw {@code draw} of graph and data (draw 0 is {@link #setup(CheckContext, int, double, int)}). */
    static LogisticWalkExperiment setup(CheckContext ctx, int n, double v, int d, int draw) {
        String tag = draw == 0 ? "" : "/draw" + draw;
        long graphSeed = ctx.seed("graph" + n + tag);
        long dataSeed = ctx.seed("data" + n + "/" + v + "/" + d + tag);
        return ctx.cached(new SetupKey(n, v, d, graphSeed, dataSeed),
                () -> LogisticWalkExperiment.of(n, 0.3, graphSeed, LogisticWalkExperiment.MU, v, d, LogisticWalkExperiment.Q, dataSeed));
    }

    /**
     * The §V setup of a claim's draw {@code draw} with the unstated mean μ·𝟙 and step exponent q given (the Fig. 2 sweep of
     * what §V leaves unstated); μ = 1, q = 0.75 is {@link #setup(CheckContext, int, double, int, int)}.
     */
    static LogisticWalkExperiment setup(CheckContext ctx, int n, double v, int d, int draw, double mu, double q) {
        if (mu == LogisticWalkExperiment.MU && q == LogisticWalkExperiment.Q) {
            return setup(ctx, n, v, d, draw);
        }
        String tag = draw == 0 ? "" : "/draw" + draw;
        long graphSeed = ctx.seed("graph" + n + tag);
        long dataSeed = ctx.seed("data" + n + "/" + v + "/" + d + tag);
        return ctx.cached(new SweptSetupKey(n, v, d, mu, q, graphSeed, dataSeed),
                () -> LogisticWalkExperiment.of(n, 0.3, graphSeed, mu, v, d, q, dataSeed));
    }

    /** The §V setup of a claim in the default dimension d = 5. */
    static LogisticWalkExperiment setup(CheckContext ctx, int n, double v) {
        return setup(ctx, n, v, LogisticWalkExperiment.DIMENSION);
    }

    /** Runs of one algorithm on a setup, computed once per (profile, key, seed, data, graph, horizon, runs) and shared by the claims that compare them. */
    static LogisticWalkExperiment.Runs runs(CheckContext ctx, String key, LogisticWalkExperiment s, LogisticWalkExperiment.Factory f, int runs, long updates) {
        long seed = ctx.seed(key);
        return ctx.cached(new RunsKey(ctx.profile(), key, seed, s.data().label(), s.graph().n(), updates, runs),
                () -> s.run(ctx.trials(), f, runs, updates, 40, seed));
    }

    /** The Fig. 3 data of a claim: N = 20, v = 10, dimension d, μ = 1, q = 0.75 (w* by the wide-data solver); graph and data from the claim's seed. */
    static LogisticWalkExperiment wideSetup(CheckContext ctx, int d) {
        return wideSetup(ctx, d, 0);
    }

    /** The Fig. 3 setting at dimension {@code d}, data draw {@code draw} (0 is the claim's first draw). */
    static LogisticWalkExperiment wideSetup(CheckContext ctx, int d, int draw) {
        long graphSeed = ctx.seed("graph20");
        long dataSeed = ctx.seed("data20/10.0/" + d + (draw == 0 ? "" : "/draw" + draw));
        return ctx.cached(new WideKey(d, graphSeed, dataSeed),
                () -> LogisticWalkExperiment.ofWideData(20, 0.3, graphSeed, LogisticWalkExperiment.MU, 10, d, LogisticWalkExperiment.Q, dataSeed));
    }

    /**
     * Combines per-cell verdicts of a swept claim by rule 1 of the README ({@link Outcome#overCells}):
     * DEPENDS when it holds in some cells and fails in others, VIOLATED when it fails in some and
     * holds in none (cells not separated do not make it INCONCLUSIVE), HOLDS when it holds in all.
     */
    static Verdict overSweep(List<Verdict> cells) {
        return Outcome.overCells(cells);
    }
}
