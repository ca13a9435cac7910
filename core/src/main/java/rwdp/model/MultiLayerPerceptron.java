package rwdp.model;

import rwdp.check.InvalidArgumentException;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * A fully connected network with ReLU hidden layers and a log-softmax output trained on the
 * cross-entropy (NLL of the log-softmax): the 2FNN (784-100-10) and 3FNN (784-200-200-10) of
 * Wang et al. (DFedRW), §VI-A. Parameters, layer by layer: W_l (out×in, row-major), then b_l.
 * Activations and back-propagated errors of a whole mini-batch live in buffers allocated once (grown
 * to the largest batch seen), so a forward/backward pass allocates nothing. The pass is batched
 * layer by layer so that each weight row and gradient row is streamed from memory once per batch,
 * not once per sample (the 3FNN's first layer alone is 1.25 MB).
 */
public final class MultiLayerPerceptron implements ClassifierModel {
    private final int[] sizes;
    private final int[] offW;
    private final int[] offB;
    private final int parameters;
    /** act[l][r] holds layer l's output for sample r of the batch, l ≥ 1 (act[0] unused: inputs are read in place). */
    private final double[][][] act;
    /** delta[l][r] holds ∂loss/∂(pre-activation of layer l) for sample r, l ≥ 1. */
    private final double[][][] delta;
    private final double[] p;
    private final double[][] one = new double[1][];
    /** Samples per forward pass when evaluating a whole data set. */
    static final int EVAL_BATCH = 50;
    private final int[] evalRows = new int[EVAL_BATCH];
    /** The evaluation batch is copied here (the data set hands out copies only) and read as rows 0..count−1. */
    private final int[] evalY = new int[EVAL_BATCH];
    private final int[] evalOrder = java.util.stream.IntStream.range(0, EVAL_BATCH).toArray();
    private double[][] evalX;

    /**
     * Creates the network sizes[0] → … → sizes[L] (ReLU on every hidden layer, softmax output).
     *
     * @throws InvalidArgumentException when there are fewer than 2 sizes, a size is below 1, the output has fewer
     *     than 2 classes, or the parameters do not fit one array
     */
    public MultiLayerPerceptron(int... sizes) {
        if (sizes.length < 2) {
            throw new InvalidArgumentException("a network needs at least an input and an output layer, got " + sizes.length + " sizes");
        }
        for (int s : sizes) {
            if (s < 1) {
                throw new InvalidArgumentException("every layer needs at least one unit, got " + Arrays.toString(sizes));
            }
        }
        if (sizes[sizes.length - 1] < 2) {
            throw new InvalidArgumentException("the output layer needs at least 2 classes, got " + sizes[sizes.length - 1]);
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
                throw new InvalidArgumentException("network " + Arrays.toString(sizes) + " has too many parameters for one array");
            }
        }
        this.parameters = (int) off;
        this.act = new double[layers + 1][][];
        this.delta = new double[layers + 1][][];
        for (int l = 1; l <= layers; l++) {
            act[l] = new double[1][sizes[l]];
            delta[l] = new double[1][sizes[l]];
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

    /** Makes room for a batch of {@code count} samples (grows once to the largest batch seen, then never allocates). */
    private void ensure(int count) {
        if (count <= act[1].length) {
            return;
        }
        for (int l = 1; l < act.length; l++) {
            act[l] = new double[count][sizes[l]];
            delta[l] = new double[count][sizes[l]];
        }
    }

    /** Returns Σ_j a[ao + j]·b[j] over j < len, with four partial sums (the one-chain sum is bound by the add latency). */
    private static double dot(double[] a, int ao, double[] b, int len) {
        double s0 = 0;
        double s1 = 0;
        double s2 = 0;
        double s3 = 0;
        int j = 0;
        for (; j + 3 < len; j += 4) {
            s0 += a[ao + j] * b[j];
            s1 += a[ao + j + 1] * b[j + 1];
            s2 += a[ao + j + 2] * b[j + 2];
            s3 += a[ao + j + 3] * b[j + 3];
        }
        for (; j < len; j++) {
            s0 += a[ao + j] * b[j];
        }
        return (s0 + s1) + (s2 + s3);
    }

    /**
     * Runs the forward pass of samples {@code in[0..count)} (rows {@code rows} of {@code x}, or
     * {@code x[0]} alone when rows is null) layer by layer; a weight row is used for the whole
     * batch while it sits in cache.
     */
    private void forward(double[] w, double[][] x, int[] rows, int count) {
        int layers = sizes.length - 1;
        for (int l = 1; l <= layers; l++) {
            double[][] out = act[l];
            int nIn = sizes[l - 1];
            int nOut = sizes[l];
            int ow = offW[l];
            int ob = offB[l];
            boolean relu = l < layers;
            for (int u = 0; u < nOut; u++) {
                int base = ow + u * nIn;
                double bias = w[ob + u];
                for (int r = 0; r < count; r++) {
                    double[] in = l > 1 ? act[l - 1][r] : rows == null ? x[0] : x[rows[r]];
                    double s = bias + dot(w, base, in, nIn);
                    out[r][u] = relu && s < 0 ? 0 : s;
                }
            }
        }
    }

    @Override
    public double lossGradient(double[] w, double[][] x, int[] y, int[] rows, int count, double[] grad) {
        Arrays.fill(grad, 0);
        ensure(count);
        int layers = sizes.length - 1;
        double inv = 1.0 / count;
        forward(w, x, rows, count);
        double loss = 0;
        for (int r = 0; r < count; r++) {
            double[] z = act[layers][r];
            int yr = y[rows[r]];
            loss += ClassifierModel.softmax(z, p, classes()) - z[yr];
            double[] dOut = delta[layers][r];
            for (int k = 0; k < dOut.length; k++) {
                dOut[k] = (p[k] - (k == yr ? 1 : 0)) * inv;
            }
        }
        for (int l = layers; l >= 1; l--) {
            double[][] d = delta[l];
            int nIn = sizes[l - 1];
            int nOut = sizes[l];
            int ow = offW[l];
            int ob = offB[l];
            // ∂/∂W_l row u = Σ_r δ_r[u] · in_r: the gradient row stays in cache across the batch.
            for (int u = 0; u < nOut; u++) {
                int base = ow + u * nIn;
                double gb = 0;
                for (int r = 0; r < count; r++) {
                    double g = d[r][u];
                    if (g == 0) {
                        // A dead ReLU unit (or an exact zero) contributes nothing.
                        continue;
                    }
                    gb += g;
                    double[] in = l > 1 ? act[l - 1][r] : x[rows[r]];
                    for (int j = 0; j < nIn; j++) {
                        grad[base + j] += g * in[j];
                    }
                }
                grad[ob + u] += gb;
            }
            if (l == 1) {
                break;
            }
            // δ_{l−1} = (W_lᵀ δ_l) ⊙ 1[a_{l−1} > 0].
            for (int r = 0; r < count; r++) {
                double[] dIn = delta[l - 1][r];
                Arrays.fill(dIn, 0);
                double[] dr = d[r];
                for (int u = 0; u < nOut; u++) {
                    double g = dr[u];
                    if (g == 0) {
                        continue;
                    }
                    int base = ow + u * nIn;
                    for (int j = 0; j < nIn; j++) {
                        dIn[j] += g * w[base + j];
                    }
                }
                double[] a = act[l - 1][r];
                for (int j = 0; j < nIn; j++) {
                    if (a[j] <= 0) {
                        dIn[j] = 0;
                    }
                }
            }
        }
        return loss * inv;
    }

    @Override
    public double[] scores(double[] w, double[] x) {
        one[0] = x;
        forward(w, one, null, 1);
        one[0] = null;
        return act[sizes.length - 1][0];
    }

    /** Returns {accuracy, mean cross-entropy} of {@code w} on {@code data}, the forward pass batched by {@link #EVAL_BATCH} samples. */
    @Override
    public double[] accuracyAndLoss(double[] w, rwdp.data.LabeledData data) {
        ensure(EVAL_BATCH);
        if (evalX == null) {
            evalX = new double[EVAL_BATCH][inputs()];
        }
        int layers = sizes.length - 1;
        int ok = 0;
        double loss = 0;
        for (int start = 0; start < data.size(); start += EVAL_BATCH) {
            int count = Math.min(EVAL_BATCH, data.size() - start);
            for (int r = 0; r < count; r++) {
                evalRows[r] = start + r;
            }
            data.gather(evalRows, count, evalX, evalY);
            forward(w, evalX, evalOrder, count);
            for (int r = 0; r < count; r++) {
                double[] z = act[layers][r];
                int y = evalY[r];
                loss += ClassifierModel.logSumExp(z, classes()) - z[y];
                if (ClassifierModel.argmax(z, classes()) == y) {
                    ok++;
                }
            }
        }
        return new double[] {(double) ok / data.size(), loss / data.size()};
    }

    @Override
    public double accuracy(double[] w, rwdp.data.LabeledData data) {
        return accuracyAndLoss(w, data)[0];
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
