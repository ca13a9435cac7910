package rwdp.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

/** An executor that runs trials elsewhere, in another order and in batches, gives the local numbers at the same indices. */
class MonteCarloExecutorTest {
    private static final MonteCarlo.Trial TRIAL = (i, rng) -> i + rng.nextGaussian();

    /** Batches of 7 run last to first, as a cluster may finish them. */
    private static double[][] batchedBackwards(int trials, long seed, MonteCarlo.VectorTrial t) {
        double[][] out = new double[trials][];
        for (int lo = (trials - 1) / 7 * 7; lo >= 0; lo -= 7) {
            double[][] part = MonteCarlo.runRange(lo, Math.min(trials, lo + 7), seed, t);
            System.arraycopy(part, 0, out, lo, part.length);
        }
        return out;
    }

    @Test
    void anExecutorThatKeepsIndicesGivesTheLocalNumbers() {
        double[] local = MonteCarlo.run(50, 9, TRIAL);
        double[][] localV = MonteCarlo.runVectors(50, 9, (i, rng) -> new double[] {rng.nextDouble(), i});
        MonteCarlo.Runner elsewhere = MonteCarlo.on(MonteCarloExecutorTest::batchedBackwards);
        assertArrayEquals(local, elsewhere.run(50, 9, TRIAL));
        double[][] v = elsewhere.runVectors(50, 9, (i, rng) -> new double[] {rng.nextDouble(), i});
        for (int i = 0; i < 50; i++) {
            assertArrayEquals(localV[i], v[i]);
        }
        assertArrayEquals(new double[0], elsewhere.run(0, 9, TRIAL));
        assertSame(MonteCarlo.LOCAL, MonteCarlo.on(MonteCarlo.LOCAL).executor());
    }

    @Test
    void anExecutorThatLosesTheIndexOrderIsCaught() {
        double[] local = MonteCarlo.run(50, 9, TRIAL);
        MonteCarlo.Runner reversing = MonteCarlo.on((n, seed, t) -> {
            double[][] r = MonteCarlo.runRange(0, n, seed, t);
            java.util.Collections.reverse(Arrays.asList(r));
            return r;
        });
        assertFalse(Arrays.equals(local, reversing.run(50, 9, TRIAL)));
        assertThrows(InvalidArgumentException.class, () -> MonteCarlo.on(null));
        assertThrows(InvalidArgumentException.class, () -> MonteCarlo.runRange(5, 4, 1, (i, r) -> new double[0]));
    }
}
