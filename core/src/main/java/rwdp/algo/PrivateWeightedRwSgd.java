package rwdp.algo;

import java.util.SplittableRandom;
import rwdp.graph.Graph;
import rwdp.markov.WeightScheme;
import rwdp.model.Loss;
import rwdp.privacy.GammaMechanism;
import rwdp.privacy.LaplaceMechanism;

/**
 * Algorithm 3 of Ayache et al. (Private Weighted Random Walk SGD) and its Laplace baseline
 * (§V, Fig. 3): every node releases a noisy R(L_i) once, before the walk; the walk is
 * mh-weighted on the R(L_i), and the gradient estimate is (L̄/L_i) ∇f_i with the true L_i, as
 * printed in Alg. 3.
 */
public final class PrivateWeightedRwSgd extends RandomWalkSgd {
    private final double[] released;

    private PrivateWeightedRwSgd(Loss loss, Graph graph, double[] released, SgdSettings settings, SplittableRandom rng) {
        super(loss, WeightScheme.of(WeightScheme.Kind.MH_WEIGHTED).build(graph, released), importanceWeights(loss),
                settings, rng);
        this.released = released;
    }

    /** Returns Alg. 3 with the (possibly truncated) Gamma mechanism; the noise is drawn first from {@code rng}. */
    public static PrivateWeightedRwSgd gamma(Loss loss, Graph graph, GammaMechanism mechanism, SgdSettings settings,
                                             SplittableRandom rng) {
        return new PrivateWeightedRwSgd(loss, graph, mechanism.releaseAll(smoothness(loss), rng), settings, rng);
    }

    /** Returns the Laplace variant of Alg. 3 (Ayache et al., Fig. 3); the noise is drawn first from {@code rng}. */
    public static PrivateWeightedRwSgd laplace(Loss loss, Graph graph, LaplaceMechanism mechanism, SgdSettings settings,
                                               SplittableRandom rng) {
        return new PrivateWeightedRwSgd(loss, graph, mechanism.releaseAll(smoothness(loss), rng), settings, rng);
    }

    /** Returns the released R(L_i) the walk uses (a copy). */
    public double[] released() {
        return released.clone();
    }
}
