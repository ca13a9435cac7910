package rwdp.data;

import rwdp.check.InvalidArgumentException;

/**
 * A multi-class classification set: row {@code r} of {@code features} has label
 * {@code labels[r]} in 0..classes−1. Immutable by convention (arrays are not copied on read).
 *
 * @param features one feature vector per sample, all of the same dimension
 * @param labels   one class index per sample
 * @param classes  number of classes C ≥ 2
 */
public record LabeledData(double[][] features, int[] labels, int classes) {

    public LabeledData {
        if (features.length == 0 || features.length != labels.length) {
            throw new InvalidArgumentException("need the same positive number of feature rows and labels, got "
                    + features.length + " and " + labels.length);
        }
        if (classes < 2) {
            throw new InvalidArgumentException("a classification set needs at least 2 classes, got " + classes);
        }
        int d = features[0].length;
        for (int r = 0; r < features.length; r++) {
            if (features[r].length != d) {
                throw new InvalidArgumentException("sample " + r + " has " + features[r].length + " features, expected " + d);
            }
            if (labels[r] < 0 || labels[r] >= classes) {
                throw new InvalidArgumentException("label " + labels[r] + " of sample " + r + " outside 0.." + (classes - 1));
            }
        }
    }

    /**
     * Returns the bytes a set of {@code rows} samples of {@code features} features takes: one
     * double array per row (8 bytes a value plus a 16-byte header and its reference) and a label.
     */
    public static double estimateBytes(double rows, double features) {
        return rows * (8 * features + 16 + 8 + 4);
    }

    /**
     * Throws InvalidArgumentException naming {@code what} unless a set of {@code rows} samples of
     * {@code features} features fits in the heap (the rule of {@link rwdp.check.Checks#checkMemory}).
     *
     * @throws InvalidArgumentException when the set would not fit
     */
    public static void checkFits(double rows, double features, String what, String instead) {
        rwdp.check.Checks.checkMemory(estimateBytes(rows, features), what, instead);
    }

    /** Returns the number of samples. */
    public int size() {
        return labels.length;
    }

    /** Returns the feature dimension. */
    public int dimension() {
        return features[0].length;
    }

    /** Returns the number of samples of each class. */
    public int[] classCounts() {
        int[] c = new int[classes];
        for (int y : labels) {
            c[y]++;
        }
        return c;
    }
}
