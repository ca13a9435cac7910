package rwdp.random;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;

/**
 * Runs independent seeded trials in parallel. Trial {@code i} always receives
 * {@link Rngs#stream(long, long) Rngs.stream(seed, i)} and its result is stored at index
 * {@code i}, so the output does not depend on the number of threads.
 */
public final class MonteCarlo {
    private MonteCarlo() {}

    /** One trial: a function of its index and its own generator. */
    @FunctionalInterface
    public interface Trial {
        double run(int index, SplittableRandom rng);
    }

    /** One trial producing a vector of results. */
    @FunctionalInterface
    public interface VectorTrial {
        double[] run(int index, SplittableRandom rng);
    }

    /** Returns the results of {@code trials} independent trials, index-ordered. */
    public static double[] run(int trials, long seed, Trial trial) {
        if (trials < 0) {
            throw new InvalidArgumentException("number of trials must be >= 0, got " + trials);
        }
        double[] out = new double[trials];
        IntStream.range(0, trials).parallel()
                .forEach(i -> out[i] = trial.run(i, Rngs.stream(seed, i)));
        return out;
    }

    /** Returns the vector results of {@code trials} independent trials, index-ordered. */
    public static double[][] runVectors(int trials, long seed, VectorTrial trial) {
        if (trials < 0) {
            throw new InvalidArgumentException("number of trials must be >= 0, got " + trials);
        }
        double[][] out = new double[trials][];
        IntStream.range(0, trials).parallel()
                .forEach(i -> out[i] = trial.run(i, Rngs.stream(seed, i)));
        return out;
    }
}
