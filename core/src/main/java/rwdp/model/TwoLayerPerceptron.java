package rwdp.model;

import java.util.Arrays;
import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * A fully connected network with one ReLU hidden layer of H units and a softmax output (the
 * "2FNN" of Wang et al., §VI-A). Parameters, in order: W1 (H×d, row-major), b1 (H),
 * W2 (C×H, row-major), b2 (C).
 */
public final class TwoLayerPerceptron extends SampleByClassifier {
    private final int h;
    private final int offB1;
    private final int offW2;
    private final int offB2;
    private final double[] hidden;
    private final double[] dHidden;

    /** Creates the network d → H (ReLU) → C. */
    public TwoLayerPerceptron(int inputs, int hiddenUnits, int classes) {
        super(inputs, checkedClasses(inputs, hiddenUnits, classes));
        this.h = hiddenUnits;
        this.offB1 = h * d;
        this.offW2 = offB1 + h;
        this.offB2 = offW2 + c * h;
        this.hidden = new double[h];
        this.dHidden = new double[h];
    }

    /** Returns {@code classes}; the checks run before the superclass allocates its buffers. */
    private static int checkedClasses(int inputs, int hiddenUnits, int classes) {
        if (inputs < 1 || hiddenUnits < 1 || classes < 2) {
            throw new InvalidArgumentException("the perceptron needs >= 1 input, >= 1 hidden unit and >= 2 classes, got "
                    + inputs + ", " + hiddenUnits + ", " + classes);
        }
        if (ClassifierModels.parameters(new int[] {inputs, hiddenUnits, classes}) > ClassifierModels.MAX_PARAMETERS) {
            throw new InvalidArgumentException("the perceptron " + inputs + " -> " + hiddenUnits + " -> " + classes
                    + " has too many parameters for one array");
        }
        return classes;
    }

    /** Returns the number of hidden units H. */
    public int hiddenUnits() {
        return h;
    }

    @Override
    public int parameters() {
        return offB2 + c;
    }

    @Override
    public void initialise(double[] w, SplittableRandom rng) {
        // He initialisation for the ReLU layer, Xavier-like for the output; biases start at 0.
        Arrays.fill(w, 0);
        double s1 = Math.sqrt(2.0 / d);
        for (int k = 0; k < offB1; k++) {
            w[k] = s1 * rng.nextGaussian();
        }
        double s2 = Math.sqrt(1.0 / h);
        for (int k = offW2; k < offB2; k++) {
            w[k] = s2 * rng.nextGaussian();
        }
    }

    @Override
    void forward(double[] w, double[] x) {
        for (int u = 0; u < h; u++) {
            double s = affine(w, u * d, w[offB1 + u], x, d);
            hidden[u] = s > 0 ? s : 0;
        }
        for (int k = 0; k < c; k++) {
            z[k] = affine(w, offW2 + k * h, w[offB2 + k], hidden, h);
        }
    }

    @Override
    void backward(double[] w, double[] x, int y, double inv, double[] grad) {
        Arrays.fill(dHidden, 0);
        for (int k = 0; k < c; k++) {
            double g = outputError(k, y, inv);
            int base = offW2 + k * h;
            for (int u = 0; u < h; u++) {
                grad[base + u] += g * hidden[u];
                dHidden[u] += g * w[base + u];
            }
            grad[offB2 + k] += g;
        }
        for (int u = 0; u < h; u++) {
            if (hidden[u] <= 0) {
                continue;
            }
            addUnitGradient(dHidden[u], x, d, grad, u * d, offB1 + u);
        }
    }

    @Override
    public ClassifierModel copy() {
        return new TwoLayerPerceptron(d, h, c);
    }

    @Override
    public String toString() {
        return "mlp(" + d + "->" + h + "->" + c + ")";
    }
}
