package rwdp.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.algo.federated.TrainingTrace;
import rwdp.check.InvalidArgumentException;
import rwdp.data.DataSource;
import rwdp.data.Partition;
import rwdp.model.ModelSpec;
import rwdp.random.Rngs;

/**
 * The Wang et al. experiment wiring: deterministic under a seed, built from its data, partition
 * and model values, settings that do not fit refused naming what, and a tiny synthetic run that
 * learns (3 well-separated classes: chance is 1/3).
 */
class FederatedExperimentTest {
    private static final TrainingSchedule SHORT = new TrainingSchedule(20, 5, 2, 0.5, 2, 0.499, Double.POSITIVE_INFINITY, 5);

    /** 4 devices, 3 Gaussian classes in 5 dimensions with means of norm 4, 300 training and 200 test samples. */
    private static FederatedExperiment tiny() {
        return new FederatedExperiment(rwdp.graph.GraphSpec.complete(4), rwdp.markov.WeightScheme.of(rwdp.markov.WeightScheme.Kind.MH_UNIFORM), java.util.List.of(), DataSource.synthetic(), Partition.iid(), ModelSpec.softmax(), 5, 3, 4.0,
                300, 200, 10, SHORT, 0);
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
    void settingsThatDoNotFitAreRefusedNamingWhat(@TempDir Path dir) {
        FederatedExperiment e = tiny();
        // Each value is valid alone (checked when constructed); what does not fit this experiment is refused when built.
        refused("784 inputs", () -> e.withModel(ModelSpec.twoFnn()).build(1));
        refused("devices", () -> new FederatedExperiment(rwdp.graph.GraphSpec.complete(4), rwdp.markov.WeightScheme.of(rwdp.markov.WeightScheme.Kind.MH_UNIFORM), java.util.List.of(), DataSource.synthetic(), Partition.shards(0), ModelSpec.softmax(), 5, 3,
                4.0, 3, 200, 10, SHORT, 0).build(1));
        refused("not found", () -> new FederatedExperiment(rwdp.graph.GraphSpec.complete(4), rwdp.markov.WeightScheme.of(rwdp.markov.WeightScheme.Kind.MH_UNIFORM), java.util.List.of(), DataSource.csvFile(dir.resolve("absent.csv")), Partition.iid(), ModelSpec.softmax(), 5, 3,
                4.0, 300, 200, 10, SHORT, 0).build(1));
        refused("not connected", () -> new FederatedExperiment(rwdp.graph.GraphSpec.er(6, 0, 1), rwdp.markov.WeightScheme.of(rwdp.markov.WeightScheme.Kind.MH_UNIFORM), java.util.List.of(), DataSource.synthetic(), Partition.iid(), ModelSpec.softmax(), 5, 3,
                4.0, 300, 200, 10, SHORT, 0).build(1));
        refused("algorithm", () -> e.run(e.build(1), "sgd-please", 0, 1));
        refused("straggler", () -> e.withStragglers(1.5).run(e.build(1), "dfedrw", 0, 1));
        refused("rounds", () -> SHORT.withRounds(0));
    }

    @Test
    void theSetupIsBuiltFromTheValues() {
        FederatedExperiment e = tiny().withPartition(Partition.dirichlet(0.3)).withModel(ModelSpec.mlp(8));
        FederatedExperiment.Setup s = e.build(7);
        // An MLP of 8 hidden units on 5 features and 3 classes: (5 + 1)·8 + (8 + 1)·3 parameters.
        assertEquals(6 * 8 + 9 * 3, s.objective().dimension());
        // The data and then the split are drawn from one stream of the data seed, in that order: the same draws as
        // the values' own load and split.
        SplittableRandom rng = Rngs.root(Rngs.derive(7, "data"));
        DataSource.Sets sets = e.data().load(5, 3, 4.0, 300, 200, Rngs.derive(7, "means"), rng);
        assertArrayEquals(sets.train().labels(), s.trainData().labels());
        assertArrayEquals(sets.test().labels(), s.testData().labels());
        int[][] split = e.partition().split(sets.train(), 4, rng);
        assertEquals(split.length, s.objective().split().length);
        for (int i = 0; i < split.length; i++) {
            assertArrayEquals(split[i], s.objective().split()[i], "device " + i);
        }
    }

    @Test
    void aFileIsSplitEightyTwenty(@TempDir Path dir) throws java.io.IOException {
        StringBuilder csv = new StringBuilder();
        for (int r = 0; r < 100; r++) {
            csv.append(r % 3).append(',').append(r % 3 + 0.1 * (r % 7)).append(',').append(-(r % 3)).append('\n');
        }
        Path f = Files.writeString(dir.resolve("d.csv"), csv);
        FederatedExperiment e = new FederatedExperiment(rwdp.graph.GraphSpec.complete(4), rwdp.markov.WeightScheme.of(rwdp.markov.WeightScheme.Kind.MH_UNIFORM), java.util.List.of(), DataSource.csvFile(f), Partition.iid(), ModelSpec.softmax(), 5, 3,
                4.0, 300, 200, 10, SHORT, 0);
        FederatedExperiment.Setup s = e.build(1);
        assertEquals(80, s.trainData().size());
        assertEquals(20, s.testData().size());
        assertEquals(2, s.trainData().dimension());
    }

    @Test
    void withersChangeOneFieldOnly() {
        FederatedExperiment e = tiny();
        FederatedExperiment p = e.withPartition(Partition.dirichlet(0.5));
        assertEquals(Partition.dirichlet(0.5), p.partition());
        assertEquals(e, p.withPartition(Partition.iid()));
        assertEquals(e, e.withStragglers(0.3).withStragglers(0));
        assertEquals(ModelSpec.mlp(8), e.withModel(ModelSpec.mlp(8)).model());
        assertEquals(e, e.withModel(ModelSpec.mlp(8)).withModel(ModelSpec.softmax()));
        assertNotEquals(e, e.withSchedule(SHORT.withSteps(1)));
        assertEquals(e, e.withSchedule(SHORT.withSteps(1)).withSchedule(SHORT));
    }
}
