package rwdp.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.ObjectStreamClass;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;
import org.apache.spark.SparkException;
import org.apache.spark.TaskContext;
import org.apache.spark.api.java.JavaSparkContext;
import org.apache.spark.api.java.function.Function;
import org.apache.spark.broadcast.Broadcast;
import rwdp.random.MonteCarlo;

/**
 * The claims' Monte Carlo on Spark executors: a call's trials 0..N−1 cut into batches of consecutive indices, one task
 * each; trial i still runs with {@code Rngs.stream(seed, i)} and its result comes back at index i, so the evidence is
 * the local run's. A trial that captures something not serializable, and a call made inside a Spark task, run in this
 * JVM (same numbers); the counts are reported at the end.
 */
final class SparkTrials implements MonteCarlo.Executor {
    private final JavaSparkContext sc;
    private final boolean quiet;
    private final AtomicLong remoteCalls = new AtomicLong();
    private final AtomicLong remoteTrials = new AtomicLong();
    private final AtomicLong localCalls = new AtomicLong();
    private final AtomicLong localTrials = new AtomicLong();
    private final AtomicLong smallCalls = new AtomicLong();
    private final AtomicLong nestedCalls = new AtomicLong();
    private final AtomicLong unserializableCalls = new AtomicLong();
    private volatile String firstLocalReason;

    SparkTrials(JavaSparkContext sc, boolean quiet) {
        this.sc = sc;
        this.quiet = quiet;
    }

    @Override
    public double[][] runVectors(int trials, long seed, MonteCarlo.VectorTrial trial) {
        if (trials < 2) {
            smallCalls.incrementAndGet();
            return local(trials, seed, trial, null);
        }
        if (TaskContext.get() != null) {
            nestedCalls.incrementAndGet();
            return local(trials, seed, trial, null);
        }
        byte[] bytes;
        try {
            bytes = serialize(trial);
        } catch (IOException | RuntimeException e) {
            unserializableCalls.incrementAndGet();
            return local(trials, seed, trial, e.toString());
        }
        long t0 = System.nanoTime();
        int batches = Math.min(trials, Math.max(1, 2 * sc.defaultParallelism()));
        Broadcast<byte[]> b = sc.broadcast(bytes);
        List<double[][]> parts;
        try {
            parts = sc.parallelize(IntStream.range(0, batches).boxed().toList(), batches)
                    .map(new Batch(b, trials, batches, seed)).collect();
        } catch (RuntimeException e) {
            throw unwrap(e);
        } finally {
            b.destroy(false);
        }
        double[][] out = new double[trials][];
        int at = 0;
        for (double[][] p : parts) {
            System.arraycopy(p, 0, out, at, p.length);
            at += p.length;
        }
        if (at != trials) {
            throw new IllegalStateException("executors returned " + at + " trials of " + trials);
        }
        remoteCalls.incrementAndGet();
        remoteTrials.addAndGet(trials);
        if (!quiet) {
            System.err.printf(Locale.ROOT, "%nrwdp cluster: %d trials in %d batches done on executors (%.1f s)%n", trials, batches,
                    (System.nanoTime() - t0) / 1e9);
        }
        return out;
    }

    private double[][] local(int trials, long seed, MonteCarlo.VectorTrial trial, String reason) {
        localCalls.incrementAndGet();
        localTrials.addAndGet(trials);
        if (reason != null && firstLocalReason == null) {
            firstLocalReason = reason;
        }
        return MonteCarlo.runRange(0, trials, seed, trial);
    }

    /**
     * Returns where the trials ran: one line, and when any ran in the driver a warning line with how many (share of all
     * trials) and why.
     */
    String summary() {
        long local = localTrials.get();
        long all = local + remoteTrials.get();
        String line = String.format(Locale.ROOT, "rwdp cluster: %d Monte Carlo calls (%d trials) ran on executors, %d calls (%d trials) in the driver",
                remoteCalls.get(), remoteTrials.get(), localCalls.get(), local);
        if (local == 0) {
            return line;
        }
        java.util.List<String> why = new java.util.ArrayList<>();
        if (smallCalls.get() > 0) {
            why.add(smallCalls.get() + " call(s) of fewer than 2 trials");
        }
        if (nestedCalls.get() > 0) {
            why.add(nestedCalls.get() + " call(s) made inside an executor's trial");
        }
        if (unserializableCalls.get() > 0) {
            why.add(unserializableCalls.get() + " call(s) whose trial captures what Java cannot serialize (first: " + firstLocalReason + ")");
        }
        return line + String.format(Locale.ROOT, "%nrwdp cluster: warning: %d of %d trials (%.2f%%) ran in the driver, not on the cluster: %s",
                local, all, 100.0 * local / all, String.join("; ", why));
    }

    /** Returns the number of trials that ran on executors. */
    long remoteTrials() {
        return remoteTrials.get();
    }

    /** Returns the number of trials that ran in the driver. */
    long localTrials() {
        return localTrials.get();
    }

    /** Returns the number of calls that ran on executors. */
    long remoteCalls() {
        return remoteCalls.get();
    }

    private static RuntimeException unwrap(RuntimeException e) {
        Throwable c = e;
        while (c instanceof SparkException && c.getCause() != null) {
            c = c.getCause();
        }
        return c instanceof RuntimeException re ? re : e;
    }

    static byte[] serialize(Object o) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(o);
        }
        return bytes.toByteArray();
    }

    static Object deserialize(byte[] bytes) {
        try (ObjectInputStream in = new ContextLoaderInput(new ByteArrayInputStream(bytes))) {
            return in.readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the executor lacks the class of a trial: " + e.getMessage(), e);
        }
    }

    /** Resolves classes through the task's context class loader (the one holding the application jar). */
    private static final class ContextLoaderInput extends ObjectInputStream {
        ContextLoaderInput(InputStream in) throws IOException {
            super(in);
        }

        @Override
        protected Class<?> resolveClass(ObjectStreamClass desc) throws IOException, ClassNotFoundException {
            ClassLoader l = Thread.currentThread().getContextClassLoader();
            if (l != null) {
                try {
                    return Class.forName(desc.getName(), false, l);
                } catch (ClassNotFoundException e) {
                    // fall through to the default lookup
                }
            }
            return super.resolveClass(desc);
        }
    }

    /** One batch of consecutive trial indices, run on an executor. */
    static final class Batch implements Function<Integer, double[][]> {
        private static final long serialVersionUID = 1L;
        private final Broadcast<byte[]> trial;
        private final int trials;
        private final int batches;
        private final long seed;

        Batch(Broadcast<byte[]> trial, int trials, int batches, long seed) {
            this.trial = trial;
            this.trials = trials;
            this.batches = batches;
            this.seed = seed;
        }

        @Override
        public double[][] call(Integer j) {
            int lo = (int) ((long) j * trials / batches);
            int hi = (int) ((long) (j + 1) * trials / batches);
            MonteCarlo.VectorTrial t = (MonteCarlo.VectorTrial) deserialize(trial.value());
            return MonteCarlo.runRange(lo, hi, seed, t);
        }
    }
}
