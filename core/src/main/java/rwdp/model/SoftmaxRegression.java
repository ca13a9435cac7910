package rwdp.model;

import java.util.Arrays;
import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * Multinomial logistic regression: logits z = W x + b with W ∈ R^{C×d}, stored row-major as
 * w = [W_0, b_0, W_1, b_1, ...] (row c holds d weights then the bias). Convex in w.
 */
public final class SoftmaxRegression implements ClassifierModel {
    private final int d;
    private final int c;
    private final double[] z;
    private final double[] p;

    /** Creates the model for {@code inputs} features and {@code classes} classes. */
    public SoftmaxRegression(int inputs, int classes) {
        if (inputs < 1 || classes < 2) {
            throw new InvalidArgumentException("softmax regression needs >= 1 input and >= 2 classes, got " + inputs + ", " + classes);
        }
        this.d = inputs;
        this.c = classes;
        this.z = new double[classes];
        this.p = new double[classes];
    }

    @Override
    public int inputs() {
        return d;
    }

    @Override
    public int classes() {
        return c;
    }

    @Override
    public int parameters() {
        return c * (d + 1);
    }

    @Override
    public void initialise(double[] w, SplittableRandom rng) {
        double sd = 1 / Math.sqrt(d);
        for (int k = 0; k < w.length; k++) {
            w[k] = 0.1 * sd * rng.nextGaussian();
        }
    }

    private void logits(double[] w, double[] x) {
        for (int k = 0; k < c; k++) {
            int base = k * (d + 1);
            double s = w[base + d];
            for (int j = 0; j < d; j++) {
                s += w[base + j] * x[j];
            }
            z[k] = s;
        }
    }

    @Override
    public double lossGradient(double[] w, double[][] x, int[] y, int[] rows, int count, double[] grad) {
        Arrays.fill(grad, 0);
        double loss = 0;
        double inv = 1.0 / count;
        for (int r = 0; r < count; r++) {
            double[] xr = x[rows[r]];
            int yr = y[rows[r]];
            logits(w, xr);
            loss += ClassifierModel.softmax(z, p, c) - z[yr];
            for (int k = 0; k < c; k++) {
                double g = (p[k] - (k == yr ? 1 : 0)) * inv;
                int base = k * (d + 1);
                for (int j = 0; j < d; j++) {
                    grad[base + j] += g * xr[j];
                }
                grad[base + d] += g;
            }
        }
        return loss * inv;
    }

    @Override
    public double[] scores(double[] w, double[] x) {
        logits(w, x);
        return z;
    }

    @Override
    public ClassifierModel copy() {
        return new SoftmaxRegression(d, c);
    }

    @Override
    public String toString() {
        return "softmax(" + d + "->" + c + ")";
    }
}
