package rwdp.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The two Lanczos recurrences of the spectral interval: the three-term one contains the full one's Ritz extremes. */
class LanczosTest {
    @Test
    void threeTermLanczosGivesTheSameRows() {
        for (String spec : new String[] {"grid:9,11", "er:200,0.04,7", "ring:40"}) {
            TestSetting s = TestSetting.of(spec, false, false, 1000);
            // The basis budget decides the Lanczos variant: unlimited gives full reorthogonalisation, 0 the three-term one.
            SpectralInterval full = Lanczos.spectralInterval(s.w(), Long.MAX_VALUE);
            // Independent ground truth: the dense eigendecomposition, never the Chebyshev kernel.
            double[][] m = MatrixFunctions.eigen(s.w(), s.function());
            SpectralInterval cheap = Lanczos.spectralInterval(s.w(), 0);
            assertTrue(cheap.lower() <= full.ritzMin() + 1e-9 && cheap.upper() >= full.ritzMax() - 1e-9,
                    spec + ": " + cheap + " vs " + full);
            MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), s.function(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE, cheap);
            double[] r = op.row(3);
            for (int v = 0; v < r.length; v++) {
                assertEquals(m[3][v], r[v], 1e-10 * Math.abs(m[3][v]) + 1e-11, spec + " v=" + v);
            }
        }
    }
}
