package rwdp.data;

import rwdp.check.Copies;
import rwdp.check.InvalidArgumentException;

/**
 * A multi-class classification set: row {@code r} of the features has label {@code labels[r]} in
 * 0..classes−1. Immutable: a caller's arrays are copied on construction and on read, so code that
 * runs per sample reads through {@link #label}, {@link #copyRow} and {@link #gather}, which
 * allocate nothing. Not a record: the loaders of this package hand over arrays they built
 * ({@link #adopt}) and subsets share rows, so a set of Fashion-MNIST's size is held once, not
 * twice, while it is loaded or split.
 */
public final class LabeledData {
    private final double[][] features;
    private final int[] labels;
    private final int classes;

    /**
     * Returns a set of copies of {@code features} (one vector per sample, all of one dimension) and {@code labels}
     * (one class index per sample) with {@code classes} ≥ 2 classes.
     *
     * @throws InvalidArgumentException when the counts differ, a row's dimension differs or a label is out of range
     */
    public LabeledData(double[][] features, int[] labels, int classes) {
        this(Copies.deep(features), labels.clone(), classes, true);
    }

    /** Takes the arrays as they are: only for arrays nobody else holds (this package's loaders, and subsets' shared rows). */
    private LabeledData(double[][] features, int[] labels, int classes, boolean owned) {
        this.features = features;
        this.labels = labels;
        this.classes = classes;
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

    /**
     * Refuses a data set that would not fit, as {@link #checkFits(double, double, String, String)}, with the remedy as the
     * exception's field.
     *
     * @param instead the words before the remedy (empty for none)
     * @throws InvalidArgumentException when the data would exceed 80% of the heap
     */
    public static void checkFits(double rows, double features, String what, String instead, rwdp.check.Remedy remedy) {
        rwdp.check.Checks.checkMemory(estimateBytes(rows, features), what, instead, remedy);
    }

    /**
     * Returns the set of {@code features} and {@code labels} without copying them: for this package's loaders, which
     * built the arrays and hand them over.
     *
     * @throws InvalidArgumentException as the public constructor does
     */
    static LabeledData adopt(double[][] features, int[] labels, int classes) {
        return new LabeledData(features, labels, classes, true);
    }

    /** Returns the number of classes. */
    public int classes() {
        return classes;
    }

    /** Returns a copy of the feature vectors, one row per sample. */
    public double[][] features() {
        return Copies.deep(features);
    }

    /** Returns a copy of the class indices. */
    public int[] labels() {
        return labels.clone();
    }

    /** Returns the class index of sample {@code r}. */
    public int label(int r) {
        return labels[r];
    }

    /** Copies the features of sample {@code r} into {@code into} (of length {@link #dimension()}) and returns it. */
    public double[] copyRow(int r, double[] into) {
        System.arraycopy(features[r], 0, into, 0, features[r].length);
        return into;
    }

    /**
     * Copies samples {@code rows[0..count)} into rows {@code 0..count)} of {@code x} (each of
     * length {@link #dimension()}) and their labels into {@code y}: a mini-batch for
     * {@code ClassifierModel.lossGradient} with rows 0..count−1.
     */
    public void gather(int[] rows, int count, double[][] x, int[] y) {
        for (int r = 0; r < count; r++) {
            copyRow(rows[r], x[r]);
            y[r] = labels[rows[r]];
        }
    }

    /** Returns the samples {@code rows}, in that order (a row may repeat). */
    public LabeledData select(int[] rows) {
        double[][] x = new double[rows.length][];
        int[] y = new int[rows.length];
        for (int i = 0; i < rows.length; i++) {
            // Rows are never written nor handed out, so the subset shares them instead of copying.
            x[i] = features[rows[i]];
            y[i] = labels[rows[i]];
        }
        return adopt(x, y, classes);
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

    /**
     * Returns this set when {@code size} covers it, else {@code size} of its rows drawn without
     * replacement from {@code rng} (partial Fisher-Yates).
     *
     * @throws InvalidArgumentException when {@code size} is below 1
     */
    public LabeledData subsample(int size, java.util.SplittableRandom rng) {
        if (size < 1) {
            throw new InvalidArgumentException("need at least one sample, got " + size);
        }
        if (size >= size()) {
            return this;
        }
        int[] idx = new int[size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        for (int i = 0; i < size; i++) {
            int j = i + rng.nextInt(idx.length - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
        }
        return select(java.util.Arrays.copyOf(idx, size));
    }
}
