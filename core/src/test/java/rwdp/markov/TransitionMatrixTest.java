package rwdp.markov;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.graph.GraphGenerators;

class TransitionMatrixTest {

    @Test
    void hypercubeMetropolisSpectrumIsPlusMinusThreeFifths() {
        // Adjacency of Q4 has eigenvalues 4, 2, 0, -2, -4; metropolis gives P = (A + I)/5.
        Spectrum s = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphGenerators.hypercube(4)).spectrum();
        assertEquals(0.6, s.lambda2(), 1e-12);
        assertEquals(-0.6, s.lambdaMin(), 1e-12);
        assertEquals(0.8, s.lambdaP(), 1e-12);
        assertEquals(0.4, s.spectralGap(), 1e-12);
    }

    @Test
    void simpleWalkOnAStarIsReversibleButNotSymmetric() {
        TransitionMatrix p = WeightScheme.of(WeightScheme.Kind.SIMPLE).build(GraphGenerators.star(5));
        assertFalse(p.isSymmetric(1e-12));
        // Star K_{1,4}: adjacency eigenvalues ±2 and 0 (x3); P = D^-1 A has ±1 and 0.
        Spectrum s = p.spectrum();
        assertTrue(s.symmetric());
        assertEquals(1, s.real()[0], 1e-12);
        assertEquals(-1, s.lambdaMin(), 1e-12);
        assertEquals(2, p.period());
        double[] pi = p.stationary();
        assertEquals(0.5, pi[0], 1e-15);
        assertEquals(0.125, pi[3], 1e-15);
    }

    @Test
    void nonReversibleChainUsesTheLinearSolveAndTheGeneralEigensolver() {
        // Lazy walk around a directed 3-cycle: doubly stochastic, not reversible,
        // eigenvalues (1 + ω^k)/2 with ω = e^{2πi/3}.
        double[][] d = {{0.5, 0.5, 0}, {0, 0.5, 0.5}, {0.5, 0, 0.5}};
        TransitionMatrix p = TransitionMatrix.fromDense("cycle", d);
        double[] pi = p.stationary();
        for (double x : pi) {
            assertEquals(1.0 / 3, x, 1e-14);
        }
        Spectrum s = p.spectrum();
        assertFalse(s.symmetric());
        assertEquals(0.5, s.slem(), 1e-12);
        assertEquals(0.25, s.lambda2(), 1e-12);
    }

    @Test
    void rejectsRowsThatAreNotProbabilityVectors() {
        assertThrows(IllegalArgumentException.class, () -> TransitionMatrix.fromDense("x", new double[][] {{0.5, 0.4}, {0.5, 0.5}}));
        assertThrows(IllegalArgumentException.class, () -> TransitionMatrix.fromDense("x", new double[][] {{1.5, -0.5}, {0.5, 0.5}}));
    }

    @Test
    void periodAndIrreducibility() {
        WeightScheme hamilton = WeightScheme.of(WeightScheme.Kind.HAMILTON);
        assertEquals(2, hamilton.build(GraphGenerators.ring(10)).period());
        assertEquals(1, hamilton.build(GraphGenerators.ring(9)).period());
        TransitionMatrix split = WeightScheme.of(WeightScheme.Kind.SIMPLE)
                .build(rwdp.graph.Graph.fromEdges(4, new int[] {0, 2}, new int[] {1, 3}));
        assertFalse(split.isIrreducible());
        assertThrows(rwdp.check.InvalidArgumentException.class, split::stationary);
        assertEquals(1, split.spectrum().lambda2(), 1e-12);
    }

    @Test
    void roundingDoesNotCreateSelfLoopsOnRegularBipartiteGraphs() {
        // 7 summands of 1/7 add up to 1 - 2^-53: the self-loop must still be exactly 0.
        TransitionMatrix p = WeightScheme.of(WeightScheme.Kind.HAMILTON).build(GraphGenerators.hypercube(7));
        assertEquals(0.0, p.get(5, 5));
        assertEquals(2, p.period());
        assertEquals(0.0, WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(GraphGenerators.complete(8)).get(3, 3));
    }

    @Test
    void weightNamesParse() {
        assertEquals(WeightScheme.Kind.MH_UNIFORM, WeightScheme.parse("mh-uniform").kind());
        assertEquals(0.25, WeightScheme.parse("lazy-ring(0.25)").kappa());
        assertEquals(1.0 / 3, WeightScheme.parse("lazy-ring").kappa());
        assertEquals(1.0 / 3, WeightScheme.parse(WeightScheme.parse("lazy-ring(1/3)").label()).kappa());
        assertThrows(IllegalArgumentException.class, () -> WeightScheme.parse("lazy-ring(2)"));
        assertThrows(IllegalArgumentException.class, () -> WeightScheme.parse("uniform"));
        assertThrows(IllegalArgumentException.class,
                () -> WeightScheme.parse("lazy-ring").build(GraphGenerators.star(4)));
        assertThrows(IllegalArgumentException.class,
                () -> WeightScheme.parse("mh-weighted").build(GraphGenerators.star(4)));
    }

    @Test
    void exactMixingTimeOfTheCompleteGraphWalk() {
        // Simple walk on K_n: P^t(i,i) - 1/n = (1 - 1/n)(-1/(n-1))^t, so d(t) = (1 - 1/n)/(n-1)^t.
        TransitionMatrix p = WeightScheme.of(WeightScheme.Kind.SIMPLE).build(GraphGenerators.complete(6));
        for (int t = 0; t < 6; t++) {
            assertEquals((1 - 1.0 / 6) / Math.pow(5, t), MixingTime.distance(p, t), 1e-13);
        }
        assertEquals(1, MixingTime.exact(p, 0.25, 100));
        assertEquals(2, MixingTime.exact(p, 0.1, 100));
    }
}
