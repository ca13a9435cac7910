package rwdp.model;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * Multinomial logistic regression: logits z = W x + b with W ∈ R^{C×d}, stored row-major as
 * w = [W_0, b_0, W_1, b_1, ...] (row c holds d weights then the bias). Convex in w.
 */
public final class SoftmaxRegression extends SampleByClassifier {
    /** Creates the model for {@code inputs} features and {@code classes} classes. */
    public SoftmaxRegression(int inputs, int classes) {
        super(inputs, checkedClasses(inputs, classes));
    }

    /** Returns {@code classes}; the check runs before the superclass allocates its buffers. */
    private static int checkedClasses(int inputs, int classes) {
        if (inputs < 1 || classes < 2) {
            throw new InvalidArgumentException("softmax regression needs >= 1 input and >= 2 classes, got " + inputs + ", " + classes);
        }
        return classes;
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

    @Override
    void forward(double[] w, double[] x) {
        for (int k = 0; k < c; k++) {
            int base = k * (d + 1);
            z[k] = affine(w, base, w[base + d], x, d);
        }
    }

    @Override
    void backward(double[] w, double[] x, int y, double inv, double[] grad) {
        for (int k = 0; k < c; k++) {
            int base = k * (d + 1);
            addUnitGradient(outputError(k, y, inv), x, d, grad, base, base + d);
        }
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
