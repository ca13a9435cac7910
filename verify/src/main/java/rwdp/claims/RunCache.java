package rwdp.claims;

import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Supplier;

/**
 * What the claims of one run compute once and share (a setup, a batch of training runs, a deterministic grid), held by
 * the run's {@link CheckContext}s and dropped with the run: nothing outlives it, so a process that runs many seeds
 * (the seed sweep, the tests) does not accumulate every run's traces. Keys are typed records, one type per kind of
 * value ({@link Key}), so two kinds can never collide the way hand-joined strings could.
 */
public final class RunCache {
    /** A key whose values are of type {@code T}; implement it with a record holding every input of the computation. */
    public interface Key<T> {}

    private final ConcurrentHashMap<Key<?>, FutureTask<?>> values = new ConcurrentHashMap<>();

    /**
     * Returns the value of {@code key}, computing it with {@code compute} the first time; a claim asking while another
     * computes it waits for that result. The computation runs outside the map's locks, so it may itself use the cache.
     *
     * @throws NullPointerException when key or compute is null, or compute returns null
     * @throws RuntimeException the computation's own exception (an Error is rethrown as is)
     */
    @SuppressWarnings("unchecked")
    public <T> T get(Key<T> key, Supplier<? extends T> compute) {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(compute, "compute");
        FutureTask<?> task = values.get(key);
        if (task == null) {
            FutureTask<T> mine = new FutureTask<>(() -> Objects.requireNonNull(compute.get(), "cached value"));
            task = values.putIfAbsent(key, mine);
            if (task == null) {
                task = mine;
                mine.run();
            }
        }
        try {
            return (T) task.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for a shared computation", e);
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof RuntimeException r) {
                throw r;
            }
            if (c instanceof Error err) {
                throw err;
            }
            throw new IllegalStateException(c);
        }
    }

    /** Returns how many values are held. */
    public int size() {
        return values.size();
    }
}
