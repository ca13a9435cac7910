package rwdp.model;

import rwdp.check.InvalidArgumentException;
import java.util.SplittableRandom;
import rwdp.data.LabeledData;

/**
 * Centralised mini-batch SGD of a classifier on one data set: each epoch visits the samples in a
 * fresh random order in batches of B (the last batch may be smaller) and steps w ← w − η ∇. The
 * reference point "a 3FNN trained centrally" against which Wang et al.'s federated accuracies are
 * read (§VI). Buffers are allocated once; an epoch allocates nothing.
 */
public final class MiniBatchSgd {
    private final ClassifierModel model;
    private final LabeledData data;
    private final int batch;
    private final int[] order;
    private final double[] grad;
    private final int[] rows;
    /** The batch is copied into x/y (the data set hands out copies only) and read as rows 0..count−1 of {@code order0}. */
    private final double[][] x;
    private final int[] y;
    private final int[] order0;

    /**
     * Creates the trainer of {@code model} (its buffers are used) on {@code data} with batch size {@code batch}.
     *
     * @throws InvalidArgumentException when batch &lt; 1, or model does not fit the data's dimension and classes
     */
    public MiniBatchSgd(ClassifierModel model, LabeledData data, int batch) {
        if (batch < 1) {
            throw new InvalidArgumentException("batch size must be >= 1, got " + batch);
        }
        if (model.inputs() != data.dimension() || model.classes() < data.classes()) {
            throw new InvalidArgumentException("model " + model + " does not fit data of dimension " + data.dimension()
                    + " with " + data.classes() + " classes");
        }
        this.model = model;
        this.data = data;
        this.batch = batch;
        this.order = new int[data.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        this.grad = new double[model.parameters()];
        this.rows = new int[batch];
        this.x = new double[batch][data.dimension()];
        this.y = new int[batch];
        this.order0 = java.util.stream.IntStream.range(0, batch).toArray();
    }

    /**
     * Runs one epoch at step size {@code rate} on {@code w} in place and returns the mean mini-batch loss seen.
     *
     * @throws InvalidArgumentException when rate is not positive and finite
     */
    public double epoch(double[] w, double rate, SplittableRandom rng) {
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new InvalidArgumentException("step size must be positive and finite, got " + rate);
        }
        for (int i = order.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        double loss = 0;
        int batches = 0;
        for (int start = 0; start < order.length; start += batch) {
            int count = Math.min(batch, order.length - start);
            System.arraycopy(order, start, rows, 0, count);
            data.gather(rows, count, x, y);
            loss += model.lossGradient(w, x, y, order0, count, grad);
            for (int k = 0; k < w.length; k++) {
                w[k] -= rate * grad[k];
            }
            batches++;
        }
        return loss / batches;
    }
}
