package rwdp.latency;

import java.util.SplittableRandom;
import org.apache.commons.math3.analysis.integration.IterativeLegendreGaussIntegrator;
import org.apache.commons.math3.distribution.RealDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * Any commons-math3 distribution of a non-negative computation time (Yakimenka et al., §III-A
 * allows any i.i.d. law). E[T; T ≤ t] = ∫_0^t (1 − Φ(s)) ds − t(1 − Φ(t)) by Gauss-Legendre
 * quadrature of the survival function; draws invert the CDF with the caller's uniform.
 * Inversion goes through the distribution's own solver, so it is slower than the built-in models.
 */
public final class DistributionLatency implements LatencyModel {
    private final String spec;
    private final RealDistribution dist;

    /** Creates the model {@code spec} backed by {@code dist}, whose support must lie in [0, ∞). */
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
        return u >= 1 ? Double.POSITIVE_INFINITY : u <= 0 ? 0 : dist.inverseCumulativeProbability(u);
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
        IterativeLegendreGaussIntegrator q = new IterativeLegendreGaussIntegrator(16, 1e-12, 1e-14);
        double area = q.integrate(10_000_000, s -> 1 - dist.cumulativeProbability(s), 0, upper);
        return area - t * survival(t);
    }

    @Override
    public double sample(SplittableRandom rng) {
        return dist.inverseCumulativeProbability(rng.nextDouble());
    }

    @Override
    public String toString() {
        return spec;
    }
}
