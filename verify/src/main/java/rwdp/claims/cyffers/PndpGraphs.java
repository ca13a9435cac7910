package rwdp.claims.cyffers;

import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** Graph helpers shared by the Cyffers checks. */
final class PndpGraphs {
    private PndpGraphs() {}

    /** A named graph with its metropolis weights. */
    record Case(String spec, Graph graph, TransitionMatrix w) {}

    /**
     * Returns the first connected graph of {@code template} (with {@code %d} standing for a seed)
     * over seeds derived from {@code seed}; fixed specs are returned as they are.
     */
    static Case connected(String template, long seed) {
        for (int k = 0; k < 200; k++) {
            String spec = template.contains("%d") ? String.format(java.util.Locale.ROOT, template, (seed + k) & 0xffffff) : template;
            Graph g = GraphSpec.parse(spec);
            if (g.isConnected()) {
                return new Case(spec, g, WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g));
            }
            if (!template.contains("%d")) {
                break;
            }
        }
        throw new IllegalStateException("no connected graph found for " + template);
    }

    /** Returns all-pairs shortest-path lengths by BFS from every node. */
    static int[][] distances(Graph g) {
        int[][] d = new int[g.n()][];
        for (int u = 0; u < g.n(); u++) {
            d[u] = g.distancesFrom(u);
        }
        return d;
    }
}
