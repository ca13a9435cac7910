package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;

/**
 * System heterogeneity as in Wang et al., §VI-A ("h% heterogeneity"): in every round each of the
 * M walks (or selected devices) is, independently with probability h, a straggler whose
 * capability allows only K' < K steps, K' drawn uniformly from 1..K−1 (0 when K = 1). DFedRW keeps the partial work; the baselines follow
 * their {@link StragglerPolicy}.
 *
 * @param fraction h ∈ [0, 1], the probability that a walk straggles in a round
 */
public record StragglerModel(double fraction) {
    /** No stragglers. */
    public static final StragglerModel NONE = new StragglerModel(0);

    /**
     * Checks the straggler fraction.
     *
     * @throws InvalidArgumentException when fraction is outside [0, 1]
     */
    public StragglerModel {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new InvalidArgumentException("straggler fraction h must be in [0, 1], got " + fraction);
        }
    }
}
