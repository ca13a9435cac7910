package rwdp.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import rwdp.algo.PrivateWeightedRwSgd;
import rwdp.algo.SgdSettings;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.model.GaussianMixture;
import rwdp.mechanism.LaplaceMechanism;

/** The §V experiment layer: connected graphs, w* by two independent solvers, one factory per algorithm. */
class LogisticWalkExperimentTest {

    @Test
    void connectedErIsConnected() {
        for (long s = 0; s < 30; s++) {
            assertTrue(LogisticWalkExperiment.connectedEr(20, 0.3, s).isConnected());
        }
    }

    /** The Gram-Newton w* of the wide-data experiment and the dense solver's w* give the same f(w*) on the same draw. */
    @Property(tries = 10)
    void wideDataOptimumMatchesTheDenseSolver(@ForAll @IntRange(min = 1, max = 30) int d,
                                              @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        LogisticWalkExperiment dense = LogisticWalkExperiment.of(12, 0.3, seed, 1, 10, d, 0.75, seed + 1);
        LogisticWalkExperiment wide = LogisticWalkExperiment.ofWideData(12, 0.3, seed, 1, 10, d, 0.75, seed + 1);
        assertEquals(dense.graph().edgeCount(), wide.graph().edgeCount());
        double f = dense.optimum().value();
        assertEquals(f, wide.optimum().value(), 1e-9 * Math.max(1, Math.abs(f)));
    }

    /** A given graph stays the caller's graph, and the loss has one node per graph node. */
    @Test
    void givenGraphIsKept() {
        Graph ring = GraphSpec.parse("ring:7").build();
        LogisticWalkExperiment e = LogisticWalkExperiment.on("ring:7", ring, GaussianMixture.parse("gaussian:1,10,5,7"),
                new SgdSettings(10, 0.75));
        assertSame(ring, e.graph());
        assertEquals(7, e.loss().nodes());
        assertTrue(e.describe().startsWith("graph ring:7 ("), e.describe());
    }

    /** The Laplace factory with the printed weights spelled out draws the same noise and walk as the default one. */
    @Test
    void laplaceWithPrintedWeightsIsTheDefault() {
        LogisticWalkExperiment e = LogisticWalkExperiment.of(10, 0.3, 2, 10, 3);
        double[] l = e.smoothness();
        double min = java.util.Arrays.stream(l).min().orElseThrow();
        double max = java.util.Arrays.stream(l).max().orElseThrow();
        LaplaceMechanism m = LaplaceMechanism.pure(3, min, max, 1e-3 * min);
        LogisticWalkExperiment.Runs a = e.run(LogisticWalkExperiment.laplace(m), 3, 2000, 10, 5);
        LogisticWalkExperiment.Runs b = e.run(LogisticWalkExperiment.laplace(m, PrivateWeightedRwSgd.GradientWeights.PRINTED),
                3, 2000, 10, 5);
        assertArrayEquals(a.meanIterate(), b.meanIterate(), 0);
        assertArrayEquals(a.meanAverage(), b.meanAverage(), 0);
    }
}
