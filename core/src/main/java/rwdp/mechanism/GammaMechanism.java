package rwdp.mechanism;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.random.GammaSampler;

/**
 * The Gamma mechanism of Ayache et al. (§IV, Definition 2): node i releases
 * R(L_i) ~ Gamma(shape L_i/θ, scale θ), mean L_i, variance θ L_i, drawn once per node
 * (footnote 3: fresh draws per visit would allow averaging attacks). The truncated variant
 * clips R(L_i) to [L_min, L_max] (post-processing, same (ε, δ); §IV before eq. (11)).
 *
 * @param theta the noise parameter θ &gt; 0
 * @param lMin  lower clip L_min (0 for no truncation)
 * @param lMax  upper clip L_max (+∞ for no truncation)
 */
public record GammaMechanism(double theta, double lMin, double lMax) implements java.io.Serializable {

    /**
     * Checks the parameters.
     *
     * @throws InvalidArgumentException when theta is not positive and finite, or not 0 &lt;= lMin &lt; lMax
     */
    public GammaMechanism {
        if (!(theta > 0) || Double.isInfinite(theta)) {
            throw new InvalidArgumentException("theta must be positive and finite, got " + theta);
        }
        if (!(lMin >= 0) || !(lMax > lMin)) {
            throw new InvalidArgumentException("truncation needs 0 <= l-min < l-max, got l-min=" + lMin + ", l-max=" + lMax);
        }
    }

    /** Returns the untruncated Gamma mechanism with noise θ (Ayache et al., Definition 2). */
    public static GammaMechanism of(double theta) {
        return new GammaMechanism(theta, 0, Double.POSITIVE_INFINITY);
    }

    /**
     * Returns the truncated Gamma mechanism clipping to [lMin, lMax] (Ayache et al., §IV, eq. (11)).
     *
     * @throws InvalidArgumentException when theta is not positive and finite, or not 0 &lt; lMin &lt; lMax &lt; ∞
     */
    public static GammaMechanism truncated(double theta, double lMin, double lMax) {
        if (!(lMin > 0) || Double.isInfinite(lMax)) {
            throw new InvalidArgumentException("truncation needs 0 < l-min < l-max < infinity, got l-min=" + lMin + ", l-max=" + lMax);
        }
        return new GammaMechanism(theta, lMin, lMax);
    }

    /** Returns whether outputs are clipped. */
    public boolean isTruncated() {
        return lMin > 0 || lMax < Double.POSITIVE_INFINITY;
    }

    /**
     * Returns one release R(L) (Ayache et al., Definition 2), clipped when truncated; an
     * untruncated draw that underflows is returned as the smallest positive double so the MH
     * ratios of Alg. 3 stay defined.
     *
     * @throws InvalidArgumentException when l is not positive and finite
     */
    public double release(double l, SplittableRandom rng) {
        if (!(l > 0) || Double.isInfinite(l)) {
            throw new InvalidArgumentException("the Gamma mechanism needs a positive finite input, got " + l);
        }
        double r = GammaSampler.sample(l / theta, theta, rng);
        r = Math.min(lMax, Math.max(lMin, r));
        return r > 0 ? r : Double.MIN_VALUE;
    }

    /** Returns R(L_i) for every node, drawn once each in node order (Ayache et al., Alg. 3 initialisation). */
    public double[] releaseAll(double[] l, SplittableRandom rng) {
        double[] r = new double[l.length];
        for (int i = 0; i < l.length; i++) {
            r[i] = release(l[i], rng);
        }
        return r;
    }
}
