package rwdp.model;

import java.util.Arrays;
import java.util.Locale;
import rwdp.check.Checks;
import rwdp.check.InvalidArgumentException;

/**
 * The classifier SPEC grammar ({@code softmax}, {@code mlp:H[,H2...]}, {@code 2fnn}, {@code 3fnn})
 * and its size estimate: a spec is read into layer sizes and checked against the array limit and
 * the heap before any parameter vector is allocated, as graph specs are.
 */
public final class ClassifierModels {
    /** The spec text accepted by {@link #layers}. */
    public static final String GRAMMAR = "softmax, mlp:H[,H2...], 2fnn or 3fnn";

    /** The most parameters one model may have: the length of one Java array. */
    public static final long MAX_PARAMETERS = Integer.MAX_VALUE - 8;

    private ClassifierModels() {}

    /**
     * Returns the layer sizes of {@code spec} on {@code inputs} features and {@code classes}
     * classes, inputs first and classes last ({@code softmax} is the two sizes alone).
     *
     * @throws InvalidArgumentException when the spec is malformed or names a fixed network that does not fit the data
     */
    public static int[] layers(String spec, int inputs, int classes) {
        String m = spec == null ? "" : spec.strip().toLowerCase(Locale.ROOT);
        if (m.equals("softmax")) {
            return new int[] {inputs, classes};
        }
        if (m.equals("2fnn") || m.equals("3fnn")) {
            if (inputs != 784 || classes != 10) {
                throw new InvalidArgumentException("model " + m + " takes 784 inputs and 10 classes (Fashion-MNIST); the data has "
                        + inputs + " features and " + classes + " classes");
            }
            return m.equals("2fnn") ? new int[] {784, 100, 10} : new int[] {784, 200, 200, 10};
        }
        if (m.equals("mlp") || m.startsWith("mlp:")) {
            String[] hs = m.equals("mlp") ? new String[] {"32"} : m.substring(4).split(",");
            int[] sizes = new int[hs.length + 2];
            sizes[0] = inputs;
            sizes[sizes.length - 1] = classes;
            for (int k = 0; k < hs.length; k++) {
                try {
                    sizes[k + 1] = Integer.parseInt(hs[k].strip());
                } catch (NumberFormatException e) {
                    throw new InvalidArgumentException("cannot read hidden units '" + hs[k].strip() + "' in model '" + spec
                            + "'; expected whole numbers from 1 to " + Integer.MAX_VALUE);
                }
                if (sizes[k + 1] < 1) {
                    throw new InvalidArgumentException("model '" + spec + "' has a hidden layer of " + sizes[k + 1]
                            + " units; every layer needs at least 1");
                }
            }
            return sizes;
        }
        throw new InvalidArgumentException("unknown model '" + spec + "'; expected " + GRAMMAR);
    }

    /** Returns the parameters of a fully connected network of these layer sizes: Σ (size_l + 1)·size_{l+1}. */
    public static double parameters(int[] layers) {
        double p = 0;
        for (int l = 1; l < layers.length; l++) {
            p += ((double) layers[l - 1] + 1) * layers[l];
        }
        return p;
    }

    /**
     * Returns the bytes a training run of a network of these layer sizes takes: {@code copies}
     * parameter vectors of 8 bytes a parameter, and the activations and their gradients of a
     * batch of {@code batch} samples on every layer.
     */
    public static double estimateBytes(int[] layers, double copies, int batch) {
        double units = 0;
        for (int s : layers) {
            units += s;
        }
        return 8 * parameters(layers) * copies + 2 * 8.0 * Math.max(1, batch) * units;
    }

    /**
     * Throws unless the network of these layer sizes fits one array and, with {@code copies}
     * parameter vectors and a batch of {@code batch}, the heap; {@code what} names it in the message.
     *
     * @throws InvalidArgumentException when it has more than {@link #MAX_PARAMETERS} parameters or would not fit in the heap
     */
    public static void checkFits(int[] layers, double copies, int batch, String what) {
        double p = parameters(layers);
        if (p > MAX_PARAMETERS) {
            throw new InvalidArgumentException(String.format(Locale.ROOT,
                    "%s (layers %s) has %.3g parameters, more than one array holds (%d); use fewer hidden units",
                    what, Arrays.toString(layers), p, MAX_PARAMETERS));
        }
        Checks.checkMemory(estimateBytes(layers, copies, batch), String.format(Locale.ROOT,
                "%s (layers %s, %.3g parameters, %.0f copies)", what, Arrays.toString(layers), p, copies),
                "use fewer hidden units or devices, or " + rwdp.check.Remedy.LARGER_HEAP.text());
    }
}
