package rwdp.model;

import java.util.Arrays;

/**
 * A classifier whose mean cross-entropy gradient is accumulated one sample at a time: the
 * subclass's forward pass writes the logits z, the softmax gives p, and the subclass
 * back-propagates the output error (p − e_y)/count. One home for the sample loop of the
 * softmax regression and the two-layer perceptron, so both sum in the same order.
 */
abstract class SampleByClassifier implements ClassifierModel {
    /** The input dimension d. */
    final int d;
    /** The number of classes C. */
    final int c;
    /** The logits of the last forward pass. */
    final double[] z;
    /** The softmax of the logits during {@link #lossGradient}. */
    final double[] p;

    /** Creates the buffers of a classifier of {@code inputs} features and {@code classes} classes, both checked by the subclass. */
    SampleByClassifier(int inputs, int classes) {
        this.d = inputs;
        this.c = classes;
        this.z = new double[classes];
        this.p = new double[classes];
    }

    @Override
    public final int inputs() {
        return d;
    }

    /** Writes the logits of {@code x} into {@link #z}. */
    abstract void forward(double[] w, double[] x);

    /**
     * Adds to {@code grad} the gradient of sample ({@code x}, {@code y}) after {@link #forward}
     * and the softmax, each output error scaled by {@code inv}.
     */
    abstract void backward(double[] w, double[] x, int y, double inv, double[] grad);

    @Override
    public final double lossGradient(double[] w, double[][] x, int[] y, int[] rows, int count, double[] grad) {
        Arrays.fill(grad, 0);
        double loss = 0;
        double inv = 1.0 / count;
        for (int r = 0; r < count; r++) {
            double[] xr = x[rows[r]];
            int yr = y[rows[r]];
            forward(w, xr);
            loss += ClassifierModel.softmax(z, p, c) - z[yr];
            backward(w, xr, yr, inv, grad);
        }
        return loss * inv;
    }

    @Override
    public final double[] scores(double[] w, double[] x) {
        forward(w, x);
        return z;
    }

    @Override
    public final int classes() {
        return c;
    }

    /** Returns the output error of class {@code k}, (p_k − [k = y])·inv, after the softmax of one sample. */
    final double outputError(int k, int y, double inv) {
        return (p[k] - (k == y ? 1 : 0)) * inv;
    }

    /** Returns bias + Σ_{j<n} w[at + j]·x[j], summed in index order: one unit of a dense layer. */
    static double affine(double[] w, int at, double bias, double[] x, int n) {
        double s = bias;
        for (int j = 0; j < n; j++) {
            s += w[at + j] * x[j];
        }
        return s;
    }

    /** Adds g·x[j] to grad[at + j] for j < n, then g to grad[biasAt]: the gradient of one unit of a dense layer. */
    static void addUnitGradient(double g, double[] x, int n, double[] grad, int at, int biasAt) {
        for (int j = 0; j < n; j++) {
            grad[at + j] += g * x[j];
        }
        grad[biasAt] += g;
    }
}
