package rwdp.claims.cyffers;

import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** Graph helpers shared by the Cyffers checks. */
final class PndpGraphs {
    private PndpGraphs() {}

    /** A named graph with its metropolis weights; {@code spec} is its label in the evidence. */
    record Case(String spec, Graph graph, TransitionMatrix w) {}

    /**
     * Returns the first connected draw of {@code family} over seeds {@code seed}, {@code seed + 1}, ... (200 tried;
     * {@code seed} below 2^24 keeps the labels short); a fixed family is returned as it is, and must be connected.
     *
     * @throws rwdp.check.InvalidArgumentException when no draw, or the fixed graph, is connected
     */
    static Case connected(GraphSpec family, long seed) {
        GraphSpec spec = family;
        Graph g;
        if (family instanceof GraphSpec.Random r) {
            GraphSpec.Connected c = r.withSeed(seed & 0xffffff).connected(200);
            spec = c.spec();
            g = c.graph();
        } else {
            g = family.build();
            if (!g.isConnected()) {
                throw new rwdp.check.InvalidArgumentException("graph " + family + " is not connected");
            }
        }
        return new Case(spec.toString(), g, WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g));
    }

    /** Returns {@code x} rounded to {@code digits} decimals, as a label prints it (so the graph drawn is the one named). */
    static double decimals(double x, int digits) {
        return Double.parseDouble(String.format(java.util.Locale.ROOT, "%." + digits + "f", x));
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
