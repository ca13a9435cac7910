package rwdp.latency;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * Pareto type II (Lomax) computation time with shape α and scale λ (Yakimenka et al., §VI-B:
 * α = 3, λ = 2), which commons-math3 lacks: Φ_T(t) = 1 − (1 + t/λ)^{−α}, quantile
 * λ((1 − u)^{−1/α} − 1), E[T] = λ/(α − 1) for α > 1, and
 * E[T; T ≤ t] = λ/(α − 1)(1 − (1 + t/λ)^{1−α}) − t(1 + t/λ)^{−α}. Draws are by inversion.
 *
 * @param shape α > 1 (so the mean, hence Lemma 1's latency, is finite)
 * @param scale λ > 0
 */
public record LomaxLatency(double shape, double scale) implements LatencyModel {
    /**
     * Checks the shape and scale.
     *
     * @throws InvalidArgumentException when shape is not finite and &gt; 1, or scale is not positive and finite
     */
    public LomaxLatency {
        if (!(shape > 1) || !(scale > 0) || Double.isInfinite(shape) || Double.isInfinite(scale)) {
            throw new InvalidArgumentException("lomax latency needs finite shape > 1 (finite mean) and scale > 0, got "
                    + shape + ", " + scale);
        }
    }

    @Override
    public String spec() {
        return "lomax:" + shape + "," + scale;
    }

    @Override
    public double cdf(double t) {
        return t <= 0 ? 0 : -Math.expm1(-shape * Math.log1p(t / scale));
    }

    @Override
    public double survival(double t) {
        return t <= 0 ? 1 : Math.exp(-shape * Math.log1p(t / scale));
    }

    @Override
    public double density(double t) {
        return t < 0 ? 0 : shape / scale * Math.exp(-(shape + 1) * Math.log1p(t / scale));
    }

    @Override
    public double quantile(double u) {
        if (u >= 1) {
            return Double.POSITIVE_INFINITY;
        }
        return u <= 0 ? 0 : scale * Math.expm1(-Math.log1p(-u) / shape);
    }

    @Override
    public double mean() {
        return scale / (shape - 1);
    }

    @Override
    public double partialMean(double t) {
        if (t <= 0) {
            return 0;
        }
        if (t == Double.POSITIVE_INFINITY) {
            return mean();
        }
        double l = Math.log1p(t / scale);
        // ∫_0^t (1 − Φ) ds − t(1 − Φ(t)), by parts; expm1 keeps the small-t digits.
        return mean() * -Math.expm1((1 - shape) * l) - t * Math.exp(-shape * l);
    }

    @Override
    public double sample(SplittableRandom rng) {
        return scale * Math.expm1(-Math.log1p(-rng.nextDouble()) / shape);
    }
}
