package rwdp.model;

import java.util.Arrays;
import java.util.Locale;
import rwdp.check.Checks;
import rwdp.check.InvalidArgumentException;

/**
 * The size estimate of a fully connected classifier: the layer sizes of a {@link ModelSpec} are
 * checked against the array limit and the heap before any parameter vector is allocated, as graph
 * specs are.
 */
public final class ClassifierModels {
    /** The most parameters one model may have: the length of one Java array. */
    public static final long MAX_PARAMETERS = Integer.MAX_VALUE - 8;

    private ClassifierModels() {}

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
                "use fewer hidden units or devices, or ", rwdp.check.Remedy.LARGER_HEAP);
    }
}
