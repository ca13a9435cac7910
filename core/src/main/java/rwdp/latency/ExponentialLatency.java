package rwdp.latency;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.ExponentialDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * Exponential computation time with mean m (Yakimenka et al., §VI-B: m = 1). The CDF and
 * quantile come from commons-math3; E[T; T ≤ t] = m(1 − e^{−t/m}(1 + t/m)).
 *
 * @param mean the mean m > 0
 */
public record ExponentialLatency(double mean) implements LatencyModel {
    /**
     * Checks the mean.
     *
     * @throws InvalidArgumentException when mean is not positive and finite
     */
    public ExponentialLatency {
        if (!(mean > 0) || Double.isInfinite(mean)) {
            throw new InvalidArgumentException("exponential latency needs a finite mean > 0, got " + mean);
        }
    }

    private ExponentialDistribution dist() {
        return new ExponentialDistribution(null, mean);
    }

    @Override
    public String spec() {
        return "exp:" + mean;
    }

    @Override
    public double cdf(double t) {
        return t <= 0 ? 0 : -Math.expm1(-t / mean);
    }

    @Override
    public double survival(double t) {
        return t <= 0 ? 1 : Math.exp(-t / mean);
    }

    @Override
    public double density(double t) {
        return dist().density(t);
    }

    @Override
    public double quantile(double u) {
        return u >= 1 ? Double.POSITIVE_INFINITY : dist().inverseCumulativeProbability(u);
    }

    @Override
    public double partialMean(double t) {
        if (t <= 0) {
            return 0;
        }
        if (t == Double.POSITIVE_INFINITY) {
            return mean;
        }
        double x = t / mean;
        // 1 − e^{−x}(1 + x) loses all digits for small x; expm1 keeps them.
        return mean * (-Math.expm1(-x) - x * Math.exp(-x));
    }

    @Override
    public double sample(SplittableRandom rng) {
        return -mean * Math.log1p(-rng.nextDouble());
    }
}
