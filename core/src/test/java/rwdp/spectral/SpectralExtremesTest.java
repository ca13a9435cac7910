package rwdp.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.graph.GraphSpec;
import rwdp.markov.Spectrum;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/**
 * Lanczos λ2 and λmin against two independent computations: EJML's dense eigenvalues on graphs
 * of a few hundred nodes, and closed forms (cycle: cos(2πk/n); hypercube: 1 − 2j/k) on graphs
 * above the dense limit.
 */
class SpectralExtremesTest {

    static void assertWithin(double expected, double actual, double gap, String what) {
        // The documented accuracy: TOLERANCE relative to the gap at that end, plus rounding.
        assertEquals(expected, actual, SpectralExtremes.TOLERANCE * gap + 1e-12, what);
    }

    @Test
    void lanczosMatchesTheDenseSpectrum() {
        for (String spec : List.of("ring:301", "er:400,0.05,3", "grid:15,20", "star:50", "regular:300,4,1",
                "sbm:100/100/100,0.2,0.01,5", "geometric:300,0.15,2", "path:200")) {
            for (String w : List.of("simple", "metropolis", "lazy-simple")) {
                Graph g = GraphSpec.parse(spec).build();
                TransitionMatrix p = WeightScheme.parse(w).build(g);
                if (!p.isIrreducible()) {
                    continue;
                }
                Spectrum dense = p.spectrum();
                SpectralExtremes l = Lanczos.extremes(p, rwdp.markov.ChainFeatures.reversibleMeasure(p), 3 * p.n() + 300, true);
                assertTrue(l.lanczosSteps() > 0);
                assertWithin(dense.lambda2(), l.lambda2(), 1 - dense.lambda2(), spec + " " + w + " lambda2");
                assertWithin(dense.lambdaMin(), l.lambdaMin(), 1 + dense.lambdaMin(), spec + " " + w + " lambda_min");
            }
        }
    }

    @Test
    void largeCycleAndHypercubeMatchTheirClosedForms() {
        int n = 4001;
        SpectralExtremes ring = SpectralExtremes.of(WeightScheme.parse("simple").build(GraphGenerators.ring(n)));
        assertTrue(ring.lanczosSteps() > 0, "above the dense limit Lanczos runs");
        double l2 = Math.cos(2 * Math.PI / n);
        double lmin = -Math.cos(Math.PI / n);
        assertWithin(l2, ring.lambda2(), 1 - l2, "ring lambda2");
        assertWithin(lmin, ring.lambdaMin(), 1 + lmin, "ring lambda_min");

        SpectralExtremes cube = SpectralExtremes.of(WeightScheme.parse("simple").build(GraphGenerators.hypercube(12)));
        assertWithin(1 - 2.0 / 12, cube.lambda2(), 2.0 / 12, "hypercube lambda2");
        assertEquals(-1, cube.lambdaMin(), 1e-10, "hypercube lambda_min (bipartite)");
        assertEquals(0.5 * (1 + Math.max(Math.abs(cube.lambda2()), Math.abs(cube.lambdaMin()))), cube.lambdaP(), 1e-15);
    }

    @Test
    void aReducibleChainHasLambda2One() {
        int[] u = new int[6000];
        int[] v = new int[6000];
        for (int i = 0; i < 3000; i++) {
            u[i] = i;
            v[i] = (i + 1) % 3000;
            u[3000 + i] = 3000 + i;
            v[3000 + i] = 3000 + (i + 1) % 3000;
        }
        TransitionMatrix p = WeightScheme.parse("lazy-simple").build(Graph.fromEdges(6000, u, v));
        SpectralExtremes s = SpectralExtremes.of(p);
        assertEquals(1, s.lambda2());
        assertEquals(0, s.lambdaMin(), 1e-6, "lazy walk: lambda_min = (1 + cos(pi))/2 = 0 on an even cycle");
    }
}
