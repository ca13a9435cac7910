package rwdp.latency;

import java.util.SplittableRandom;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.distribution.RealDistribution;
import rwdp.check.InvalidArgumentException;
import rwdp.random.Quantiles;

/**
 * Any commons-math3 distribution of a non-negative computation time (Yakimenka et al., §III-A
 * allows any i.i.d. law). E[T; T ≤ t] = ∫_0^t (1 − Φ(s)) ds − t(1 − Φ(t)) by 32-point Gauss-Legendre
 * rules on dyadic pieces shrinking toward the lower end of the support (where the survival
 * function may have an infinite slope); draws invert the CDF with the caller's uniform.
 * Inversion goes through the distribution's own solver, so it is slower than the built-in models.
 */
public final class DistributionLatency implements LatencyModel {
    private final String spec;
    private final RealDistribution dist;

    /**
     * Creates the model {@code spec} backed by {@code dist}, whose support must lie in [0, ∞).
     *
     * @throws InvalidArgumentException when the support of dist reaches below 0 or its mean is not finite
     */
    public DistributionLatency(String spec, RealDistribution dist) {
        if (dist.getSupportLowerBound() < 0) {
            throw new InvalidArgumentException("latency " + spec + " can be negative (support starts at "
                    + dist.getSupportLowerBound() + ")");
        }
        if (!Double.isFinite(dist.getNumericalMean())) {
            throw new InvalidArgumentException("latency " + spec + " has no finite mean");
        }
        this.spec = spec;
        this.dist = dist;
    }

    @Override
    public String spec() {
        return spec;
    }

    @Override
    public double cdf(double t) {
        return t <= 0 ? 0 : t == Double.POSITIVE_INFINITY ? 1 : dist.cumulativeProbability(t);
    }

    @Override
    public double density(double t) {
        return dist.density(t);
    }

    @Override
    public double quantile(double u) {
        if (u >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        if (u <= 0) {
            return 0;
        }
        // commons-math3's log-normal has no inverse of its own: the generic solver brackets it from the mean and standard
        // deviation, which underflow to 0 for lognormal:-1e3,1 (every draw is below 1e-300). Its closed form does not.
        if (dist instanceof LogNormalDistribution ln) {
            return Math.exp(ln.getScale() + ln.getShape() * Quantiles.normal(u));
        }
        return dist.inverseCumulativeProbability(u);
    }

    @Override
    public double mean() {
        return dist.getNumericalMean();
    }

    @Override
    public double partialMean(double t) {
        if (t <= 0) {
            return 0;
        }
        if (t == Double.POSITIVE_INFINITY) {
            return mean();
        }
        double upper = Math.min(t, dist.getSupportUpperBound());
        double lower = Math.min(Math.max(0, dist.getSupportLowerBound()), upper);
        // The survival function is 1 below the support; above, it may have an infinite slope at the lower end
        // (Weibull of shape below 1: 1 − e^{−s^k}), where one Gauss-Legendre rule over [0, t] converges so slowly
        // that a 1e-12 tolerance took minutes. Dyadic pieces shrinking toward the lower end are each smooth.
        double area = lower;
        double b = upper;
        for (int j = 0; j < DYADIC_PIECES && b > lower; j++) {
            double a = lower + (b - lower) / 2;
            if (j == DYADIC_PIECES - 1 || b - lower <= 1e-9 * b) {
                // The rest is 2^-60 of the range wide, or too narrow beside a positive lower end for 32 distinct nodes:
                // the integrand changes by its slope times the width there, an error of the width squared.
                area += (b - lower) * (1 - dist.cumulativeProbability(lower));
                break;
            }
            // On [a, 2a - lower] a singularity at the lower end lies a half-width outside the piece: a 32-point rule is
            // exact to rounding there (its error falls like 5.8^-64).
            area += RULES.legendre(32, a, b).integrate(s -> 1 - dist.cumulativeProbability(s));
            b = a;
        }
        return area - t * survival(t);
    }

    /** Halvings toward the lower end: the last piece is 2^-60 of the range wide, where the integrand is at most 1. */
    private static final int DYADIC_PIECES = 61;

    private static final GaussIntegratorFactory RULES = new GaussIntegratorFactory();

    @Override
    public double sample(SplittableRandom rng) {
        double u = rng.nextDouble();
        // Other laws draw through their own inverse, as before the log-normal's closed form (same draws, same runs).
        return dist instanceof LogNormalDistribution ? quantile(u) : dist.inverseCumulativeProbability(u);
    }

    @Override
    public String toString() {
        return spec;
    }
}
