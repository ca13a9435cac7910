package rwdp.algo;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.model.AveragingLoss;
import rwdp.model.LogisticLoss;
import rwdp.model.PerSampleLogistic;
import rwdp.model.Vectors;

class RwDpSgdTest {
    static TransitionMatrix w(String spec) {
        return WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphSpec.parse(spec).build());
    }

    @Test
    void noiselessAveragingOnTheCompleteGraphApproachesTheMean() {
        double[][] y = {{1, 0}, {3, 0}, {5, 2}, {7, 2}};
        AveragingLoss loss = new AveragingLoss(y);
        RwDpSgd run = new RwDpSgd(loss, w("complete:4"), new double[] {0, 0},
                new RwDpSgd.Config(20000, 0, Double.POSITIVE_INFINITY, 0, 0.001, 0, 0, Long.MAX_VALUE), new SplittableRandom(1));
        run.run();
        // Constant step γ leaves a stationary spread of order γ: the model stays within 0.1 of the mean (4, 1).
        assertTrue(Vectors.distanceSquared(run.model(), loss.mean()) < 0.01, java.util.Arrays.toString(run.model()));
        long total = 0;
        for (long c : run.contributions()) {
            total += c;
        }
        assertEquals(20000, total);
    }

    @Test
    void clippingLimitsEachNoiselessStepToGammaC() {
        double[][] y = {{100, 0}, {-100, 0}, {0, 100}};
        RwDpSgd run = new RwDpSgd(new AveragingLoss(y), w("complete:3"), new double[] {0, 0},
                new RwDpSgd.Config(50, 0, 0.5, Double.NaN, 0.1, 0, 0, Long.MAX_VALUE), new SplittableRandom(2));
        double[] prev = run.model().clone();
        for (int i = 0; i < 50; i++) {
            run.step();
            assertTrue(Math.sqrt(Vectors.distanceSquared(prev, run.model())) <= 0.05 + 1e-12);
            prev = run.model().clone();
        }
    }

    @Test
    void capStopsContributionsAndSeedsReproduce() {
        double[][] y = new double[10][1];
        RwDpSgd.Config cfg = new RwDpSgd.Config(500, 1, 1, Double.NaN, 0.01, 0, 20, 4);
        RwDpSgd a = new RwDpSgd(new AveragingLoss(y), w("ring:10"), new double[] {1}, cfg, new SplittableRandom(3));
        RwDpSgd b = new RwDpSgd(new AveragingLoss(y), w("ring:10"), new double[] {1}, cfg, new SplittableRandom(3));
        a.run();
        b.run();
        for (long c : a.contributions()) {
            assertTrue(c <= 4);
        }
        assertArrayEquals(a.model(), b.model());
        assertEquals(2.0, cfg.sensitivity());
    }

    @Test
    void perSampleLogisticAveragesToTheLossGradient() {
        double[][][] x = {{{1, 0.5}, {-0.2, 1}}, {{0.3, -0.7}, {1, 1}}};
        double[][] yl = {{1, -1}, {-1, 1}};
        LogisticLoss l = new LogisticLoss(x, yl, 2, 0.3);
        PerSampleLogistic p = new PerSampleLogistic(l);
        double[] w = {0.4, -0.2};
        double[] g = new double[2];
        double[] s = new double[2];
        double[] sum = new double[2];
        for (int node = 0; node < 2; node++) {
            l.gradient(node, w, g);
            java.util.Arrays.fill(sum, 0);
            for (int k = 0; k < 2; k++) {
                p.sampleGradient(node, k, w, s);
                Vectors.axpy(0.5, s, sum);
            }
            Vectors.axpy(0.3, w, sum);
            assertArrayEquals(g, sum, 1e-15);
        }
    }

    @Test
    void configValidates() {
        assertThrows(IllegalArgumentException.class,
                () -> new RwDpSgd.Config(10, 1, Double.POSITIVE_INFINITY, Double.NaN, 0.1, 0, 0, Long.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> new RwDpSgd.Config(10, 1, 1, Double.NaN, 0, 0, 0, Long.MAX_VALUE));
        assertThrows(IllegalArgumentException.class, () -> new RwDpSgd.Config(10, 1, 1, Double.NaN, 0.1, 0, 0, 0));
    }
}
