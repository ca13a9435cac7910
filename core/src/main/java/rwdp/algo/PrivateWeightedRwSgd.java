package rwdp.algo;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.WeightScheme;
import rwdp.model.Loss;
import rwdp.mechanism.GammaMechanism;
import rwdp.mechanism.LaplaceMechanism;

/**
 * Algorithm 3 of Ayache et al. (Private Weighted Random Walk SGD) and its Laplace baseline
 * (§V, Fig. 3): every node releases a noisy R(L_i) once, before the walk; the walk is
 * mh-weighted on the R(L_i), and the gradient estimate is (L̄/L_i) ∇f_i with the true L_i, as
 * printed in Alg. 3.
 */
public final class PrivateWeightedRwSgd extends RandomWalkSgd {
    private final double[] released;

    /** Which importance weight multiplies ∇f_i. */
    public enum GradientWeights {
        /** (L̄/L_i), as printed in Alg. 3: unbiased only on average over the noise (Appendix C). */
        PRINTED,
        /** (R̄/R(L_i)) with the released values: unbiased at the walk's stationary law for every draw of the noise. */
        RELEASED
    }

    private PrivateWeightedRwSgd(Loss loss, Graph graph, double[] released, GradientWeights weights, SgdSettings settings,
                                 SplittableRandom rng) {
        super(loss, WeightScheme.of(WeightScheme.Kind.MH_WEIGHTED).build(graph, released),
                weights == GradientWeights.PRINTED ? importanceWeights(loss) : meanOver(released), settings, rng);
        this.released = released.clone();
    }

    private static double[] meanOver(double[] r) {
        double mean = 0;
        for (double v : r) {
            mean += v / r.length;
        }
        double[] c = new double[r.length];
        for (int i = 0; i < r.length; i++) {
            c[i] = mean / r[i];
        }
        return c;
    }

    /** Returns Alg. 3 with the (possibly truncated) Gamma mechanism; the noise is drawn first from {@code rng}. */
    public static PrivateWeightedRwSgd gamma(Loss loss, Graph graph, GammaMechanism mechanism, SgdSettings settings,
                                             SplittableRandom rng) {
        return gamma(loss, graph, mechanism, GradientWeights.PRINTED, settings, rng);
    }

    /** Returns Alg. 3 with the Gamma mechanism and the chosen gradient weights; the noise is drawn first from {@code rng}. */
    public static PrivateWeightedRwSgd gamma(Loss loss, Graph graph, GammaMechanism mechanism, GradientWeights weights,
                                             SgdSettings settings, SplittableRandom rng) {
        return new PrivateWeightedRwSgd(loss, graph, mechanism.releaseAll(smoothness(loss), rng), weights, settings, rng);
    }

    /** Returns the Laplace variant of Alg. 3 (Ayache et al., Fig. 3); the noise is drawn first from {@code rng}. */
    public static PrivateWeightedRwSgd laplace(Loss loss, Graph graph, LaplaceMechanism mechanism, SgdSettings settings,
                                               SplittableRandom rng) {
        return new PrivateWeightedRwSgd(loss, graph, mechanism.releaseAll(smoothness(loss), rng), GradientWeights.PRINTED,
                settings, rng);
    }

    /**
     * Returns Alg. 3 on already released values R(L_i) ("given the noise", Ayache et al., eq. (10)).
     *
     * @throws InvalidArgumentException when released does not hold one value per node of loss
     */
    public static PrivateWeightedRwSgd givenNoise(Loss loss, Graph graph, double[] released, GradientWeights weights,
                                                  SgdSettings settings, SplittableRandom rng) {
        if (released.length != loss.nodes()) {
            throw new InvalidArgumentException("need one released value per node, got " + released.length);
        }
        return new PrivateWeightedRwSgd(loss, graph, released, weights, settings, rng);
    }

    /** Returns the released R(L_i) the walk uses (a copy). */
    public double[] released() {
        return released.clone();
    }
}
