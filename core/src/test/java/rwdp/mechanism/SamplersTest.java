package rwdp.mechanism;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.LaplaceDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

class SamplersTest {

    @Test
    void laplaceDrawsMatchTheCommonsMathCdf() {
        SplittableRandom rng = new SplittableRandom(5);
        double[] x = new double[20000];
        for (int i = 0; i < x.length; i++) {
            x[i] = LaplaceSampler.sample(3.0, rng);
        }
        double p = new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new LaplaceDistribution(null, 0, 3.0), x);
        assertTrue(p > 1e-4, "KS p-value " + p);
    }

    @Test
    void truncatedGammaStaysInItsRangeAndCalibrationsAreAsDocumented() {
        GammaMechanism m = GammaMechanism.truncated(5, 2, 8);
        SplittableRandom rng = new SplittableRandom(1);
        for (int i = 0; i < 1000; i++) {
            double r = m.release(4, rng);
            assertTrue(r >= 2 && r <= 8);
        }
        assertEquals(2.0, LaplaceMechanism.pure(3, 1, 7, 1e-3).scale(5), 1e-15);
        assertEquals(Math.sqrt(10 * 4 / 2.0), LaplaceMechanism.varianceMatched(10, 1e-3).scale(4), 1e-15);
    }
}
