package rwdp.algo;

import rwdp.check.InvalidArgumentException;

/**
 * The errors of one run recorded at checkpoints counted in SGD updates.
 *
 * @param updates        the checkpoints (SGD updates performed)
 * @param iterateError   f(w_k) − f* at each checkpoint (gossip: mean over nodes)
 * @param averageError   f(w̄_k) − f* at each checkpoint
 * @param stepsPerSecond iterations per second of the run, error evaluation excluded
 */
public record Trajectory(long[] updates, double[] iterateError, double[] averageError, double stepsPerSecond) {

    public Trajectory {
        updates = updates.clone();
        iterateError = iterateError.clone();
        averageError = averageError.clone();
    }

    /** Returns a copy of the checkpoints. */
    @Override
    public long[] updates() {
        return updates.clone();
    }

    /** Returns a copy of f(w_k) − f* at each checkpoint. */
    @Override
    public double[] iterateError() {
        return iterateError.clone();
    }

    /** Returns a copy of f(w̄_k) − f* at each checkpoint. */
    @Override
    public double[] averageError() {
        return averageError.clone();
    }

    /**
     * Returns about {@code count} distinct checkpoints log-spaced between 1 and {@code total}.
     *
     * @throws InvalidArgumentException when total &lt; 1 or count &lt; 1
     */
    public static long[] logCheckpoints(long total, int count) {
        if (total < 1 || count < 1) {
            throw new InvalidArgumentException("need a positive number of updates and checkpoints");
        }
        long[] tmp = new long[count];
        int m = 0;
        for (int c = 0; c < count; c++) {
            long v = c == count - 1 ? total : Math.round(Math.exp(Math.log(total) * c / (count - 1)));
            v = Math.max(1, Math.min(total, v));
            if (m == 0 || v > tmp[m - 1]) {
                tmp[m++] = v;
            }
        }
        return java.util.Arrays.copyOf(tmp, m);
    }

    /**
     * Runs {@code alg} until it has performed the last checkpoint's number of SGD updates and
     * returns the errors at every checkpoint (a checkpoint between two iterations of a
     * two-update algorithm is recorded after the iteration that reaches it).
     */
    public static Trajectory record(DecentralizedSgd alg, long[] checkpoints, double fStar) {
        double[] it = new double[checkpoints.length];
        double[] av = new double[checkpoints.length];
        long nanos = 0;
        long steps = 0;
        for (int c = 0; c < checkpoints.length; c++) {
            long t0 = System.nanoTime();
            while (alg.updates() < checkpoints[c]) {
                alg.step();
                steps++;
            }
            nanos += System.nanoTime() - t0;
            it[c] = alg.iterateError(fStar);
            av[c] = alg.averageError(fStar);
        }
        return new Trajectory(checkpoints.clone(), it, av, nanos == 0 ? Double.NaN : steps * 1e9 / nanos);
    }
}
