package rwdp.algo.federated;

import java.util.Arrays;
import java.util.SplittableRandom;
import rwdp.model.LogisticLoss;
import rwdp.model.Loss;

/**
 * F_i = f_i of a {@link Loss} with its exact local gradient (a deterministic, hence unbiased,
 * estimate): the convex setting of Wang et al., Thm. 1 and 2. The initial model is 0.
 */
public final class LossObjective implements LocalObjective {
    private final Loss loss;
    private final int[] samples;

    /** Creates the objective of {@code loss}; a {@link LogisticLoss} reports its per-node sample counts. */
    public LossObjective(Loss loss) {
        this.loss = loss;
        this.samples = new int[loss.nodes()];
        for (int i = 0; i < samples.length; i++) {
            samples[i] = loss instanceof LogisticLoss l ? l.samples(i) : 1;
        }
    }

    /** Returns the loss. */
    public Loss loss() {
        return loss;
    }

    @Override
    public int devices() {
        return loss.nodes();
    }

    @Override
    public int dimension() {
        return loss.dimension();
    }

    @Override
    public int samples(int device) {
        return samples[device];
    }

    @Override
    public double stochasticGradient(int device, double[] w, SplittableRandom rng, double[] grad) {
        loss.gradient(device, w, grad);
        return Double.NaN;
    }

    @Override
    public void initialise(double[] w, SplittableRandom rng) {
        Arrays.fill(w, 0);
    }

    @Override
    public LocalObjective copy() {
        return this;
    }
}
