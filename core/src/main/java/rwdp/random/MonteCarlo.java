package rwdp.random;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;

/**
 * Runs independent seeded trials: in this JVM's threads ({@link #run}, {@link #runVectors}) or through a run's own
 * {@link Executor} ({@link #on}). Trial {@code i} always
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

    /**
     * Trials bound to one executor: a run's own (a report's {@code CheckContext} holds one; the cluster report's runs on
     * Spark), so nothing process-wide changes where trials run.
     */
    public static final class Runner {
        private final Executor executor;

        private Runner(Executor executor) {
            this.executor = executor;
        }

        /** Returns this runner's executor. */
        public Executor executor() {
            return executor;
        }

        /**
         * Returns the results of {@code trials} independent trials run by this runner's executor, index-ordered.
         *
         * @throws InvalidArgumentException when {@code trials} is negative
         */
        public double[] run(int trials, long seed, Trial trial) {
            requireTrials(trials);
            if (executor == LOCAL) {
                return MonteCarlo.run(trials, seed, trial);
            }
            double[][] v = executor.runVectors(trials, seed, (i, rng) -> new double[] {trial.run(i, rng)});
            double[] out = new double[trials];
            for (int i = 0; i < trials; i++) {
                out[i] = v[i][0];
            }
            return out;
        }

        /**
         * Returns the vector results of {@code trials} independent trials run by this runner's executor, index-ordered.
         *
         * @throws InvalidArgumentException when {@code trials} is negative
         */
        public double[][] runVectors(int trials, long seed, VectorTrial trial) {
            requireTrials(trials);
            return executor.runVectors(trials, seed, trial);
        }
    }

    private static final Runner LOCAL_RUNNER = new Runner(LOCAL);

    /**
     * Returns a runner whose trials run on {@code e}.
     *
     * @throws InvalidArgumentException when {@code e} is null
     */
    public static Runner on(Executor e) {
        if (e == null) {
            throw new InvalidArgumentException("executor must not be null");
        }
        return e == LOCAL ? LOCAL_RUNNER : new Runner(e);
    }

    private static void requireTrials(int trials) {
        if (trials < 0) {
            throw new InvalidArgumentException("number of trials must be >= 0, got " + trials);
        }
    }

    /**
     * Returns the results of {@code trials} independent trials in this JVM, index-ordered.
     *
     * @throws InvalidArgumentException when {@code trials} is negative
     */
    public static double[] run(int trials, long seed, Trial trial) {
        requireTrials(trials);
        double[] out = new double[trials];
        IntStream.range(0, trials).parallel()
                .forEach(i -> out[i] = trial.run(i, Rngs.stream(seed, i)));
        return out;
    }

    /**
     * Returns the vector results of {@code trials} independent trials in this JVM, index-ordered.
     *
     * @throws InvalidArgumentException when {@code trials} is negative
     */
    public static double[][] runVectors(int trials, long seed, VectorTrial trial) {
        requireTrials(trials);
        return runLocally(trials, seed, trial);
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
