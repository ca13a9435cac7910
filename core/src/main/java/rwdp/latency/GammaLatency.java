package rwdp.latency;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.special.Gamma;
import rwdp.check.InvalidArgumentException;
import rwdp.numerics.Bisection;
import rwdp.random.GammaSampler;

/**
 * Gamma computation time with shape k and scale θ (Yakimenka et al., §VI-B: k = 1/4, θ = 1).
 * Φ_T(t) = P(k, t/θ) and E[T; T ≤ t] = kθ P(k + 1, t/θ) (regularised incomplete gamma of
 * commons-math3). Draws use Marsaglia and Tsang's method with the k &lt; 1 boost, on the
 * caller's generator.
 *
 * @param shape k > 0
 * @param scale θ > 0
 */
public record GammaLatency(double shape, double scale) implements LatencyModel {
    /**
     * Checks the shape and scale.
     *
     * @throws InvalidArgumentException when shape or scale is not positive and finite, shape exceeds {@link #MAX_SHAPE},
     *     or the mean shape·scale overflows a double
     */
    public GammaLatency {
        if (!(shape > 0) || !(scale > 0) || Double.isInfinite(shape) || Double.isInfinite(scale)) {
            throw new InvalidArgumentException("gamma latency needs finite shape > 0 and scale > 0, got " + shape + ", " + scale);
        }
        if (shape > MAX_SHAPE) {
            throw new InvalidArgumentException("gamma latency shape " + shape + " is above " + MAX_SHAPE + ", where the incomplete "
                    + "gamma function loses its accuracy; such a law is within " + 1 / Math.sqrt(MAX_SHAPE) + " of its mean "
                    + "shape*scale in relative terms: give a shape <= " + MAX_SHAPE);
        }
        if (Double.isInfinite(shape * scale)) {
            throw new InvalidArgumentException("gamma latency " + shape + ", " + scale + " has no finite mean (shape*scale overflows)");
        }
    }

    /**
     * The largest shape accepted: commons-math3's regularised incomplete gamma P(k, k), against its expansion
     * 1/2 + 1/(3√(2πk)) + O(k^{-3/2}), is off by 3e−10 at k = 1e6, 1e−8 at 1e8, 5e−6 at 1e10 and 0.09 at 1e14, and fails
     * to converge at 1e30 (measured).
     */
    public static final double MAX_SHAPE = 1e6;

    /**
     * Below this scale commons-math3's inverse CDF, whose absolute accuracy is 1e−14, cannot bracket the quantile
     * (gamma:1,1e-300 failed): the bisection on log t below, which is relative, does it alone.
     */
    private static final double SOLVER_MIN_SCALE = 1e-6;

    @Override
    public String spec() {
        return "gamma:" + shape + "," + scale;
    }

    @Override
    public double cdf(double t) {
        return t <= 0 ? 0 : t == Double.POSITIVE_INFINITY ? 1 : Gamma.regularizedGammaP(shape, t / scale);
    }

    @Override
    public double survival(double t) {
        return t <= 0 ? 1 : t == Double.POSITIVE_INFINITY ? 0 : Gamma.regularizedGammaQ(shape, t / scale);
    }

    @Override
    public double density(double t) {
        if (t <= 0 || t == Double.POSITIVE_INFINITY) {
            return t == 0 && shape < 1 ? Double.POSITIVE_INFINITY : t == 0 && shape == 1 ? 1 / scale : 0;
        }
        // commons-math3's density loses ~1e-4 relative accuracy near 0 for shape < 1; the log form does not.
        double x = t / scale;
        return Math.exp((shape - 1) * Math.log(x) - x - Gamma.logGamma(shape)) / scale;
    }

    @Override
    public double quantile(double u) {
        if (u >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (u <= 0) {
            return 0;
        }
        double q = scale >= SOLVER_MIN_SCALE ? new GammaDistribution(null, shape, scale, 1e-14).inverseCumulativeProbability(u) : 0;
        if (q > 0 && Math.abs(cdf(q) - u) <= 1e-12 * u) {
            return q;
        }
        // The solver's absolute accuracy cannot resolve tiny quantiles (k = 1/4: u = 1e-6 gives t ~ 1e-24):
        // bisect on log t, where the CDF is monotone and computed to full relative accuracy.
        double lo = Math.log(Double.MIN_NORMAL);
        double hi = Math.log(Math.max(q, scale)) + 1;
        while (cdf(Math.exp(hi)) < u) {
            hi += 2;
        }
        return Math.exp(Bisection.search(lo, hi, 200, (a, b) -> !(b - a > 1e-15 * Math.max(1, Math.abs(b))),
                mid -> !(cdf(Math.exp(mid)) < u)).hi());
    }

    @Override
    public double mean() {
        return shape * scale;
    }

    @Override
    public double partialMean(double t) {
        if (t <= 0) {
            return 0;
        }
        // s f(s; k, θ) = kθ f(s; k + 1, θ), so the truncated mean is kθ times the CDF of Gamma(k + 1, θ).
        return t == Double.POSITIVE_INFINITY ? mean() : mean() * Gamma.regularizedGammaP(shape + 1, t / scale);
    }

    @Override
    public double sample(SplittableRandom rng) {
        return scale * GammaSampler.standard(shape, rng);
    }
}
