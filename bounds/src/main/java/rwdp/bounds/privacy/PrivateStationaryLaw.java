package rwdp.bounds.privacy;

import org.apache.commons.math3.distribution.BetaDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * The law of the stationary distribution π_w,R(i) = R(L_i)/Σ_j R(L_j) of Alg. 3 of Ayache et al.
 * (§IV): with independent R(L_j) ~ Gamma(L_j/θ, θ) of a common scale, π_w,R(i) ~
 * Beta(L_i/θ, Σ_{j≠i} L_j/θ), mean π_w(i) = L_i/Σ L.
 */
public final class PrivateStationaryLaw {
    private PrivateStationaryLaw() {}

    /**
     * Returns Beta(L_i/θ, Σ_{j≠i} L_j/θ), the law of π_w,R(i) (Ayache et al., §IV).
     *
     * @throws InvalidArgumentException when theta is not positive and finite, l.length &lt; 2, or i is outside
     *     0..l.length−1
     */
    public static BetaDistribution of(double[] l, int i, double theta) {
        if (!(theta > 0) || Double.isInfinite(theta)) {
            throw new InvalidArgumentException("theta must be positive and finite, got " + theta);
        }
        if (i < 0 || i >= l.length || l.length < 2) {
            throw new InvalidArgumentException("need at least two nodes and a node index in range");
        }
        double rest = 0;
        for (int j = 0; j < l.length; j++) {
            if (j != i) {
                rest += l[j];
            }
        }
        return new BetaDistribution(null, l[i] / theta, rest / theta, 1e-14);
    }

    /** Returns the mean π_w(i) = L_i/Σ_j L_j of π_w,R(i) (Ayache et al., §IV). */
    public static double mean(double[] l, int i) {
        double s = 0;
        for (double v : l) {
            s += v;
        }
        return l[i] / s;
    }
}
