package rwdp.random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;

class MonteCarloTest {

    private static double[] runIn(int threads) throws Exception {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            return pool.submit(() -> MonteCarlo.run(500, 42, (i, rng) -> {
                double s = 0;
                for (int k = 0; k < 100; k++) {
                    s += rng.nextGaussian();
                }
                return s;
            })).get();
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void resultsDoNotDependOnTheThreadCount() throws Exception {
        double[] one = runIn(1);
        assertArrayEquals(one, runIn(2));
        assertArrayEquals(one, runIn(7));
    }

    @Test
    void streamsAreDistinctAndReproducible() {
        assertEquals(Rngs.stream(1, 5).nextLong(), Rngs.stream(1, 5).nextLong());
        assertNotEquals(Rngs.stream(1, 5).nextLong(), Rngs.stream(1, 6).nextLong());
        assertNotEquals(Rngs.stream(1, 5).nextLong(), Rngs.stream(2, 5).nextLong());
        assertNotEquals(Rngs.derive(1, "a"), Rngs.derive(1, "b"));
    }

    @Test
    void confidenceIntervalCoversTheMeanOfAKnownLaw() {
        // 200 independent intervals at 90%: the count covering 0 is Binomial(200, 0.9); with this
        // seed it must be within the Binomial's 99.99% range [166, 194].
        int covered = 0;
        for (int rep = 0; rep < 200; rep++) {
            double[] xs = MonteCarlo.run(400, 1000 + rep, (i, rng) -> rng.nextGaussian());
            SummaryStats s = SummaryStats.of(xs, 0.9);
            if (s.lower() <= 0 && 0 <= s.upper()) {
                covered++;
            }
        }
        assertTrue(covered >= 166 && covered <= 194, "covered " + covered);
    }
}
