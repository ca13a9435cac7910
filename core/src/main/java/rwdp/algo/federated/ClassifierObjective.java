package rwdp.algo.federated;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.data.LabeledData;
import rwdp.model.ClassifierModel;

/**
 * F_i = mean cross-entropy of a classifier on device i's share of a labelled set; the gradient
 * estimate averages a mini-batch of B samples drawn with replacement from the device's data
 * (Wang et al., §VI-B: batch size 50).
 */
public final class ClassifierObjective implements LocalObjective {
    private final ClassifierModel model;
    private final LabeledData data;
    private final int[][] split;
    private final int batch;
    private final int[] rows;
    /** The batch is copied into x/y (the data set hands out copies only) and read as rows 0..batch−1 of {@code order0}. */
    private final double[][] x;
    private final int[] y;
    private final int[] order0;

    /**
     * Creates the objective of {@code model} on {@code data} split as {@code split}, mini-batch {@code batch}.
     *
     * @throws InvalidArgumentException when batch &lt; 1, model does not fit the data's dimension and classes, or a
     *     device of split holds no sample
     */
    public ClassifierObjective(ClassifierModel model, LabeledData data, int[][] split, int batch) {
        if (batch < 1) {
            throw new InvalidArgumentException("batch size must be >= 1, got " + batch);
        }
        if (model.inputs() != data.dimension() || model.classes() < data.classes()) {
            throw new InvalidArgumentException("model " + model + " does not fit data of dimension " + data.dimension()
                    + " with " + data.classes() + " classes");
        }
        for (int i = 0; i < split.length; i++) {
            if (split[i].length == 0) {
                throw new InvalidArgumentException("device " + i + " holds no sample");
            }
        }
        this.model = model;
        this.data = data;
        this.split = split;
        this.batch = batch;
        this.rows = new int[batch];
        this.x = new double[batch][data.dimension()];
        this.y = new int[batch];
        this.order0 = java.util.stream.IntStream.range(0, batch).toArray();
    }

    /** Returns the classifier (its buffers belong to this objective). */
    public ClassifierModel model() {
        return model;
    }

    /** Returns the per-device sample indices. */
    public int[][] split() {
        return split;
    }

    @Override
    public int devices() {
        return split.length;
    }

    @Override
    public int dimension() {
        return model.parameters();
    }

    @Override
    public int samples(int device) {
        return split[device].length;
    }

    @Override
    public double stochasticGradient(int device, double[] w, SplittableRandom rng, double[] grad) {
        int[] mine = split[device];
        for (int r = 0; r < batch; r++) {
            rows[r] = mine[rng.nextInt(mine.length)];
        }
        data.gather(rows, batch, x, y);
        return model.lossGradient(w, x, y, order0, batch, grad);
    }

    @Override
    public void initialise(double[] w, SplittableRandom rng) {
        model.initialise(w, rng);
    }

    @Override
    public LocalObjective copy() {
        return new ClassifierObjective(model.copy(), data, split, batch);
    }
}
