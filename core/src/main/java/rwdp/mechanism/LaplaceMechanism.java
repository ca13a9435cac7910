package rwdp.mechanism;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * The additive Laplace baseline of Ayache et al. (§V, Fig. 3): R(L) = max(floor, L + Laplace(b)).
 * Two calibrations: {@link #pure} b = (sup L − inf L)/ε, which is (ε, 0)-LDP on [inf L, sup L];
 * and {@link #varianceMatched} b = sqrt(θ L / 2), whose variance 2b² equals the Gamma
 * mechanism's θ L (per node, so b depends on L: not an LDP calibration).
 *
 * @param fixedScale the scale b of the pure calibration, or NaN for the variance-matched one
 * @param theta      the Gamma noise θ the variance-matched calibration copies, or NaN
 * @param floor      the positive floor the release is clipped to (weights must stay positive)
 */
public record LaplaceMechanism(double fixedScale, double theta, double floor) implements java.io.Serializable {

    /**
     * Checks the parameters: exactly one of fixedScale and theta is given.
     *
     * @throws InvalidArgumentException unless either fixedScale is positive and finite with theta NaN, or theta is
     *     positive and finite with fixedScale NaN; or when floor is not positive and finite
     */
    public LaplaceMechanism {
        boolean pure = fixedScale > 0 && Double.isFinite(fixedScale) && Double.isNaN(theta);
        boolean matched = Double.isNaN(fixedScale) && theta > 0 && Double.isFinite(theta);
        if (!pure && !matched) {
            throw new InvalidArgumentException("Laplace mechanism needs either a positive finite scale b or a positive finite theta");
        }
        if (!(floor > 0) || Double.isInfinite(floor)) {
            throw new InvalidArgumentException("Laplace floor must be positive and finite, got " + floor);
        }
    }

    /**
     * Returns the (ε, 0)-LDP calibration b = (lMax − lMin)/ε (Ayache et al., Fig. 3 caption).
     *
     * @throws InvalidArgumentException when epsilon is not positive and finite, not 0 &lt;= lMin &lt; lMax &lt; ∞, or
     *     floor is not positive and finite
     */
    public static LaplaceMechanism pure(double epsilon, double lMin, double lMax, double floor) {
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be positive and finite, got " + epsilon);
        }
        if (!(lMin >= 0) || !(lMax > lMin) || Double.isInfinite(lMax)) {
            throw new InvalidArgumentException("need 0 <= l-min < l-max < infinity, got l-min=" + lMin + ", l-max=" + lMax);
        }
        return new LaplaceMechanism((lMax - lMin) / epsilon, Double.NaN, floor);
    }

    /** Returns the calibration whose variance matches Gamma(L/θ, θ): b = sqrt(θ L/2) (Ayache et al., §V text). */
    public static LaplaceMechanism varianceMatched(double theta, double floor) {
        return new LaplaceMechanism(Double.NaN, theta, floor);
    }

    /** Returns whether this is the pure (ε, 0)-LDP calibration. */
    public boolean isPure() {
        return !Double.isNaN(fixedScale);
    }

    /** Returns the Laplace scale b used for input L. */
    public double scale(double l) {
        return isPure() ? fixedScale : Math.sqrt(theta * l / 2);
    }

    /**
     * Returns one release max(floor, L + Laplace(b)).
     *
     * @throws InvalidArgumentException when l is not positive and finite
     */
    public double release(double l, SplittableRandom rng) {
        if (!(l > 0) || Double.isInfinite(l)) {
            throw new InvalidArgumentException("the Laplace mechanism needs a positive finite input, got " + l);
        }
        return Math.max(floor, l + LaplaceSampler.sample(scale(l), rng));
    }

    /** Returns a release for every node, drawn once each in node order. */
    public double[] releaseAll(double[] l, SplittableRandom rng) {
        double[] r = new double[l.length];
        for (int i = 0; i < l.length; i++) {
            r[i] = release(l[i], rng);
        }
        return r;
    }
}
