package rwdp.sampling;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/** Designs, allocation and Hall's interval against hand-computed values and the t quantile of Commons Math. */
class SamplingTest {
    @Test
    void aStarsCentreIsComputedNotSampled() {
        rwdp.graph.Graph star = rwdp.graph.GraphSpec.parse("star:300").build();
        Design d = DesignSearch.design(star, null, 10, 1);
        assertArrayEquals(new int[] {0}, d.certain(), "the centre of star:n is node 0");
        assertEquals(9, d.drawn()[0].length);
        // Without hubs or proxy the design is the plain uniform draw: the same senders as before strata.
        rwdp.graph.Graph er = rwdp.graph.GraphSpec.parse("er:500,0.02,1").build();
        Design u = DesignSearch.design(er, null, 25, 7);
        assertEquals(0, u.certain().length);
        assertArrayEquals(WithoutReplacement.draw(500, 25, 7), u.drawn()[0]);
    }

    @Test
    void allocationIsProportionalWithinBounds() {
        assertArrayEquals(new int[] {5, 5}, Stratification.allocate(new int[] {100, 100}, 10));
        assertArrayEquals(new int[] {2, 8}, Stratification.allocate(new int[] {5, 500}, 10));
        assertArrayEquals(new int[] {2, 2, 6}, Stratification.allocate(new int[] {3, 3, 600}, 10));
        assertArrayEquals(new int[] {2, 3}, Stratification.allocate(new int[] {3, 4}, 5));
        for (int draws = 6; draws <= 40; draws++) {
            int[] k = Stratification.allocate(new int[] {7, 50, 13}, draws);
            assertEquals(draws, Arrays.stream(k).sum());
            assertTrue(k[0] >= 2 && k[0] <= 6 && k[1] >= 2 && k[2] >= 2 && k[2] <= 12, Arrays.toString(k));
        }
        assertThrows(IllegalArgumentException.class, () -> Stratification.allocate(new int[] {3, 3}, 5));
        assertThrows(IllegalArgumentException.class, () -> Stratification.allocate(new int[] {30, 30}, 3));
    }

    @Test
    void oneStratumIsHallsIntervalOnTheMean() {
        double[] x = {1, 2, 3, 4, 9, 2.5, 3.5};
        double[] mean = HallInterval.skewCorrectedInterval(x, 70, 0.9);
        double[] total = HallInterval.stratifiedTotal(new double[][] {x}, new int[] {70}, 0.9);
        for (int i = 0; i < 3; i++) {
            assertEquals(mean[i] * 70, total[i], 1e-12 * total[0]);
        }
        // Two strata: the total is the sum of the strata's, and a stratum whose values are equal adds no width.
        double[] two = HallInterval.stratifiedTotal(new double[][] {x, {5, 5, 5}}, new int[] {70, 10}, 0.9);
        assertEquals(total[0] + 50, two[0], 1e-12 * two[0]);
        assertEquals(total[2] - total[1], two[2] - two[1], 1e-12 * total[0]);
    }

    @Test
    void intervalIsTheTIntervalOnSymmetricData() {
        // Zero sample skewness: Hall's transformation is the identity and the interval is x̄ ± t·se.
        double[] x = {1, 2, 3, 4, 5};
        double[] ci = HallInterval.skewCorrectedInterval(x, 50, 0.9);
        double se = Math.sqrt(2.5) * Math.sqrt(1 - 5 / 50.0) / Math.sqrt(5);
        double t = new TDistribution(null, 4).inverseCumulativeProbability(0.95);
        assertEquals(3, ci[0], 1e-15);
        assertEquals(3 - t * se, ci[1], 1e-12);
        assertEquals(3 + t * se, ci[2], 1e-12);
        // A long left tail stretches the interval downwards.
        double[] skewed = {10, 10.1, 9.9, 10.05, 9.95, 10, 6};
        double[] cs = HallInterval.skewCorrectedInterval(skewed, 1000, 0.95);
        assertTrue(cs[0] - cs[1] > cs[2] - cs[0], Arrays.toString(cs));
        assertThrows(IllegalArgumentException.class, () -> HallInterval.skewCorrectedInterval(new double[] {1}, 5, 0.95));
        assertThrows(IllegalArgumentException.class, () -> HallInterval.skewCorrectedInterval(x, 4, 0.95));
        assertThrows(IllegalArgumentException.class, () -> HallInterval.skewCorrectedInterval(x, 50, 1));
    }
}
