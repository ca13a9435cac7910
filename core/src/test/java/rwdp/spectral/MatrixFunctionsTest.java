package rwdp.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

class MatrixFunctionsTest {
    static TransitionMatrix metropolis(String spec) {
        return WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphSpec.parse(spec).build());
    }

    static double maxDiff(double[][] a, double[][] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a.length; j++) {
                d = Math.max(d, Math.abs(a[i][j] - b[i][j]));
            }
        }
        return d;
    }

    @Test
    void eigenAndChebyshevAgreeOnSeveralGraphs() {
        for (String spec : new String[] {"er:60,0.15,3", "grid:6,7", "hypercube:5", "star:20", "ring:31", "path:9"}) {
            TransitionMatrix w = metropolis(spec);
            double[][] e = MatrixFunctions.eigen(w, SpectralFunction.logResolvent());
            double[][] c = MatrixFunctions.chebyshev(w, SpectralFunction.logResolvent(), 1e-13);
            assertTrue(maxDiff(e, c) < 1e-10, spec + ": " + maxDiff(e, c));
        }
    }

    @Test
    void theColumnBlockChangesNoBit() {
        // Each column's recurrence is its own: the block (a performance setting) must not change a single bit, plain
        // or deflated, so the printed numbers do not depend on it.
        for (String spec : new String[] {"er:150,0.06,3", "grid:9,10"}) {
            TransitionMatrix w = metropolis(spec);
            for (MatrixFunctionOperator op : new MatrixFunctionOperator[] {MatrixFunctions.operator(w, SpectralFunction.logResolvent(), 1e-13),
                MatrixFunctions.operator(w, SpectralFunction.logResolvent(), 1e-13, Deflation.ALWAYS, w.n())}) {
                double[][] ref = MatrixFunctions.matrix(op, 1);
                for (int block : new int[] {7, 32, MatrixFunctions.COLUMN_BLOCK, 200}) {
                    assertTrue(java.util.Arrays.deepEquals(ref, MatrixFunctions.matrix(op, block)), spec + " block " + block);
                }
            }
        }
    }

    @Test
    void completeGraphHasZeroLogarithm() {
        // Cyffers et al., Remark 2: W = J/n gives L(W) = 0.
        double[][] l = MatrixFunctions.eigen(metropolis("complete:12"), SpectralFunction.logResolvent());
        for (double[] row : l) {
            for (double x : row) {
                assertEquals(0, x, 1e-13);
            }
        }
    }

    @Test
    void rejectsNonSymmetricAndDisconnected() {
        Graph g = GraphSpec.parse("path:5").build();
        TransitionMatrix simple = WeightScheme.of(WeightScheme.Kind.SIMPLE).build(g);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MatrixFunctions.eigen(simple, SpectralFunction.logResolvent()));
        assertTrue(e.getMessage().contains("not symmetric"));
        Graph two = Graph.fromEdges(4, new int[] {0, 2}, new int[] {1, 3});
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(two);
        e = assertThrows(IllegalArgumentException.class, () -> MatrixFunctions.chebyshev(w, SpectralFunction.logResolvent(), 1e-12));
        assertTrue(e.getMessage().contains("not connected"));
    }

    @Test
    void partialLogSumMatchesDirectSumAndLimit() {
        for (double x : new double[] {-0.9, -0.3, 0, 0.5, 0.99}) {
            double direct = 0;
            for (int t = 1; t <= 200; t++) {
                direct += Math.pow(x, t) / t;
            }
            assertEquals(direct, SpectralFunction.partialLogSum(x, 200), 1e-12);
        }
        assertEquals(-Math.log(0.5), SpectralFunction.partialLogSum(0.5, 1_000_000), 1e-15);
    }

    @Test
    void spectralIntervalContainsTheSpectrum() {
        TransitionMatrix w = metropolis("geometric:80,0.25,2");
        SpectralInterval iv = MatrixFunctions.spectralInterval(w);
        double[] ev = w.spectrum().real();
        assertTrue(iv.upper() >= ev[1] - 1e-12 && iv.lower() <= ev[ev.length - 1] + 1e-12, iv.toString());
    }
}
