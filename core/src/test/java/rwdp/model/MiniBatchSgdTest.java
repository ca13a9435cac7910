package rwdp.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.data.LabeledData;

/** Central mini-batch SGD against the gradient steps it must equal. */
class MiniBatchSgdTest {
    private static LabeledData data(int n, int d, int c, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[][] x = new double[n][d];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < d; k++) {
                x[i][k] = r.nextGaussian();
            }
            y[i] = i % c;
        }
        return new LabeledData(x, y, c);
    }

    @Test
    void oneFullBatchEpochIsOneGradientStep() {
        LabeledData d = data(9, 4, 3, 1);
        MultiLayerPerceptron m = new MultiLayerPerceptron(4, 5, 3);
        double[] w = new double[m.parameters()];
        m.initialise(w, new SplittableRandom(2));
        double[] expected = w.clone();
        double[] g = new double[w.length];
        int[] all = {0, 1, 2, 3, 4, 5, 6, 7, 8};
        double loss = new MultiLayerPerceptron(4, 5, 3).lossGradient(expected, d.features(), d.labels(), all, 9, g);
        for (int k = 0; k < w.length; k++) {
            expected[k] -= 0.3 * g[k];
        }
        assertEquals(loss, new MiniBatchSgd(m, d, 9).epoch(w, 0.3, new SplittableRandom(3)), 1e-12);
        assertArrayEquals(expected, w, 1e-12);
    }

    @Test
    void batchesOfOneVisitEverySampleOnce() {
        // Softmax regression with batch 1 and the same visiting order: replaying the order by hand gives the same weights.
        LabeledData d = data(7, 3, 2, 4);
        SoftmaxRegression m = new SoftmaxRegression(3, 2);
        double[] w = new double[m.parameters()];
        double[] replay = w.clone();
        new MiniBatchSgd(m, d, 1).epoch(w, 0.5, new SplittableRandom(5));
        // The same Fisher-Yates shuffle MiniBatchSgd performs, from the same seed.
        int[] order = {0, 1, 2, 3, 4, 5, 6};
        SplittableRandom r = new SplittableRandom(5);
        for (int i = order.length - 1; i > 0; i--) {
            int j = r.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        double[] g = new double[w.length];
        for (int i : order) {
            m.lossGradient(replay, d.features(), d.labels(), new int[] {i}, 1, g);
            for (int k = 0; k < w.length; k++) {
                replay[k] -= 0.5 * g[k];
            }
        }
        assertArrayEquals(replay, w, 1e-12);
    }
}
