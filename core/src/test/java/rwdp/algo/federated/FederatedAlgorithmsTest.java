package rwdp.algo.federated;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.model.LogisticLoss;
import rwdp.quantize.StochasticQuantizer;

class FederatedAlgorithmsTest {
    private static LogisticLoss loss(int n, int m, int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][][] x = new double[n][m][d];
        double[][] y = new double[n][m];
        for (int i = 0; i < n; i++) {
            for (int s = 0; s < m; s++) {
                y[i][s] = r.nextDouble() < (i + 0.5) / n ? 1 : -1;
                for (int k = 0; k < d; k++) {
                    x[i][s][k] = y[i][s] * 0.5 + r.nextGaussian();
                }
            }
        }
        return new LogisticLoss(x, y, 1, 0.1);
    }

    private static final TrainingTrace.Evaluator NONE = w -> new double[] {0, 0};

    /** FedAvg with every device selected and K = 1 is one full gradient step of the n_l-weighted objective. */
    @Test
    void fedAvgWithAllDevicesAndOneStepIsAGradientStep() {
        LogisticLoss l = loss(6, 4, 3, 1);
        TrainingSchedule s = new TrainingSchedule(1, 1, 6, 1, 2, 0.5, Double.POSITIVE_INFINITY, 1);
        TrainingTrace t = new FedAvg(new LossObjective(l), s, StragglerModel.NONE, StragglerPolicy.DROP).run(3, NONE);
        double[] g = new double[3];
        double[] scratch = new double[3];
        l.averageGradient(new double[3], g, scratch);
        double eta = 1 / 2.0;
        for (int k = 0; k < 3; k++) {
            assertEquals(-eta * g[k], t.finalModel()[k], 1e-14);
        }
    }

    /**
     * With K = 1 no walk hops; aggregating over every device of complete:n sends n(n−1) messages
     * per round: 32 d bits each for DFedRW, 64 + b d for QDFedRW (Wang et al., §IV-B).
     */
    @Test
    void bitAccountingCountsEveryAggregationMessage() {
        int n = 5;
        int d = 3;
        LogisticLoss l = loss(n, 4, d, 2);
        Graph g = GraphGenerators.complete(n);
        TransitionMatrix p = WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(g);
        TrainingSchedule s = new TrainingSchedule(4, 1, 2, 1, 1, 0.75, 10, 1);
        TrainingTrace full = new DFedRW(p, g, new LossObjective(l), s, StragglerModel.NONE, null).run(1, NONE, null);
        assertEquals(4L * n * (n - 1) * 32 * d, full.bits()[3]);
        StochasticQuantizer q = StochasticQuantizer.finest(6);
        TrainingTrace quant = new DFedRW(p, g, new LossObjective(l), s, StragglerModel.NONE, q).run(1, NONE, null);
        assertEquals(4L * n * (n - 1) * (64 + 6 * d), quant.bits()[3]);
    }

    @Test
    void runsAreReproducibleAndSeedsMatter() {
        LogisticLoss l = loss(8, 4, 3, 3);
        Graph g = GraphGenerators.ring(8);
        TransitionMatrix p = WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(g);
        TrainingSchedule s = new TrainingSchedule(10, 3, 3, 0.5, 1, 0.75, 10, 1);
        DFedRW a = new DFedRW(p, g, new LossObjective(l), s, new StragglerModel(0.5), null);
        assertArrayEquals(a.run(5, NONE, null).finalModel(), a.run(5, NONE, null).finalModel());
        assertFalse(java.util.Arrays.equals(a.run(5, NONE, null).finalModel(), a.run(6, NONE, null).finalModel()));
    }

    /**
     * The corrected QDFedRW at b = 32 (quantisation error ~1e-9) follows DFedRW's trajectory, since
     * its aggregation is eq. (11) with quantised updates; eq. (14) as printed does not.
     */
    @Test
    void correctedQuantisedAggregationTracksDFedRWAtHighPrecision() {
        LogisticLoss l = loss(8, 4, 3, 5);
        Graph g = GraphGenerators.ring(8);
        TransitionMatrix p = WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(g);
        TrainingSchedule s = new TrainingSchedule(30, 3, 3, 0.5, 1, 0.75, 10, 1);
        double[] exact = new DFedRW(p, g, new LossObjective(l), s, StragglerModel.NONE, null).run(9, NONE, null).finalModel();
        StochasticQuantizer q = StochasticQuantizer.finest(32);
        double[] corrected = new DFedRW(p, g, new LossObjective(l), s, StragglerModel.NONE, q, true).run(9, NONE, null).finalModel();
        double[] printed = new DFedRW(p, g, new LossObjective(l), s, StragglerModel.NONE, q, false).run(9, NONE, null).finalModel();
        double dc = 0;
        double dp = 0;
        for (int k = 0; k < 3; k++) {
            dc = Math.max(dc, Math.abs(corrected[k] - exact[k]));
            dp = Math.max(dp, Math.abs(printed[k] - exact[k]));
        }
        org.junit.jupiter.api.Assertions.assertTrue(dc < 1e-6, "corrected deviates by " + dc);
        org.junit.jupiter.api.Assertions.assertTrue(dp > 1e-3, "as printed should differ, deviates by " + dp);
    }

    /** With h = 1 and DROP, FedAvg keeps its initial model: every selected device straggles (K = 3). */
    @Test
    void droppedStragglersLeaveTheModelUnchanged() {
        LogisticLoss l = loss(6, 4, 3, 4);
        TrainingSchedule s = new TrainingSchedule(5, 3, 3, 1, 1, 0.75, 10, 1);
        TrainingTrace t = new FedAvg(new LossObjective(l), s, new StragglerModel(1), StragglerPolicy.DROP).run(2, NONE);
        assertArrayEquals(new double[3], t.finalModel());
        TrainingTrace kept = new FedAvg(new LossObjective(l), s, new StragglerModel(1), StragglerPolicy.KEEP_PARTIAL).run(2, NONE);
        assertFalse(java.util.Arrays.equals(new double[3], kept.finalModel()));
    }
}
