package rwdp.algo.federated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.model.LogisticLoss;

/**
 * The contract every {@link FederatedAlgorithm} meets, run by a small subclass per algorithm (in the
 * spirit of EJML's GeneralEigenDecompositionCheck): a run is a function of its seed (round by round,
 * and whatever number of threads runs several at once), different seeds give different runs, a round
 * leaves the model finite and never takes back bits or gradient steps, and {@code run} is the
 * schedule's T rounds.
 */
abstract class FederatedAlgorithmContract {
    /** Devices of the shared fixture. */
    static final int DEVICES = 8;

    /** Returns the algorithm under test, built on the fixture below. */
    abstract FederatedAlgorithm create();

    /** Returns the fixture's loss: label-skewed logistic regression, 4 samples of 3 features per device. */
    static LogisticLoss loss() {
        SplittableRandom r = new SplittableRandom(11);
        double[][][] x = new double[DEVICES][4][3];
        double[][] y = new double[DEVICES][4];
        for (int i = 0; i < DEVICES; i++) {
            for (int s = 0; s < 4; s++) {
                y[i][s] = r.nextDouble() < (i + 0.5) / DEVICES ? 1 : -1;
                for (int k = 0; k < 3; k++) {
                    x[i][s][k] = y[i][s] * 0.5 + r.nextGaussian();
                }
            }
        }
        return new LogisticLoss(x, y, 1, 0.1);
    }

    static LocalObjective objective() {
        return new LossObjective(loss());
    }

    static Graph graph() {
        return GraphGenerators.ring(DEVICES);
    }

    static TransitionMatrix walk() {
        return WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(graph());
    }

    /** T = 12 rounds, K = 3, M = 3, half the neighbourhood aggregated, a ball of radius 10. */
    static TrainingSchedule schedule() {
        return new TrainingSchedule(12, 3, 3, 0.5, 1, 0.75, 10, 1);
    }

    /** Stragglers, so that the straggler draws are part of every trajectory. */
    static StragglerModel stragglers() {
        return new StragglerModel(0.3);
    }

    private static final TrainingTrace.Evaluator NORM = w -> new double[] {w[0], rwdp.model.Vectors.norm(w)};

    /** Returns the model after each of the schedule's rounds, with the bits and gradient steps, as one array per round. */
    private static double[][] trajectory(FederatedAlgorithm a, long seed) {
        FederatedAlgorithm.Run r = a.start(seed);
        int t = a.schedule().rounds();
        double[][] out = new double[t + 1][];
        out[0] = withCounters(r);
        for (int k = 1; k <= t; k++) {
            r.round();
            out[k] = withCounters(r);
        }
        return out;
    }

    private static double[] withCounters(FederatedAlgorithm.Run r) {
        double[] m = r.model();
        double[] out = Arrays.copyOf(m, m.length + 2);
        out[m.length] = r.bits();
        out[m.length + 1] = r.gradientSteps();
        return out;
    }

    @Test
    void sameSeedGivesTheSameTrajectoryBitForBit() {
        FederatedAlgorithm a = create();
        double[][] first = trajectory(a, 5);
        double[][] again = trajectory(a, 5);
        double[][] fresh = trajectory(create(), 5);
        for (int k = 0; k < first.length; k++) {
            assertArrayEquals(first[k], again[k], "round " + k + " of a second run of the same object");
            assertArrayEquals(first[k], fresh[k], "round " + k + " of a run of a fresh object");
        }
    }

    @Test
    void differentSeedsGiveDifferentTrajectories() {
        FederatedAlgorithm a = create();
        double[][] one = trajectory(a, 5);
        double[][] two = trajectory(a, 6);
        int last = one.length - 1;
        int d = one[last].length - 2;
        assertFalse(Arrays.equals(Arrays.copyOf(one[last], d), Arrays.copyOf(two[last], d)), "seeds 5 and 6 end at the same model");
    }

    @Test
    void aRoundLeavesTheModelFiniteAndTakesBackNothing() {
        FederatedAlgorithm.Run r = create().start(3);
        assertEquals(0, r.rounds());
        long bits = 0;
        long steps = 0;
        for (int k = 1; k <= 3 * schedule().rounds(); k++) {
            r.round();
            assertEquals(k, r.rounds());
            for (double v : r.model()) {
                assertTrue(Double.isFinite(v), "round " + k + ": model " + Arrays.toString(r.model()));
            }
            assertTrue(r.bits() >= bits, "round " + k + ": bits went down");
            assertTrue(r.gradientSteps() >= steps, "round " + k + ": gradient steps went down");
            bits = r.bits();
            steps = r.gradientSteps();
        }
        assertTrue(steps > 0, "no gradient step in " + r.rounds() + " rounds");
    }

    @Test
    void runIsTheScheduledRoundsTraced() {
        FederatedAlgorithm a = create();
        TrainingTrace t = a.run(7, NORM);
        double[][] byRound = trajectory(a, 7);
        int rounds = a.schedule().rounds();
        assertEquals(rounds, t.rounds().length);
        assertEquals(a.name(), t.algorithm());
        for (int k = 1; k <= rounds; k++) {
            double[] m = byRound[k];
            assertEquals(k, t.rounds()[k - 1]);
            assertEquals((long) m[m.length - 2], t.bits()[k - 1], "bits after round " + k);
            assertEquals(m[0], t.accuracy()[k - 1], "first coordinate after round " + k);
        }
        double[] end = byRound[rounds];
        assertArrayEquals(Arrays.copyOf(end, end.length - 2), t.finalModel());
        assertEquals((long) end[end.length - 1], t.gradientSteps());
    }

    /** Runs of several seeds on 1 and on 4 threads sharing one algorithm object: the numbers do not depend on the threads. */
    @Test
    void threadCountDoesNotChangeTheNumbers() throws Exception {
        FederatedAlgorithm a = create();
        List<double[][]> one = runSeeds(a, 1);
        List<double[][]> four = runSeeds(a, 4);
        for (int s = 0; s < one.size(); s++) {
            for (int k = 0; k < one.get(s).length; k++) {
                assertArrayEquals(one.get(s)[k], four.get(s)[k], "seed " + s + ", round " + k);
            }
        }
    }

    private static List<double[][]> runSeeds(FederatedAlgorithm a, int threads) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<double[][]>> jobs = new ArrayList<>();
            for (long seed = 1; seed <= 8; seed++) {
                long s = seed;
                jobs.add(pool.submit(() -> trajectory(a, s)));
            }
            List<double[][]> out = new ArrayList<>();
            for (Future<double[][]> f : jobs) {
                out.add(f.get());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }
}
