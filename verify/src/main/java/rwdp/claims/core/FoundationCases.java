package rwdp.claims.core;

import java.util.ArrayList;
import java.util.List;
import rwdp.claims.ConnectedDraws;
import rwdp.graph.GraphSpec;
import rwdp.markov.WeightScheme;

/**
 * What the foundation claims run on: the graphs, the weight schemes, and the number format of the checks' power texts.
 * Kept apart from {@link FoundationClaims} so the checks need not call back into the class that registers them.
 */
final class FoundationCases {
    private FoundationCases() {}

    /** Graphs on which every weight scheme is checked (rings included for lazy-ring). */
    static List<GraphSpec> graphs(long seed) {
        return List.of(GraphSpec.complete(8), GraphSpec.ring(9), GraphSpec.ring(10), GraphSpec.star(7), GraphSpec.path(6),
                GraphSpec.grid(4, 5), GraphSpec.torus(4, 4), GraphSpec.hypercube(4), GraphSpec.exponential(16),
                ConnectedDraws.first(GraphSpec.er(30, 0.25, seed)),
                ConnectedDraws.first(GraphSpec.regular(20, 3, seed)), ConnectedDraws.first(GraphSpec.geometric(40, 0.35, seed)),
                ConnectedDraws.first(GraphSpec.sbm(List.of(10, 12), 0.6, 0.08, seed)));
    }

    /** Returns every weight scheme, lazy-ring(0.1) included, each checked on every graph. */
    static List<WeightScheme> allSchemes() {
        List<WeightScheme> out = new ArrayList<>();
        for (WeightScheme.Kind k : WeightScheme.Kind.values()) {
            out.add(WeightScheme.of(k));
        }
        out.add(WeightScheme.lazyRing(0.1));
        return out;
    }

    /** Returns {@code x} with three significant digits, for the checks' power texts. */
    static String fmt3(double x) {
        return String.format(java.util.Locale.ROOT, "%.3g", x);
    }
}
