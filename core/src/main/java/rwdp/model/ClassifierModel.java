package rwdp.model;

import java.util.SplittableRandom;
import rwdp.data.LabeledData;

/**
 * A C-class classifier with a flat parameter vector w, trained by mini-batch SGD. The loss is
 * the cross-entropy of the softmax output (the log-softmax + NLL of Wang et al., §VI-A).
 * Instances own scratch buffers, so one instance serves one training loop at a time;
 * {@link #copy()} gives another with its own buffers. No method allocates per sample.
 */
public interface ClassifierModel {
    /** Returns the input dimension. */
    int inputs();

    /** Returns the number of classes C. */
    int classes();

    /** Returns the number of parameters, the length of w. */
    int parameters();

    /** Writes a random initial parameter vector into {@code w}. */
    void initialise(double[] w, SplittableRandom rng);

    /**
     * Writes the gradient of the mean cross-entropy over rows {@code rows[0..count)} of
     * ({@code x}, {@code y}) into {@code grad} and returns that mean loss.
     */
    double lossGradient(double[] w, double[][] x, int[] y, int[] rows, int count, double[] grad);

    /** Computes the class scores (logits) of one sample into an internal buffer and returns it (length classes()). */
    double[] scores(double[] w, double[] x);

    /** Returns the cross-entropy of one sample. */
    default double loss(double[] w, double[] x, int y) {
        double[] z = scores(w, x);
        return logSumExp(z, classes()) - z[y];
    }

    /** Returns the cross-entropy of one sample and writes the predicted class into {@code predicted[0]} (one forward pass). */
    default double lossAndPredict(double[] w, double[] x, int y, int[] predicted) {
        double[] z = scores(w, x);
        predicted[0] = argmax(z, classes());
        return logSumExp(z, classes()) - z[y];
    }

    /** Returns the predicted class of {@code x} (arg max of the output). */
    default int predict(double[] w, double[] x) {
        return argmax(scores(w, x), classes());
    }

    /** Returns an instance of the same architecture with its own buffers. */
    ClassifierModel copy();

    /** Returns the accuracy of {@code w} on {@code data}. */
    default double accuracy(double[] w, LabeledData data) {
        double[] x = new double[data.dimension()];
        int ok = 0;
        for (int r = 0; r < data.size(); r++) {
            if (predict(w, data.copyRow(r, x)) == data.label(r)) {
                ok++;
            }
        }
        return (double) ok / data.size();
    }

    /** Returns {accuracy, mean cross-entropy} of {@code w} on {@code data} in one pass. */
    default double[] accuracyAndLoss(double[] w, LabeledData data) {
        int[] p = new int[1];
        double[] x = new double[data.dimension()];
        int ok = 0;
        double s = 0;
        for (int r = 0; r < data.size(); r++) {
            s += lossAndPredict(w, data.copyRow(r, x), data.label(r), p);
            if (p[0] == data.label(r)) {
                ok++;
            }
        }
        return new double[] {(double) ok / data.size(), s / data.size()};
    }

    /** Returns the mean cross-entropy of {@code w} on {@code data}. */
    default double meanLoss(double[] w, LabeledData data) {
        double[] x = new double[data.dimension()];
        double s = 0;
        for (int r = 0; r < data.size(); r++) {
            s += loss(w, data.copyRow(r, x), data.label(r));
        }
        return s / data.size();
    }

    /** Returns the index of the largest of z[0..c) (the first one on ties): the predicted class. */
    static int argmax(double[] z, int c) {
        int best = 0;
        for (int k = 1; k < c; k++) {
            if (z[k] > z[best]) {
                best = k;
            }
        }
        return best;
    }

    /** Returns log Σ exp(z_c) of {@code z[0..c)} without overflow (same operations as {@link #softmax}). */
    static double logSumExp(double[] z, int c) {
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < c; k++) {
            max = Math.max(max, z[k]);
        }
        double s = 0;
        for (int k = 0; k < c; k++) {
            s += Math.exp(z[k] - max);
        }
        return max + Math.log(s);
    }

    /** Returns log Σ exp(z_c) of {@code z[0..c)} without overflow, and leaves softmax(z) in {@code p}. */
    static double softmax(double[] z, double[] p, int c) {
        double max = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < c; k++) {
            max = Math.max(max, z[k]);
        }
        double s = 0;
        for (int k = 0; k < c; k++) {
            p[k] = Math.exp(z[k] - max);
            s += p[k];
        }
        for (int k = 0; k < c; k++) {
            p[k] /= s;
        }
        return max + Math.log(s);
    }
}
