package rwdp.privacy;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * Allocation-free Gamma(shape, 1) draws from a {@link SplittableRandom}: Marsaglia and Tsang
 * (ACM TOMS 26(3), 2000) for shape ≥ 1, and their boost X = G · U^{1/shape}, G ~ Gamma(shape + 1),
 * for shape &lt; 1. Used by the Gamma mechanism of Ayache et al. (§IV, Definition 2).
 */
public final class GammaSampler {
    private GammaSampler() {}

    /** Returns one draw of Gamma(shape, scale) (mean shape·scale); may underflow to 0 for shapes far below 1. */
    public static double sample(double shape, double scale, SplittableRandom rng) {
        return scale * Math.exp(sampleLog(shape, rng));
    }

    /**
     * Returns one draw of Gamma(shape, 1) directly (no logarithm round trip): the fast path for
     * moderate shapes, such as latency models and Dirichlet weights; underflows to 0 for shapes
     * far below 1, where {@link #sampleLog} is the one to use.
     */
    public static double standard(double shape, SplittableRandom rng) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new InvalidArgumentException("Gamma shape must be positive and finite, got " + shape);
        }
        if (shape >= 1) {
            return marsagliaTsang(shape, rng);
        }
        return marsagliaTsang(shape + 1, rng) * Math.pow(1.0 - rng.nextDouble(), 1 / shape);
    }

    /**
     * Returns ln X for one draw X ~ Gamma(shape, 1). For shape far below 1 (the Gamma mechanism
     * with a large θ) X itself underflows, its logarithm does not.
     */
    public static double sampleLog(double shape, SplittableRandom rng) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new InvalidArgumentException("Gamma shape must be positive and finite, got " + shape);
        }
        if (shape >= 1) {
            return Math.log(marsagliaTsang(shape, rng));
        }
        double g = marsagliaTsang(shape + 1, rng);
        // U in (0, 1]: 1 - nextDouble() never returns 0, so ln U is finite.
        double u = 1.0 - rng.nextDouble();
        return Math.log(g) + Math.log(u) / shape;
    }

    private static double marsagliaTsang(double a, SplittableRandom rng) {
        double d = a - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = rng.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = 1.0 - rng.nextDouble();
            double x2 = x * x;
            // Squeeze first: it accepts ~98% of proposals without a logarithm.
            if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
