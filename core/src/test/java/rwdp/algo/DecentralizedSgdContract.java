package rwdp.algo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.model.GaussianMixture;
import rwdp.model.LogisticLoss;

/**
 * The contract every decentralised SGD of rwdp meets, run by a small subclass per algorithm (in
 * the spirit of EJML's GeneralEigenDecompositionCheck): a run is a function of its seed, step by
 * step and whatever number of threads runs several at once; different seeds give different runs;
 * the state stays finite; and, where the benchmarks rely on it, a step allocates nothing.
 *
 * @param <A> the algorithm type ({@link DecentralizedSgd}, or {@link RwDpSgd}, which has the same shape)
 */
abstract class DecentralizedSgdContract<A> {
    /** Steps of a compared trajectory. */
    static final int STEPS = 2_000;

    /** Returns a fresh run of the algorithm on the fixture below, all its randomness from {@code seed}. */
    abstract A create(long seed);

    /** Makes one iteration. */
    abstract void step(A a);

    /** Returns a copy of everything a step changes that can be read (models, averages, position, counters). */
    abstract double[] state(A a);

    /** Returns whether a step must allocate nothing (the walk steps the benchmarks time). */
    boolean allocationFree() {
        return true;
    }

    /** The fixture's loss: the §V logistic task of Ayache et al. on 30 nodes. */
    static LogisticLoss loss() {
        return new GaussianMixture(1, 10, 5, 7).loss(30);
    }

    /** The fixture's graph: 30 nodes on a torus, so that walks have a choice at every step. */
    static Graph graph() {
        return GraphGenerators.torus(5, 6);
    }

    private List<double[]> trajectory(long seed) {
        A a = create(seed);
        List<double[]> out = new ArrayList<>();
        out.add(state(a));
        for (int k = 0; k < STEPS; k++) {
            step(a);
            out.add(state(a));
        }
        return out;
    }

    @Test
    void sameSeedGivesTheSameTrajectoryBitForBit() {
        List<double[]> one = trajectory(5);
        List<double[]> two = trajectory(5);
        for (int k = 0; k < one.size(); k++) {
            assertArrayEquals(one.get(k), two.get(k), "step " + k);
        }
    }

    @Test
    void differentSeedsGiveDifferentTrajectories() {
        List<double[]> one = trajectory(5);
        List<double[]> two = trajectory(6);
        assertFalse(Arrays.equals(one.get(STEPS), two.get(STEPS)), "seeds 5 and 6 end in the same state");
    }

    @Test
    void theStateStaysFinite() {
        List<double[]> t = trajectory(3);
        for (int k = 0; k < t.size(); k++) {
            for (double v : t.get(k)) {
                assertTrue(Double.isFinite(v), "step " + k + ": " + Arrays.toString(t.get(k)));
            }
        }
    }

    /** Runs of several seeds on 1 and on 4 threads (sharing the fixture's loss and graph types): the same numbers. */
    @Test
    void threadCountDoesNotChangeTheNumbers() throws Exception {
        List<double[]> one = endStates(1);
        List<double[]> four = endStates(4);
        for (int s = 0; s < one.size(); s++) {
            assertArrayEquals(one.get(s), four.get(s), "seed " + s);
        }
    }

    private List<double[]> endStates(int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<double[]>> jobs = new ArrayList<>();
            for (long seed = 1; seed <= 8; seed++) {
                long s = seed;
                jobs.add(pool.submit(() -> {
                    List<double[]> t = trajectory(s);
                    return t.get(t.size() - 1);
                }));
            }
            List<double[]> out = new ArrayList<>();
            for (Future<double[]> f : jobs) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    @Test
    void aStepAllocatesNothing() {
        if (!allocationFree()) {
            return;
        }
        A a = create(9);
        for (int i = 0; i < 200_000; i++) {
            step(a);
        }
        long bytes = AlgorithmsTest.allocatedBytes(() -> {
            for (int i = 0; i < 100_000; i++) {
                step(a);
            }
        });
        // A few hundred bytes of measurement noise at most; an allocating step would be megabytes.
        assertTrue(bytes < 10_000, a.getClass().getSimpleName() + " allocated " + bytes + " bytes in 1e5 steps");
    }
}
