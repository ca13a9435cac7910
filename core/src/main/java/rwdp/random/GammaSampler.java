package rwdp.random;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * The one Gamma sampler: allocation-free Gamma(shape, 1) draws from a {@link SplittableRandom} by
 * Marsaglia and Tsang (ACM TOMS 26(3), 2000, §4, with their squeeze) for shape ≥ 1, and their
 * boost X = G · U^{1/shape}, G ~ Gamma(shape + 1), for shape &lt; 1 (ibid., §6). Used by the Gamma
 * mechanism of Ayache et al. (§IV, Definition 2), the Gamma latency model and the Dirichlet
 * label-skew split.
 */
public final class GammaSampler {
    private GammaSampler() {}

    /**
     * Which uniforms a draw takes from the generator. Both give exact Gamma(shape, 1) draws; they
     * are two streams, kept so that the draws of every caller stay the same.
     */
    public enum Uniforms {
        /**
         * U = 1 − nextDouble() in (0, 1], so ln U is finite; for shape &lt; 1 the boost's U is drawn
         * after G (the Gamma mechanism and the latency models).
         */
        BOOST_LAST,
        /**
         * U = nextDouble() in [0, 1); for shape &lt; 1 the boost's U is drawn before G (the Dirichlet
         * split of {@code rwdp.data.LabelSkewPartition}).
         */
        BOOST_FIRST
    }

    /**
     * Returns one draw of Gamma(shape, scale) (mean shape·scale); may underflow to 0 for shapes far below 1.
     *
     * @throws InvalidArgumentException if {@code shape} is not positive and finite
     */
    public static double sample(double shape, double scale, SplittableRandom rng) {
        return scale * Math.exp(sampleLog(shape, rng));
    }

    /**
     * Returns one draw of Gamma(shape, 1) directly (no logarithm round trip), with the
     * {@link Uniforms#BOOST_LAST} stream: the fast path for moderate shapes, such as latency
     * models; underflows to 0 for shapes far below 1, where {@link #sampleLog} is the one to use.
     *
     * @throws InvalidArgumentException if {@code shape} is not positive and finite
     */
    public static double standard(double shape, SplittableRandom rng) {
        return standard(shape, rng, Uniforms.BOOST_LAST);
    }

    /**
     * Returns one draw of Gamma(shape, 1) directly with the given stream of uniforms
     * (Marsaglia and Tsang 2000, §4 and §6).
     *
     * @throws InvalidArgumentException if {@code shape} is not positive and finite
     */
    public static double standard(double shape, SplittableRandom rng, Uniforms uniforms) {
        checkShape(shape);
        if (shape >= 1) {
            return marsagliaTsang(shape, rng, uniforms);
        }
        if (uniforms == Uniforms.BOOST_FIRST) {
            double u = rng.nextDouble();
            return marsagliaTsang(shape + 1, rng, uniforms) * Math.pow(u, 1 / shape);
        }
        return marsagliaTsang(shape + 1, rng, uniforms) * Math.pow(1.0 - rng.nextDouble(), 1 / shape);
    }

    /**
     * Returns ln X for one draw X ~ Gamma(shape, 1) ({@link Uniforms#BOOST_LAST} stream). For shape
     * far below 1 (the Gamma mechanism with a large θ) X itself underflows, its logarithm does not.
     *
     * @throws InvalidArgumentException if {@code shape} is not positive and finite
     */
    public static double sampleLog(double shape, SplittableRandom rng) {
        checkShape(shape);
        if (shape >= 1) {
            return Math.log(marsagliaTsang(shape, rng, Uniforms.BOOST_LAST));
        }
        double g = marsagliaTsang(shape + 1, rng, Uniforms.BOOST_LAST);
        // U in (0, 1]: 1 - nextDouble() never returns 0, so ln U is finite.
        double u = 1.0 - rng.nextDouble();
        return Math.log(g) + Math.log(u) / shape;
    }

    private static void checkShape(double shape) {
        if (!(shape > 0) || Double.isInfinite(shape)) {
            throw new InvalidArgumentException("Gamma shape must be positive and finite, got " + shape);
        }
    }

    /** Returns a Gamma(a, 1) draw for a ≥ 1 (Marsaglia and Tsang 2000, §4: d = a − 1/3, c = 1/√(9d)). */
    private static double marsagliaTsang(double a, SplittableRandom rng, Uniforms uniforms) {
        double d = a - 1.0 / 3;
        double c = 1 / Math.sqrt(9 * d);
        while (true) {
            double x = rng.nextGaussian();
            double v = 1 + c * x;
            if (v <= 0) {
                continue;
            }
            v = v * v * v;
            double u = uniforms == Uniforms.BOOST_LAST ? 1.0 - rng.nextDouble() : rng.nextDouble();
            double x2 = x * x;
            // Squeeze first: it accepts ~98% of proposals without a logarithm.
            if (u < 1 - 0.0331 * x2 * x2 || Math.log(u) < 0.5 * x2 + d * (1 - v + Math.log(v))) {
                return d * v;
            }
        }
    }
}
