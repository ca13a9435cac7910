package rwdp.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** The normal and t quantiles against printed tables (Abramowitz and Stegun, Tables 26.1 and 26.10). */
class QuantilesTest {
    @Test
    void matchTheTables() {
        assertEquals(1.959963984540054, Quantiles.normal(0.975), 1e-12);
        assertEquals(-2.326347874040841, Quantiles.normal(0.01), 1e-12);
        assertEquals(2.776445105197799, Quantiles.student(0.975, 4), 1e-9);
        assertEquals(12.706204736174707, Quantiles.student(0.975, 1), 1e-8);
        assertEquals(MeanInterval.studentQuantile(0.9, 7), Quantiles.student(0.95, 7));
        assertThrows(IllegalArgumentException.class, () -> Quantiles.normal(1.5));
        assertThrows(IllegalArgumentException.class, () -> Quantiles.student(0.5, 0));
    }

    /**
     * The shared standard normal gives the bits of a fresh commons-math3 one and of the (null, 0, 1) one the log-normal
     * latency took before it went through here: draws and runs stay the same.
     */
    @Test
    void theSharedNormalIsBitForBitAFreshOne() {
        NormalDistribution fresh = new NormalDistribution();
        NormalDistribution seedless = new NormalDistribution(null, 0, 1);
        SplittableRandom rng = new SplittableRandom(7);
        for (int i = 0; i < 10_000; i++) {
            double p = i < 4 ? new double[] {0, 1, 0.5, Double.MIN_VALUE}[i] : rng.nextDouble();
            double q = Quantiles.normal(p);
            assertEquals(Double.doubleToRawLongBits(fresh.inverseCumulativeProbability(p)), Double.doubleToRawLongBits(q), "p = " + p);
            assertEquals(Double.doubleToRawLongBits(seedless.inverseCumulativeProbability(p)), Double.doubleToRawLongBits(q), "p = " + p);
        }
    }
}
