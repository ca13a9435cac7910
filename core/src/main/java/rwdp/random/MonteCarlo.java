package rwdp.random;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;

/**
 * Runs independent seeded trials through an {@link Executor} (by default this JVM's threads). Trial {@code i} always
 * receives {@link Rngs#stream(long, long) Rngs.stream(seed, i)} and its result is stored at index {@code i}, so the
 * output does not depend on the number of threads, nor on the machine a trial runs on.
 */
public final class MonteCarlo {
    private MonteCarlo() {}

    /**
     * One trial: a function of its index and its own generator. Serializable so that an executor may run it in another
     * JVM (a Spark executor); a trial whose captured values are not serializable runs in this JVM.
     */
    @FunctionalInterface
    public interface Trial extends java.io.Serializable {
        double run(int index, SplittableRandom rng);
    }

    /** One trial producing a vector of results (serializable, as {@link Trial}). */
    @FunctionalInterface
    public interface VectorTrial extends java.io.Serializable {
        double[] run(int index, SplittableRandom rng);
    }

    /**
     * Where trials run. An executor must return trial i's result at index i, computed by {@code trial.run(i,
     * Rngs.stream(seed, i))}, so that every executor gives the same numbers.
     */
    public interface Executor {
        /** Returns the vector results of trials 0..trials−1, index-ordered. */
        double[][] runVectors(int trials, long seed, VectorTrial trial);
    }

    /** The default executor: this JVM's common fork-join pool. */
    public static final Executor LOCAL = MonteCarlo::runLocally;

    private static volatile Executor executor = LOCAL;

    /** Returns the executor that {@link #run} and {@link #runVectors} use. */
    public static Executor executor() {
        return executor;
    }

    /**
     * Makes {@code e} the executor of every later {@link #run} and {@link #runVectors} in this JVM (a cluster report
     * installs Spark's) and returns the previous one.
     *
     * @throws InvalidArgumentException when {@code e} is null
     */
    public static Executor use(Executor e) {
        if (e == null) {
            throw new InvalidArgumentException("executor must not be null");
        }
        Executor old = executor;
        executor = e;
        return old;
    }

    /**
     * Returns the results of {@code trials} independent trials, index-ordered.
     *
     * @throws InvalidArgumentException when {@code trials} is negative
     */
    public static double[] run(int trials, long seed, Trial trial) {
        if (trials < 0) {
            throw new InvalidArgumentException("number of trials must be >= 0, got " + trials);
        }
        Executor e = executor;
        if (e == LOCAL) {
            double[] out = new double[trials];
            IntStream.range(0, trials).parallel()
                    .forEach(i -> out[i] = trial.run(i, Rngs.stream(seed, i)));
            return out;
        }
        double[][] v = e.runVectors(trials, seed, (i, rng) -> new double[] {trial.run(i, rng)});
        double[] out = new double[trials];
        for (int i = 0; i < trials; i++) {
            out[i] = v[i][0];
        }
        return out;
    }

    /**
     * Returns the vector results of {@code trials} independent trials, index-ordered.
     *
     * @throws InvalidArgumentException when {@code trials} is negative
     */
    public static double[][] runVectors(int trials, long seed, VectorTrial trial) {
        if (trials < 0) {
            throw new InvalidArgumentException("number of trials must be >= 0, got " + trials);
        }
        return executor.runVectors(trials, seed, trial);
    }

    /**
     * Returns the vector results of trials {@code from..to−1} in this JVM, in parallel, index-ordered (the building
     * block of every executor).
     *
     * @throws InvalidArgumentException when the range is empty or reversed
     */
    public static double[][] runRange(int from, int to, long seed, VectorTrial trial) {
        if (from < 0 || to < from) {
            throw new InvalidArgumentException("trial range " + from + ".." + to + " is not a range");
        }
        double[][] out = new double[to - from][];
        IntStream.range(from, to).parallel()
                .forEach(i -> out[i - from] = trial.run(i, Rngs.stream(seed, i)));
        return out;
    }

    private static double[][] runLocally(int trials, long seed, VectorTrial trial) {
        return runRange(0, trials, seed, trial);
    }
}
