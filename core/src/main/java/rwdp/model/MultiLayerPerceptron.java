package rwdp.model;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A fully connected network with ReLU hidden layers and a log-softmax output trained on the
 * cross-entropy (NLL of the log-softmax): the 2FNN (784-100-10) and 3FNN (784-200-200-10) of
 * Wang et al. (DFedRW), §VI-A. Parameters, layer by layer: W_l (out×in, row-major), then b_l.
 * Activations and back-propagated errors live in buffers allocated once, so a forward/backward
 * pass allocates nothing.
 */
public final class MultiLayerPerceptron implements ClassifierModel {
    private final int[] sizes;
    private final int[] offW;
    private final int[] offB;
    private final int parameters;
    /** act[0] is unused (the input is read in place); act[l] holds layer l's output, l ≥ 1. */
    private final double[][] act;
    /** delta[l] holds ∂loss/∂(pre-activation of layer l), l ≥ 1. */
    private final double[][] delta;
    private final double[] p;

    /** Creates the network sizes[0] → … → sizes[L] (ReLU on every hidden layer, softmax output). */
    public MultiLayerPerceptron(int... sizes) {
        if (sizes.length < 2) {
            throw new IllegalArgumentException("a network needs at least an input and an output layer, got " + sizes.length + " sizes");
        }
        for (int s : sizes) {
            if (s < 1) {
                throw new IllegalArgumentException("every layer needs at least one unit, got " + Arrays.toString(sizes));
            }
        }
        if (sizes[sizes.length - 1] < 2) {
            throw new IllegalArgumentException("the output layer needs at least 2 classes, got " + sizes[sizes.length - 1]);
        }
        this.sizes = sizes.clone();
        int layers = sizes.length - 1;
        this.offW = new int[layers + 1];
        this.offB = new int[layers + 1];
        long off = 0;
        for (int l = 1; l <= layers; l++) {
            offW[l] = (int) off;
            off += (long) sizes[l] * sizes[l - 1];
            offB[l] = (int) off;
            off += sizes[l];
            if (off > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("network " + Arrays.toString(sizes) + " has too many parameters for one array");
            }
        }
        this.parameters = (int) off;
        this.act = new double[layers + 1][];
        this.delta = new double[layers + 1][];
        for (int l = 1; l <= layers; l++) {
            act[l] = new double[sizes[l]];
            delta[l] = new double[sizes[l]];
        }
        this.p = new double[sizes[layers]];
    }

    /** Returns the 2FNN of Wang et al., §VI-A: 784 → 100 (ReLU) → 10. */
    public static MultiLayerPerceptron twoFnn() {
        return new MultiLayerPerceptron(784, 100, 10);
    }

    /** Returns the 3FNN of Wang et al., §VI-A: 784 → 200 (ReLU) → 200 (ReLU) → 10. */
    public static MultiLayerPerceptron threeFnn() {
        return new MultiLayerPerceptron(784, 200, 200, 10);
    }

    /** Returns the layer sizes, input first. */
    public int[] sizes() {
        return sizes.clone();
    }

    @Override
    public int inputs() {
        return sizes[0];
    }

    @Override
    public int classes() {
        return sizes[sizes.length - 1];
    }

    @Override
    public int parameters() {
        return parameters;
    }

    @Override
    public void initialise(double[] w, SplittableRandom rng) {
        // He initialisation (variance 2/fan-in) suits ReLU layers; the output layer gets 1/fan-in; biases 0.
        Arrays.fill(w, 0);
        int layers = sizes.length - 1;
        for (int l = 1; l <= layers; l++) {
            double s = Math.sqrt((l < layers ? 2.0 : 1.0) / sizes[l - 1]);
            for (int k = offW[l]; k < offB[l]; k++) {
                w[k] = s * rng.nextGaussian();
            }
        }
    }

    private void forward(double[] w, double[] x) {
        int layers = sizes.length - 1;
        for (int l = 1; l <= layers; l++) {
            double[] in = l == 1 ? x : act[l - 1];
            double[] out = act[l];
            int nIn = sizes[l - 1];
            int nOut = sizes[l];
            int ow = offW[l];
            int ob = offB[l];
            boolean relu = l < layers;
            for (int u = 0; u < nOut; u++) {
                double s = w[ob + u];
                int base = ow + u * nIn;
                for (int j = 0; j < nIn; j++) {
                    s += w[base + j] * in[j];
                }
                out[u] = relu && s < 0 ? 0 : s;
            }
        }
    }

    @Override
    public double lossGradient(double[] w, double[][] x, int[] y, int[] rows, int count, double[] grad) {
        Arrays.fill(grad, 0);
        int layers = sizes.length - 1;
        double inv = 1.0 / count;
        double loss = 0;
        for (int r = 0; r < count; r++) {
            double[] xr = x[rows[r]];
            int yr = y[rows[r]];
            forward(w, xr);
            double[] z = act[layers];
            loss += ClassifierModel.softmax(z, p, classes()) - z[yr];
            double[] dOut = delta[layers];
            for (int k = 0; k < dOut.length; k++) {
                dOut[k] = (p[k] - (k == yr ? 1 : 0)) * inv;
            }
            for (int l = layers; l >= 1; l--) {
                double[] in = l == 1 ? xr : act[l - 1];
                double[] d = delta[l];
                int nIn = sizes[l - 1];
                int nOut = sizes[l];
                int ow = offW[l];
                int ob = offB[l];
                double[] dIn = l > 1 ? delta[l - 1] : null;
                if (dIn != null) {
                    Arrays.fill(dIn, 0);
                }
                for (int u = 0; u < nOut; u++) {
                    double g = d[u];
                    if (g == 0) {
                        // A dead ReLU unit (or an exact zero) contributes nothing to any gradient.
                        continue;
                    }
                    grad[ob + u] += g;
                    int base = ow + u * nIn;
                    for (int j = 0; j < nIn; j++) {
                        grad[base + j] += g * in[j];
                    }
                    if (dIn != null) {
                        for (int j = 0; j < nIn; j++) {
                            dIn[j] += g * w[base + j];
                        }
                    }
                }
                if (dIn != null) {
                    double[] a = act[l - 1];
                    for (int j = 0; j < nIn; j++) {
                        if (a[j] <= 0) {
                            dIn[j] = 0;
                        }
                    }
                }
            }
        }
        return loss * inv;
    }

    @Override
    public double[] scores(double[] w, double[] x) {
        forward(w, x);
        return act[sizes.length - 1];
    }

    @Override
    public ClassifierModel copy() {
        return new MultiLayerPerceptron(sizes);
    }

    @Override
    public String toString() {
        StringBuilder b = new StringBuilder("mlp(");
        for (int l = 0; l < sizes.length; l++) {
            b.append(l == 0 ? "" : "-").append(sizes[l]);
        }
        return b.append(")").toString();
    }
}
