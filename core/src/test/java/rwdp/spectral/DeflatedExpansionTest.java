package rwdp.spectral;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.ForkJoinPool;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.statistics.Statistics;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.GraphSpec;
import rwdp.markov.Spectrum;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/**
 * The Chebyshev expansion with deflated top eigenpairs against the dense symmetric eigendecomposition (EJML), an
 * independent computation that never touches the sparse kernel, the block iteration or the Lanczos interval.
 */
class DeflatedExpansionTest {
    static TransitionMatrix metropolis(String spec) {
        return WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphSpec.parse(spec).build());
    }

    static double maxAbs(double[][] a) {
        double m = 0;
        for (double[] r : a) {
            for (double x : r) {
                m = Math.max(m, Math.abs(x));
            }
        }
        return m;
    }

    static double maxDiff(double[][] a, double[][] b) {
        double d = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                d = Math.max(d, Math.abs(a[i][j] - b[i][j]));
            }
        }
        return d;
    }

    /** Small-gap families (where deflation is the point) and families with large eigenvalue multiplicities. */
    static final String[] DEFLATING = {"grid:15,16", "torus:12,12", "ring:150", "geometric:300,0.12,2", "path:120",
        "er:300,0.03,3"};

    @Test
    void deflatedMatrixAgreesWithTheEigenDecompositionOnEveryFamily() {
        for (String spec : DEFLATING) {
            TransitionMatrix w = metropolis(spec);
            SpectralFunction f = SpectralFunction.logResolvent();
            MatrixFunctionOperator op = MatrixFunctions.operator(w, f, 1e-13, Deflation.ALWAYS, w.n());
            // The check has power only if the deflated path really ran and cut the degree.
            assertTrue(op.deflated() > 0, spec + ": " + op.deflationNote());
            int plainDegree = MatrixFunctions.operator(w, f, 1e-13).degree();
            assertTrue(op.degree() < plainDegree, spec + ": degree " + op.degree() + " vs plain " + plainDegree);
            double[][] e = MatrixFunctions.eigen(w, f);
            double[][] d = MatrixFunctions.matrix(op, MatrixFunctions.COLUMN_BLOCK);
            assertTrue(maxDiff(e, d) <= 1e-10 * maxAbs(e), spec + ": " + maxDiff(e, d) / maxAbs(e));
        }
    }

    @Test
    void finiteSeriesIsDeflatedToo() {
        // g_T(x) = Σ_{t≤T} x^t/t (Cyffers et al., App. B eq. (15)) at a T where it is close to the logarithm.
        for (String spec : new String[] {"grid:12,12", "ring:120"}) {
            TransitionMatrix w = metropolis(spec);
            SpectralFunction g = SpectralFunction.partialLogSeries(100_000);
            MatrixFunctionOperator op = MatrixFunctions.operator(w, g, 1e-13, Deflation.ALWAYS, w.n());
            assertTrue(op.deflated() > 0, spec + ": " + op.deflationNote());
            double[][] e = MatrixFunctions.eigen(w, g);
            double[][] d = MatrixFunctions.matrix(op, MatrixFunctions.COLUMN_BLOCK);
            assertTrue(maxDiff(e, d) <= 1e-10 * maxAbs(e), spec + ": " + maxDiff(e, d) / maxAbs(e));
        }
    }

    @Test
    void rowsAndSingleVectorsCarryTheCorrection() {
        TransitionMatrix w = metropolis("geometric:250,0.13,5");
        SpectralFunction f = SpectralFunction.logResolvent();
        MatrixFunctionOperator op = MatrixFunctions.operator(w, f, 1e-13, Deflation.ALWAYS, w.n());
        assertTrue(op.deflated() > 0, op.deflationNote());
        double[][] e = MatrixFunctions.eigen(w, f);
        double scale = maxAbs(e);
        int[] sources = {0, 7, 100, 249};
        double[][] rows = op.rows(sources);
        for (int c = 0; c < sources.length; c++) {
            for (int v = 0; v < w.n(); v++) {
                assertEquals(e[sources[c]][v], rows[c][v], 1e-10 * scale);
            }
        }
        // apply(x) = f(W − J/n)·P x for a dense x: compare with the eigen matrix times P x.
        double[] x = new double[w.n()];
        for (int i = 0; i < x.length; i++) {
            x[i] = Math.sin(1.3 * i) + 0.5;
        }
        double[] px = x.clone();
        MatrixFunctions.project(px);
        double[] y = op.apply(x);
        for (int i = 0; i < x.length; i++) {
            double expect = 0;
            for (int j = 0; j < x.length; j++) {
                expect += e[i][j] * px[j];
            }
            assertEquals(expect, y[i], 1e-10 * scale * Math.sqrt(x.length));
        }
    }

    @Test
    void theBlockResolvesRepeatedEigenvalues() {
        // A torus has eigenvalues of multiplicity 4 near 1, which single-vector Lanczos finds only once.
        TransitionMatrix w = metropolis("torus:14,14");
        MatrixFunctionOperator plain = MatrixFunctions.operator(w, SpectralFunction.logResolvent(), 1e-13);
        TopEigenpairs.Pairs pairs = TopEigenpairs.compute(plain.csr(), plain.interval().lower(), Double.NaN, 48, DeflatedExpansion.RESIDUAL, 12);
        double[] eig = Spectrum.of(w).real();
        Arrays.sort(eig);
        // eig ascending; the largest is the stationary 1, excluded on 1⊥.
        int n = eig.length;
        assertTrue(pairs.converged() >= 16, "converged " + pairs.converged());
        int repeated = 0;
        for (int i = 0; i < pairs.converged(); i++) {
            assertEquals(eig[n - 2 - i], pairs.theta()[i], 1e-11, "Ritz value " + i);
            if (i > 0 && Math.abs(pairs.theta()[i] - pairs.theta()[i - 1]) < 1e-12) {
                repeated++;
            }
        }
        assertTrue(repeated >= 6, "repeated Ritz values found: " + repeated);
    }

    @Test
    void aClusterLargerThanTheBlockIsNotCut() {
        // The star's n − 2 leaves share one eigenvalue: no block of ≤ 96 vectors can hold the cluster, so the
        // expansion must stay accurate whatever the deflation decided.
        for (String spec : new String[] {"star:400", "complete:90"}) {
            TransitionMatrix w = metropolis(spec);
            SpectralFunction f = SpectralFunction.logResolvent();
            MatrixFunctionOperator op = MatrixFunctions.operator(w, f, 1e-13, Deflation.ALWAYS, w.n());
            assertFalse(op.deflationNote().isBlank());
            double[][] e = MatrixFunctions.eigen(w, f);
            double[][] d = MatrixFunctions.matrix(op, MatrixFunctions.COLUMN_BLOCK);
            assertTrue(maxDiff(e, d) <= 1e-10 * Math.max(maxAbs(e), 1e-300) + 1e-15, spec + ": " + maxDiff(e, d));
        }
    }

    /**
     * Row u of L(W) on the metropolis path of n nodes from its closed-form spectrum: W = (I + A + ends)/3 is the
     * reflecting lazy walk, λ_k = (1 + 2cos(πk/n))/3, φ_k(i) = √(2/n) cos(πk(i + ½)/n) (the DCT-II basis), and
     * 1 − λ_k = (4/3) sin²(πk/(2n)) is computed without cancellation: a reference better conditioned than any dense
     * eigendecomposition when 1 − λ₂ is ~1e-6.
     */
    static double[] pathRow(int n, int u) {
        double[] row = new double[n];
        for (int k = 1; k < n; k++) {
            double s = Math.sin(Math.PI * k / (2.0 * n));
            double fk = -Math.log(4.0 / 3.0 * s * s);
            double pu = (2.0 / n) * Math.cos(Math.PI * k * (u + 0.5) / n);
            for (int v = 0; v < n; v++) {
                row[v] += fk * pu * Math.cos(Math.PI * k * (v + 0.5) / n);
            }
        }
        return row;
    }

    @Test
    void longPathsAreRefusedByThePlainExpansionAndDeflatedExactly() {
        // Lanczos cannot settle the top of a long path's spectrum in 400 steps; before this was detected the plain
        // expansion built on the unsettled interval gave rows off by 1.7e-7 (n = 700) and 4.3e-6 (n = 1500).
        for (int n : new int[] {700, 1500}) {
            TransitionMatrix w = metropolis("path:" + n);
            SpectralFunction f = SpectralFunction.logResolvent();
            assertThrows(InvalidArgumentException.class, () -> MatrixFunctions.operator(w, f, 1e-13));
            MatrixFunctionOperator op = MatrixFunctions.operator(w, f, 1e-13, Deflation.AUTO, 1);
            assertTrue(op.deflated() > 0, op.deflationNote());
            for (int u : new int[] {0, 5, n / 2}) {
                double[] exact = pathRow(n, u);
                double scale = 0;
                for (double x : exact) {
                    scale = Math.max(scale, Math.abs(x));
                }
                double[] row = op.row(u);
                double worst = 0;
                for (int v = 0; v < n; v++) {
                    worst = Math.max(worst, Math.abs(row[v] - exact[v]) / scale);
                }
                // The a-posteriori bound must hold (with the expansion's own tolerance on top).
                assertTrue(worst <= op.deflationError() + 1e-12, "n=" + n + " u=" + u + ": " + worst + " > bound "
                        + op.deflationError());
            }
        }
    }

    /** Row u of L(W) on the metropolis ring, W = (I + A)/3: λ_k = (1 + 2cos(2πk/n))/3, Fourier eigenvectors. */
    static double[] ringRow(int n, int u) {
        double[] row = new double[n];
        for (int k = 1; k < n; k++) {
            double s = Math.sin(Math.PI * k / n);
            double fk = -Math.log(4.0 / 3.0 * s * s);
            for (int v = 0; v < n; v++) {
                row[v] += fk * Math.cos(2 * Math.PI * k * (double) ((u - v) % n) / n) / n;
            }
        }
        return row;
    }

    @Test
    void aLongRingIsExactBothWays() {
        // Lanczos does not settle on ring:1500 but the filter certifies its interval; deflation must agree too.
        int n = 1500;
        TransitionMatrix w = metropolis("ring:" + n);
        SpectralFunction f = SpectralFunction.logResolvent();
        MatrixFunctionOperator plain = MatrixFunctions.operator(w, f, 1e-13);
        assertFalse(plain.interval().settled());
        MatrixFunctionOperator deflated = MatrixFunctions.operator(w, f, 1e-13, Deflation.ALWAYS, n);
        assertTrue(deflated.deflated() > 0, deflated.deflationNote());
        for (int u : new int[] {0, 777}) {
            double[] exact = ringRow(n, u);
            double scale = 0;
            for (double x : exact) {
                scale = Math.max(scale, Math.abs(x));
            }
            double[] a = plain.row(u);
            double[] b = deflated.row(u);
            for (int v = 0; v < n; v++) {
                assertEquals(exact[v], a[v], 1e-11 * scale, "plain u=" + u + " v=" + v);
                assertEquals(exact[v], b[v], (deflated.deflationError() + 1e-12) * scale, "deflated u=" + u + " v=" + v);
            }
        }
    }

    @Test
    void sameNumbersOnOneThreadAndOnMany() throws Exception {
        TransitionMatrix w = metropolis("grid:14,15");
        SpectralFunction f = SpectralFunction.logResolvent();
        double[][] many = MatrixFunctions.deflated(w, f, 1e-13);
        ForkJoinPool one = new ForkJoinPool(1);
        try {
            double[][] single = one.submit(() -> MatrixFunctions.deflated(w, f, 1e-13)).get();
            for (int i = 0; i < many.length; i++) {
                assertArrayEquals(many[i], single[i], "row " + i);
            }
        } finally {
            one.shutdown();
        }
    }

    /** Random geometric graphs (small gaps, irregular degrees) of random size and radius: deflated = eigen. */
    @Property(tries = 25)
    void deflatedEqualsEigenOnRandomGeometricGraphs(@ForAll @IntRange(min = 40, max = 220) int n,
                                                    @ForAll @DoubleRange(min = 1.6, max = 3.0) double spread,
                                                    @ForAll @LongRange(min = 1, max = 1_000_000) long seed) {
        double radius = spread * Math.sqrt(Math.log(n) / (Math.PI * n));
        TransitionMatrix w;
        try {
            w = metropolis("geometric:" + n + "," + radius + "," + seed);
        } catch (RuntimeException disconnected) {
            Assume.that(false);
            return;
        }
        SpectralFunction f = SpectralFunction.logResolvent();
        MatrixFunctionOperator op;
        try {
            op = MatrixFunctions.operator(w, f, 1e-13, Deflation.ALWAYS, w.n());
        } catch (RuntimeException notIrreducible) {
            Assume.that(false);
            return;
        }
        Statistics.label("deflated").collect(op.deflated() > 0);
        double[][] e = MatrixFunctions.eigen(w, f);
        double[][] d = MatrixFunctions.matrix(op, MatrixFunctions.COLUMN_BLOCK);
        assertTrue(maxDiff(e, d) <= 1e-10 * maxAbs(e),
                "n=" + n + " radius=" + radius + " seed=" + seed + " deflated " + op.deflated() + ": " + maxDiff(e, d) / maxAbs(e));
    }
}
