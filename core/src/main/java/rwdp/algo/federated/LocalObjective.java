package rwdp.algo.federated;

import java.util.SplittableRandom;

/**
 * The local objectives F_i of a federated task (Wang et al., eq. (1)) as the algorithms see
 * them: an unbiased gradient estimate at device i, and the local sample count n_i used as the
 * aggregation weight of eq. (11). Instances own scratch buffers: one training run at a time;
 * {@link #copy()} gives an independent instance over the same data.
 */
public interface LocalObjective {
    /** Returns the number of devices n. */
    int devices();

    /** Returns the parameter dimension d. */
    int dimension();

    /** Returns n_i, the number of local examples of device i (the weight of eq. (11)). */
    int samples(int device);

    /** Writes an unbiased estimate of ∇F_i(w) into {@code grad} using {@code rng}; returns the loss estimate. */
    double stochasticGradient(int device, double[] w, SplittableRandom rng, double[] grad);

    /** Writes the initial model w^{1,0} into {@code w}. */
    void initialise(double[] w, SplittableRandom rng);

    /** Returns an instance with its own buffers over the same data. */
    LocalObjective copy();
}
