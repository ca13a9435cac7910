package rwdp.algo;

import java.util.SplittableRandom;
import rwdp.graph.Graph;
import rwdp.markov.WeightScheme;
import rwdp.model.Loss;

/**
 * Algorithm 1 of Ayache et al. (Uniform Random Walk SGD): the mh-uniform walk (π = 1/N) and
 * the plain local gradient ∇f_i.
 */
public final class UniformRwSgd extends RandomWalkSgd {
    /** Creates Alg. 1 on {@code graph} for {@code loss}, seeded through {@code rng}. */
    public UniformRwSgd(Loss loss, Graph graph, SgdSettings settings, SplittableRandom rng) {
        super(loss, WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(graph), ones(loss.nodes()), settings, rng);
    }
}
