package rwdp.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The analytic gradients of the classifiers against central finite differences of their loss. */
class ClassifierGradientTest {

    private static void check(ClassifierModel m, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int n = 7;
        double[][] x = new double[n][m.inputs()];
        int[] y = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < m.inputs(); k++) {
                x[i][k] = r.nextGaussian();
            }
            y[i] = r.nextInt(m.classes());
        }
        int[] rows = {0, 3, 3, 6, 1};
        double[] w = new double[m.parameters()];
        m.initialise(w, r);
        for (int k = 0; k < w.length; k++) {
            w[k] += 0.3 * r.nextGaussian();
        }
        double[] g = new double[w.length];
        double loss = m.lossGradient(w, x, y, rows, rows.length, g);
        double direct = 0;
        for (int row : rows) {
            direct += m.loss(w, x[row], y[row]);
        }
        assertEquals(direct / rows.length, loss, 1e-12);
        double h = 1e-6;
        for (int k = 0; k < w.length; k++) {
            double keep = w[k];
            w[k] = keep + h;
            double up = 0;
            for (int row : rows) {
                up += m.loss(w, x[row], y[row]);
            }
            w[k] = keep - h;
            double down = 0;
            for (int row : rows) {
                down += m.loss(w, x[row], y[row]);
            }
            w[k] = keep;
            assertEquals((up - down) / (2 * h * rows.length), g[k], 1e-6, m + " parameter " + k);
        }
    }

    @Test
    void softmaxGradientMatchesFiniteDifferences() {
        check(new SoftmaxRegression(6, 4), 1);
    }

    @Test
    void perceptronGradientMatchesFiniteDifferences() {
        check(new TwoLayerPerceptron(5, 7, 3), 2);
    }
    @Test
    void deepPerceptronGradientMatchesFiniteDifferences() {
        check(new MultiLayerPerceptron(5, 7, 6, 3), 3);
        check(new MultiLayerPerceptron(4, 3), 4);
    }

    @Test
    void oneHiddenLayerNetworkEqualsTheTwoLayerPerceptronToRounding() {
        // Same parameter layout (W1, b1, W2, b2), written independently: loss, gradient and scores agree.
        MultiLayerPerceptron a = new MultiLayerPerceptron(6, 9, 4);
        TwoLayerPerceptron b = new TwoLayerPerceptron(6, 9, 4);
        assertEquals(b.parameters(), a.parameters());
        SplittableRandom r = new SplittableRandom(5);
        double[][] x = new double[10][6];
        int[] y = new int[10];
        for (int i = 0; i < 10; i++) {
            for (int k = 0; k < 6; k++) {
                x[i][k] = r.nextGaussian();
            }
            y[i] = r.nextInt(4);
        }
        double[] w = new double[a.parameters()];
        a.initialise(w, r);
        int[] rows = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
        double[] ga = new double[w.length];
        double[] gb = new double[w.length];
        assertEquals(b.lossGradient(w, x, y, rows, 10, gb), a.lossGradient(w, x, y, rows, 10, ga), 1e-12);
        for (int k = 0; k < w.length; k++) {
            assertEquals(gb[k], ga[k], 1e-12, "parameter " + k);
        }
    }

    @Test
    void thePapersNetworksHaveTheirParameterCounts() {
        // Wang et al., §VI-A: 784-100-10 and 784-200-200-10, weights and biases.
        assertEquals(784 * 100 + 100 + 100 * 10 + 10, MultiLayerPerceptron.twoFnn().parameters());
        assertEquals(784 * 200 + 200 + 200 * 200 + 200 + 200 * 10 + 10, MultiLayerPerceptron.threeFnn().parameters());
    }
    @Test
    void batchedEvaluationEqualsOneSampleAtATime() {
        // 120 samples: two full evaluation batches and a partial one.
        MultiLayerPerceptron m = new MultiLayerPerceptron(6, 8, 7, 4);
        SplittableRandom r = new SplittableRandom(9);
        double[][] x = new double[120][6];
        int[] y = new int[120];
        for (int i = 0; i < 120; i++) {
            for (int k = 0; k < 6; k++) {
                x[i][k] = r.nextGaussian();
            }
            y[i] = r.nextInt(4);
        }
        rwdp.data.LabeledData d = new rwdp.data.LabeledData(x, y, 4);
        double[] w = new double[m.parameters()];
        m.initialise(w, r);
        int ok = 0;
        double loss = 0;
        for (int i = 0; i < 120; i++) {
            ok += m.predict(w, x[i]) == y[i] ? 1 : 0;
            loss += m.loss(w, x[i], y[i]);
        }
        double[] al = m.accuracyAndLoss(w, d);
        assertEquals(ok / 120.0, al[0], 0);
        assertEquals(loss / 120, al[1], 1e-12);
    }
}
