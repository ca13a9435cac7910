package rwdp.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.algo.federated.TrainingTrace;
import rwdp.check.InvalidArgumentException;
import rwdp.data.LabeledData;

/**
 * The Wang et al. experiment wiring: deterministic under a seed, bad specs refused naming the
 * parameter, and a tiny synthetic run that learns (3 well-separated classes: chance is 1/3).
 */
class FederatedExperimentTest {
    private static final TrainingSchedule SHORT = new TrainingSchedule(20, 5, 2, 0.5, 2, 0.499, Double.POSITIVE_INFINITY, 5);

    /** 4 devices, 3 Gaussian classes in 5 dimensions with means of norm 4, 300 training and 200 test samples. */
    private static FederatedExperiment tiny() {
        return new FederatedExperiment("complete:4", "mh-uniform", "synthetic", "iid", "softmax", 5, 3, 4.0, 300, 200, 10,
                SHORT, 0);
    }

    @Test
    void sameSeedsGiveTheSameTraceAndAnotherRunSeedAnother() {
        FederatedExperiment e = tiny();
        for (String alg : new String[] {"dfedrw", "fedavg"}) {
            TrainingTrace a = e.run(e.build(11), alg, 0, 5);
            TrainingTrace b = e.run(e.build(11), alg, 0, 5);
            assertArrayEquals(a.rounds(), b.rounds(), alg);
            assertArrayEquals(a.accuracy(), b.accuracy(), 0, alg);
            assertArrayEquals(a.loss(), b.loss(), 0, alg);
            assertArrayEquals(a.bits(), b.bits(), alg);
            assertArrayEquals(a.finalModel(), b.finalModel(), 0, alg);
            // The check can fail: another run seed moves the model.
            TrainingTrace c = e.run(e.build(11), alg, 0, 6);
            assertFalse(java.util.Arrays.equals(a.finalModel(), c.finalModel()), alg);
        }
    }

    @Test
    void tinySyntheticRunBeatsChance() {
        FederatedExperiment e = tiny();
        FederatedExperiment.Setup s = e.build(3);
        assertEquals(300, s.trainData().size());
        assertEquals(200, s.testData().size());
        assertEquals(4, s.graph().n());
        // Evaluations after rounds 5, 10, 15, 20.
        TrainingTrace t = e.run(s, "dfedrw", 0, 1);
        assertArrayEquals(new int[] {5, 10, 15, 20}, t.rounds());
        // Chance is 1/3; 200 test samples put a chance-level classifier above 0.45 with probability < 1e-3.
        assertTrue(t.finalAccuracy() > 0.6, "final accuracy " + t.finalAccuracy());
        // The untrained model (all zeros) is at chance: its accuracy is one class's share of the test set.
        double zero = s.evaluator().evaluate(new double[s.objective().dimension()])[0];
        assertTrue(zero < 0.5, "untrained accuracy " + zero);
    }

    private static void refused(String parameter, Supplier<?> build) {
        InvalidArgumentException ex = assertThrows(InvalidArgumentException.class, build::get);
        assertTrue(ex.getMessage().contains(parameter), "message should name " + parameter + ": " + ex.getMessage());
    }

    @Test
    void badSpecsAreRefusedNamingTheParameter() {
        FederatedExperiment e = tiny();
        refused("data", () -> new FederatedExperiment("complete:4", "mh-uniform", "mnist", "iid", "softmax", 5, 3, 4.0, 300, 200,
                10, SHORT, 0).build(1));
        refused("partition", () -> e.withPartition("stripes").build(1));
        refused("partition", () -> e.withPartition("dirichlet:abc").build(1));
        refused("model", () -> e.withModel("forest").build(1));
        refused("not connected", () -> new FederatedExperiment("er:6,0,1", "mh-uniform", "synthetic", "iid", "softmax", 5, 3,
                4.0, 300, 200, 10, SHORT, 0).build(1));
        refused("algorithm", () -> e.run(e.build(1), "sgd-please", 0, 1));
        refused("straggler", () -> e.withStragglers(1.5).run(e.build(1), "dfedrw", 0, 1));
        refused("rounds", () -> SHORT.withRounds(0));
        refused("sample", () -> FederatedExperiment.subsample(e.build(1).testData(), 0, new SplittableRandom(1)));
    }

    @Test
    void shardsPerClassGivesEveryDeviceTwoShards() {
        // §VI-A: 10 classes, 20 devices, 4 shards per class (40 shards, 2 per device).
        assertEquals(4, FederatedExperiment.shardsPerClass(10, 20));
        // 10 classes on 10 devices: 2 per class already gives 20 = 2·10.
        assertEquals(2, FederatedExperiment.shardsPerClass(10, 10));
        // 3 classes on 7 devices: 3s must be a multiple of 7 and at least 14, so s = 7.
        assertEquals(7, FederatedExperiment.shardsPerClass(3, 7));
    }

    /** Whenever it exists, the returned s splits evenly and gives each device at least two shards, and no smaller s does. */
    @Property(tries = 200)
    void shardsPerClassIsTheSmallestEvenSplit(@ForAll @IntRange(min = 1, max = 30) int classes,
                                              @ForAll @IntRange(min = 1, max = 60) int devices) {
        int s = FederatedExperiment.shardsPerClass(classes, devices);
        int smallest = -1;
        for (int t = 1; t <= 4 * devices && smallest < 0; t++) {
            if (classes * t % devices == 0 && classes * t >= 2 * devices) {
                smallest = t;
            }
        }
        // t = 2·devices always qualifies (classes·2·devices is a multiple of devices and ≥ 2·devices).
        assertTrue(smallest > 0);
        assertEquals(smallest, s);
    }

    @Test
    void subsampleDrawsDistinctRowsAndKeepsSmallSets() {
        double[][] x = new double[10][];
        int[] y = new int[10];
        for (int i = 0; i < 10; i++) {
            x[i] = new double[] {i};
            y[i] = i % 2;
        }
        LabeledData all = new LabeledData(x, y, 2);
        assertSame(all, FederatedExperiment.subsample(all, 10, new SplittableRandom(1)));
        assertSame(all, FederatedExperiment.subsample(all, 50, new SplittableRandom(1)));
        LabeledData some = FederatedExperiment.subsample(all, 4, new SplittableRandom(2));
        assertEquals(4, some.size());
        Set<Double> seen = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            double v = some.features()[i][0];
            assertTrue(seen.add(v), "row " + v + " drawn twice");
            assertEquals((int) v % 2, some.labels()[i], "label travels with its row");
        }
    }

    @Test
    void withersChangeOneFieldOnly() {
        FederatedExperiment e = tiny();
        FederatedExperiment p = e.withPartition("dirichlet:0.5");
        assertEquals("dirichlet:0.5", p.partition());
        assertEquals(e, p.withPartition("iid"));
        assertEquals(e, e.withStragglers(0.3).withStragglers(0));
        assertEquals(e, e.withModel("mlp:8").withModel("softmax"));
        assertNotEquals(e, e.withSchedule(SHORT.withSteps(1)));
        assertEquals(e, e.withSchedule(SHORT.withSteps(1)).withSchedule(SHORT));
    }
}
