package rwdp.algo;

import java.util.SplittableRandom;
import rwdp.graph.Graph;
import rwdp.markov.WeightScheme;
import rwdp.model.Loss;

/**
 * Algorithm 2 of Ayache et al. (Weighted Random Walk SGD): the mh-weighted walk with
 * π_w(i) = L_i/Σ L and the importance-weighted gradient (L̄/L_i) ∇f_i.
 */
public final class WeightedRwSgd extends RandomWalkSgd {
    /** Creates Alg. 2 on {@code graph} for {@code loss}, seeded through {@code rng}. */
    public WeightedRwSgd(Loss loss, Graph graph, SgdSettings settings, SplittableRandom rng) {
        super(loss, WeightScheme.of(WeightScheme.Kind.MH_WEIGHTED).build(graph, smoothness(loss)),
                importanceWeights(loss), settings, rng);
    }
}
