package rwdp.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.model.GaussianMixture;
import rwdp.model.LogisticLoss;
import rwdp.model.LogisticSolver;
import rwdp.model.Vectors;
import rwdp.mechanism.GammaMechanism;

class AlgorithmsTest {
    final Graph g = GraphSpec.parse("er:30,0.3,1").build();
    final LogisticLoss loss = new GaussianMixture(1, 10, 5, 7).loss(30);
    final SgdSettings settings = new SgdSettings(10, 0.75);

    static long allocatedBytes(Runnable r) {
        com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        long before = mx.getThreadAllocatedBytes(id);
        r.run();
        return mx.getThreadAllocatedBytes(id) - before;
    }

    @Test
    void stepsAllocateNothing() {
        DecentralizedSgd[] algs = {new UniformRwSgd(loss, g, settings, new SplittableRandom(1)),
            new WeightedRwSgd(loss, g, settings, new SplittableRandom(2)),
            PrivateWeightedRwSgd.gamma(loss, g, GammaMechanism.of(10), settings, new SplittableRandom(3)),
            new GossipSgd(loss, g, settings, new SplittableRandom(4))};
        for (DecentralizedSgd a : algs) {
            for (int i = 0; i < 200_000; i++) {
                a.step();
            }
            long bytes = allocatedBytes(() -> {
                for (int i = 0; i < 100_000; i++) {
                    a.step();
                }
            });
            // A few hundred bytes of measurement noise at most; an allocating step would be megabytes.
            assertTrue(bytes < 10_000, a.getClass().getSimpleName() + " allocated " + bytes + " bytes in 1e5 steps");
        }
    }

    @Test
    void iteratesStayInTheBallAndWeightsAreImportanceRatios() {
        WeightedRwSgd w = new WeightedRwSgd(loss, g, settings, new SplittableRandom(9));
        double mean = 0;
        for (int i = 0; i < 30; i++) {
            mean += loss.smoothness(i) / 30;
        }
        for (int i = 0; i < 30; i++) {
            assertEquals(mean / loss.smoothness(i), w.gradientWeight(i), 1e-12);
        }
        for (int k = 0; k < 5000; k++) {
            w.step();
            assertTrue(Vectors.norm(w.model()) <= 10 * (1 + 1e-12));
        }
        assertEquals(5000, w.updates());
    }

    @Test
    void uniformWalkConvergesTowardsTheOptimum() {
        LogisticSolver.Solution opt = LogisticSolver.solve(loss, 10, 1e-10);
        UniformRwSgd u = new UniformRwSgd(loss, g, settings, new SplittableRandom(4));
        double start = u.averageError(opt.value());
        u.run(200_000);
        assertTrue(u.averageError(opt.value()) < start / 10, "w̄ error did not drop tenfold");
        assertTrue(u.averageError(opt.value()) >= -1e-9, "f(w̄) below f(w*): the solver is not optimal");
    }

    @Test
    void solverMeetsItsToleranceInsideAndOnTheBall() {
        LogisticSolver.Solution in = LogisticSolver.solve(loss, 10, 1e-10);
        double[] g0 = new double[5];
        loss.averageGradient(in.w(), g0, new double[5]);
        assertTrue(Vectors.norm(g0) <= 1e-10);
        LogisticSolver.Solution on = LogisticSolver.solve(loss, 0.05, 1e-10);
        assertTrue(on.onBoundary());
        assertEquals(0.05, Vectors.norm(on.w()), 1e-9);
        // On the boundary, −∇f(w*) points along w*: the KKT condition, checked by brute force too.
        SplittableRandom rng = new SplittableRandom(2);
        double[] w = new double[5];
        for (int k = 0; k < 2000; k++) {
            Vectors.uniformInBall(w, 0.05, rng);
            assertTrue(loss.average(w) >= on.value() - 1e-12);
        }
    }

    @Test
    void invalidSettingsAreRejectedWithClearMessages() {
        assertThrows(IllegalArgumentException.class, () -> new SgdSettings(10, 0.5));
        assertThrows(IllegalArgumentException.class, () -> new SgdSettings(10, 1));
        assertThrows(IllegalArgumentException.class, () -> new SgdSettings(0, 0.7));
        Graph disconnected = GraphSpec.parse("er:30,0.001,1").build();
        assertThrows(IllegalArgumentException.class, () -> new UniformRwSgd(loss, disconnected, settings, new SplittableRandom(1)));
    }

    @Test
    void checkpointsAreIncreasingAndEndAtTheTotal() {
        long[] c = Trajectory.logCheckpoints(100_000, 40);
        assertEquals(1, c[0]);
        assertEquals(100_000, c[c.length - 1]);
        for (int i = 1; i < c.length; i++) {
            assertTrue(c[i] > c[i - 1]);
        }
    }
}
