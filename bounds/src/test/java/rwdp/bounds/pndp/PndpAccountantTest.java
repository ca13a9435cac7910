package rwdp.bounds.pndp;

import rwdp.spectral.Solver;
import rwdp.spectral.SpectralFunction;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.Deflation;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.bounds.privacy.NoiseCalibration;

class PndpAccountantTest {

    @Test
    void harmonicNumbers() {
        assertEquals(1 + 0.5 + 1.0 / 3, PndpParams.harmonic(3), 1e-15);
        double exact = 0;
        for (long t = 20_000_000L; t >= 1; t--) {
            exact += 1.0 / t;
        }
        assertEquals(exact, PndpParams.harmonic(20_000_000L), 1e-12);
    }

    @Test
    void twoNodeCollusionHasClosedForms() {
        // complete:2 with metropolis weights: W = [[1/2, 1/2], [1/2, 1/2]]. First entry into {1} from 0 at step i has
        // probability 2^-i; every visit has probability 1/2.
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphSpec.parse("complete:2").build());
        long T = 60;
        double exact = 0;
        for (int i = 1; i <= T; i++) {
            exact += Math.pow(0.5, i) / i;
        }
        assertEquals(exact, PndpAccountant.collusionExact(w, 0, new int[] {1}, T), 1e-15);
        double[][] s = PndpAccountant.exactSeries(w, T);
        assertEquals(PndpParams.harmonic(T) / 2, PndpAccountant.collusionUnion(s, 0, new int[] {1}), 1e-13);
        assertThrows(IllegalArgumentException.class, () -> PndpAccountant.collusionExact(w, 0, new int[] {0}, T));
    }

    @Test
    void closedFormMatchesTheReferenceFormula() {
        double[][] l = {{0.3, -0.1}, {-0.1, 0.3}};
        PndpParams p = new PndpParams(3, 4, 50);
        double[][] e = PndpAccountant.closedForm(l, p);
        double c = 3.0 * 50 * Math.log(50) / (16 * 4);
        assertEquals(0, e[0][0]);
        assertEquals(c + 3.0 * 50 * -0.1 / (16 * 2), e[0][1], 1e-15);
    }

    @Test
    void senderKnownTakesTheMaxOverNeighbours() {
        // path 0-1-2: neighbours of 2 are {1}; of 1 are {0, 2}.
        double[][] m = {{5, 1, 2}, {1, 5, 3}, {2, 3, 5}};
        m = PndpAccountant.senderKnown(m, GraphSpec.parse("path:3").build());
        assertEquals(1, m[0][2]);
        assertEquals(5, m[0][1]);
        assertEquals(5, m[1][0]);
        assertEquals(3, m[2][0]);
    }

    @Test
    void starSeriesAtSmallTMatchesMatrixPowers() {
        int n = 6;
        double kappa = 0.2;
        TransitionMatrix w = PndpClosedForms.starMatrix(n, kappa);
        PndpParams p = new PndpParams(2, 2, 2);
        double[][] d = w.toDenseArray();
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u == v) {
                    continue;
                }
                double w2 = 0;
                for (int k = 0; k < n; k++) {
                    w2 += d[u][k] * d[k][v];
                }
                assertEquals(p.rate() * (d[u][v] + w2 / 2), PndpClosedForms.starExactSeries(n, u + 1, v + 1, kappa, p), 1e-14);
            }
        }
    }

    @Test
    void ringAsPrintedAgreesOnlyWhenNodeOneIsInvolved() {
        PndpParams p = new PndpParams(2, 2, 100);
        assertEquals(PndpClosedForms.ringCorrected(9, 1, 4, p), PndpClosedForms.ringAsPrinted(9, 1, 4, p), 1e-14);
        assertTrue(Math.abs(PndpClosedForms.ringCorrected(9, 3, 4, p) - PndpClosedForms.ringAsPrinted(9, 3, 4, p)) > 1e-3);
        assertEquals(PndpClosedForms.ringGeneral(9, 3, 4, 1.0 / 3, p), PndpClosedForms.ringCorrected(9, 3, 4, p), 1e-13);
        assertThrows(IllegalArgumentException.class, () -> PndpClosedForms.ringAsPrinted(9, 0, 4, p));
    }

    @Test
    void noiseCalibrationRoundTrips() {
        double unit = 0.37;
        double s = NoiseCalibration.sigmaForRdp(unit, 4, 0.5);
        assertEquals(0.5, 4 * unit / (s * s), 1e-14);
        NoiseCalibration.Calibration c = NoiseCalibration.sigmaForDp(unit, 1.0, 1e-6, RdpConversion::improved);
        assertEquals(1.0, NoiseCalibration.guarantee(unit, c.sigma(), 1e-6, RdpConversion::improved).epsilon(), 1e-6);
        assertTrue(c.sigma() * c.sigma() >= 2 * c.alpha() * (c.alpha() - 1) - 1e-9);
        NoiseCalibration.Calibration m = NoiseCalibration.sigmaForDp(unit, 1.0, 1e-6, RdpConversion::mironov);
        assertTrue(m.sigma() >= c.sigma());
    }

    @Test
    void paramsValidate() {
        assertThrows(IllegalArgumentException.class, () -> new PndpParams(1, 1, 10));
        assertThrows(IllegalArgumentException.class, () -> new PndpParams(2, 0, 10));
        assertTrue(new PndpParams(2, 1, 10).admissibilityWarning() != null);
        assertEquals(2, PndpParams.maxAlpha(2), 1e-15);
    }

    /** Returns W with Metropolis weights on the graph of {@code spec}. */
    static TransitionMatrix metropolis(String spec) {
        return WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphSpec.parse(spec).build());
    }

    @Test
    void finiteSeriesMatchesSparsePowers() {
        TransitionMatrix w = metropolis("er:40,0.2,5");
        long T = 30;
        double[][] g = MatrixFunctions.chebyshev(w, SpectralFunction.partialLogSeries(T), 1e-13);
        double[][] s = PndpAccountant.exactSeries(w, T);
        double h = PndpParams.harmonic(T) / w.n();
        for (int u = 0; u < w.n(); u++) {
            for (int v = 0; v < w.n(); v++) {
                assertEquals(s[u][v], g[u][v] + h, 1e-11);
            }
        }
    }

    @Test
    void lazyRingMatchesTheCirculantFormula() {
        for (double kappa : new double[] {0.1, 1.0 / 3}) {
            TransitionMatrix w = WeightScheme.lazyRing(kappa).build(GraphSpec.parse("ring:10").build());
            double[][] l = MatrixFunctions.eigen(w, SpectralFunction.logResolvent());
            for (int u = 0; u < 10; u++) {
                for (int v = 0; v < 10; v++) {
                    assertEquals(PndpClosedForms.ringLogEntry(10, Math.floorMod(u - v, 10), kappa), l[u][v], 1e-12);
                }
            }
        }
    }

    @Test
    void autoDeflatesOnlyWhenItPays() {
        // The grid's plain degree is in the hundreds: deflating pays for n columns, not for one row.
        TransitionMatrix grid = metropolis("grid:20,20");
        SpectralFunction f = SpectralFunction.logResolvent();
        assertTrue(MatrixFunctions.operator(grid, f, 1e-13, Deflation.AUTO, grid.n()).deflated() > 0);
        assertEquals(0, MatrixFunctions.operator(grid, f, 1e-13, Deflation.AUTO, 1).deflated());
        assertEquals("deflated", PndpPlan.of(grid, f, Solver.AUTO, PndpPlan.Request.matrix()).name());
        // An expander's degree is already small: the plain expansion is kept.
        TransitionMatrix er = metropolis("er:400,0.05,3");
        assertEquals("chebyshev", PndpPlan.of(er, f, Solver.AUTO, PndpPlan.Request.matrix()).name());
    }

}
