package rwdp.bounds.convergence;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RandomWalkDpSgdBoundTest {
    @Test
    void stepSizeAndBoundFollowTheFormula() {
        RandomWalkDpSgdBound b = new RandomWalkDpSgdBound(2, 2, 1, 4, 3, 1, 0.5, 0.1, 10);
        long T = 1000;
        double lf = Math.log(T * 4.0 * 10 / (39 * 2 * 4 * 1));
        assertEquals(Math.min(0.5, lf / (2 * T)), b.stepSize(T), 1e-15);
        double expected = 2 * Math.exp(-T) * 10 + (39 * 4 * 1 * 2 / (8.0 * T) + (3 * 0.25 + 0.1) * 2 / (4.0 * T)) * lf;
        assertEquals(expected, b.bound(T), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> b.bound(b.minimumSteps() - 1));
    }
}
