package rwdp.claims.ayache;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import rwdp.claims.CheckContext;
import rwdp.claims.Verdict;

/** What the Ayache checks share: the §V setups and runs, cached per claim seed, and the verdict of a swept claim (Ayache et al., §V). */
final class AyacheCheckKit {
    private AyacheCheckKit() {}

    private static final Map<String, AyacheSetup.Runs> CACHE = new ConcurrentHashMap<>();
    private static final Map<String, AyacheSetup> SETUPS = new ConcurrentHashMap<>();

    /** The §V setup of a claim: N nodes, variance v, dimension d, μ = 1, q = 0.75; graph and data from the claim's seed. */
    static AyacheSetup setup(CheckContext ctx, int n, double v, int d) {
        long graphSeed = ctx.seed("graph" + n);
        long dataSeed = ctx.seed("data" + n + "/" + v + "/" + d);
        return SETUPS.computeIfAbsent(n + "/" + v + "/" + d + "/" + graphSeed + "/" + dataSeed,
                k -> AyacheSetup.of(n, 0.3, graphSeed, AyacheSetup.MU, v, d, AyacheSetup.Q, dataSeed));
    }

    /** The §V setup of a claim in the default dimension d = 5. */
    static AyacheSetup setup(CheckContext ctx, int n, double v) {
        return setup(ctx, n, v, AyacheSetup.DIMENSION);
    }

    /** Runs of one algorithm on a setup, computed once per (profile, key, seed, data, graph, horizon, runs) and shared by the claims that compare them. */
    static AyacheSetup.Runs runs(CheckContext ctx, String key, AyacheSetup s, AyacheSetup.Factory f, int runs, long updates) {
        long seed = ctx.seed(key);
        return CACHE.computeIfAbsent(ctx.profile() + "/" + key + "/" + seed + "/" + s.data().label() + "/" + s.graph().n() + "/" + updates
                        + "/" + runs, k -> s.run(f, runs, updates, 40, seed));
    }

    /** The Fig. 3 data of a claim: N = 20, v = 10, dimension d, μ = 1, q = 0.75 (w* by the wide-data solver); graph and data from the claim's seed. */
    static AyacheSetup wideSetup(CheckContext ctx, int d) {
        long graphSeed = ctx.seed("graph20");
        long dataSeed = ctx.seed("data20/10.0/" + d);
        return SETUPS.computeIfAbsent("wide/" + d + "/" + graphSeed + "/" + dataSeed,
                k -> AyacheSetup.ofWideData(20, 0.3, graphSeed, AyacheSetup.MU, 10, d, AyacheSetup.Q, dataSeed));
    }

    /** Combines per-cell verdicts of a swept claim: DEPENDS when it holds in some cells and fails in others. */
    static Verdict overSweep(List<Verdict> cells) {
        boolean anyHolds = cells.contains(Verdict.HOLDS);
        boolean anyFails = cells.contains(Verdict.VIOLATED);
        if (anyHolds && anyFails) {
            return Verdict.DEPENDS;
        }
        if (cells.stream().allMatch(v -> v == Verdict.HOLDS)) {
            return Verdict.HOLDS;
        }
        if (cells.stream().allMatch(v -> v == Verdict.VIOLATED)) {
            return Verdict.VIOLATED;
        }
        return Verdict.INCONCLUSIVE;
    }
}
