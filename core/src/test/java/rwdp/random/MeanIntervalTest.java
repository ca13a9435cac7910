package rwdp.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

class MeanIntervalTest {

    @Test
    void handComputedExamples() {
        // {1,...,5}: mean 3, Σ(x − x̄)² = 10, s/√n = √(2.5/5); t_4(0.975) = 2.776445105 (printed tables).
        MeanInterval a = MeanInterval.studentT(new double[] {1, 2, 3, 4, 5}, 0.95);
        assertEquals(3, a.mean(), 0);
        assertEquals(2.776445105 * Math.sqrt(0.5), a.halfWidth(), 1e-8);
        assertEquals(3 - 2.776445105 * Math.sqrt(0.5), a.lower(), 1e-8);
        assertEquals(3 + 2.776445105 * Math.sqrt(0.5), a.upper(), 1e-8);
        // {0, 1}: mean 0.5, s/√n = 0.5; t_1(0.995) = 63.65674116.
        MeanInterval b = MeanInterval.studentT(new double[] {0, 1}, 0.99);
        assertEquals(0.5, b.mean(), 0);
        assertEquals(63.65674116 * 0.5, b.halfWidth(), 1e-6);
        assertEquals(2, b.n());
        assertEquals(0.99, b.level());
        // Equal values: no spread, a point interval.
        assertEquals(0, MeanInterval.studentT(new double[] {7, 7, 7}, 0.9).halfWidth());
    }

    @Test
    void quantileIsCommonsMathsStudentT() {
        for (double df : new double[] {1, 2, 4, 9, 30, 1000}) {
            for (double level : new double[] {0.5, 0.9, 0.95, 0.99}) {
                double ref = new TDistribution(null, df).inverseCumulativeProbability((1 + level) / 2);
                assertEquals(ref, MeanInterval.studentQuantile(level, df), 1e-8 * ref, "df " + df + ", level " + level);
                assertTrue(MeanInterval.studentQuantile(level, df) > new NormalDistribution().inverseCumulativeProbability((1 + level) / 2),
                        "wider than the normal interval");
            }
        }
    }

    @Test
    void coversTheMeanOfNormalValuesAtItsLevelWhereTheNormalIntervalDoesNot() {
        // n = 4 normal values, 4000 intervals: the t interval covers 95% (± 3 binomial sd = 0.010);
        // the normal quantile would cover about 0.86.
        SplittableRandom rng = new SplittableRandom(17);
        int reps = 4000;
        int covered = 0;
        int coveredNormal = 0;
        double z = new NormalDistribution().inverseCumulativeProbability(0.975);
        for (int r = 0; r < reps; r++) {
            double[] x = new double[4];
            for (int i = 0; i < x.length; i++) {
                x[i] = 10 + 3 * rng.nextGaussian();
            }
            MeanInterval t = MeanInterval.studentT(x, 0.95);
            covered += t.lower() <= 10 && 10 <= t.upper() ? 1 : 0;
            double normalHalf = t.halfWidth() / MeanInterval.studentQuantile(0.95, 3) * z;
            coveredNormal += Math.abs(t.mean() - 10) <= normalHalf ? 1 : 0;
        }
        assertEquals(0.95, covered / (double) reps, 3 * Math.sqrt(0.95 * 0.05 / reps));
        assertTrue(coveredNormal / (double) reps < 0.9, "normal interval coverage " + coveredNormal / (double) reps);
    }

    @Test
    void refusesBadArguments() {
        assertThrows(InvalidArgumentException.class, () -> MeanInterval.studentT(new double[] {1}, 0.95));
        assertThrows(InvalidArgumentException.class, () -> MeanInterval.studentT(new double[] {1, 2}, 1));
        assertThrows(InvalidArgumentException.class, () -> MeanInterval.studentT(new double[] {1, Double.NaN}, 0.95));
        assertThrows(InvalidArgumentException.class, () -> MeanInterval.studentQuantile(0.95, 0));
        assertThrows(InvalidArgumentException.class, () -> new MeanInterval(3, 0, -1, 0.95));
        assertThrows(InvalidArgumentException.class, () -> new MeanInterval(3, 0, 1, 0));
    }
}
