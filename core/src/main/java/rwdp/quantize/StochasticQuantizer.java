package rwdp.quantize;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * The unbiased stochastic quantiser of Wang et al., eq. (12) (QSGD-style, their ref. [41]):
 * each |w^ν|/||w|| is rounded at random to one of the two neighbouring levels of
 * {0, s, 2s, ..., (2^(b−1)−1)s}, with probability of the upper level Φ = |w^ν|/(s||w||) − ℓ,
 * and the sign is kept in one of the b bits. A message carries (Λ, s, ||w||): 64 + b·d bits.
 *
 * <p>Since |w^ν|/||w|| ≤ 1, the levels cover every component only when s(2^(b−1) − 1) ≥ 1;
 * the constructor refuses a smaller s (the paper leaves this implicit).
 *
 * @param bits b ≥ 2 (one sign bit and at least one level bit)
 * @param step the quantisation interval s
 */
public record StochasticQuantizer(int bits, double step) {

    /**
     * Checks the parameters.
     *
     * @throws InvalidArgumentException when bits is outside 2..32, step is not positive and finite, or
     *     step·(2^(bits−1) − 1) &lt; 1
     */
    public StochasticQuantizer {
        if (bits < 2 || bits > 32) {
            throw new InvalidArgumentException("quantiser bits b must be in 2..32 (one is the sign bit), got " + bits);
        }
        if (!(step > 0) || Double.isInfinite(step)) {
            throw new InvalidArgumentException("quantisation step s must be positive and finite, got " + step);
        }
        if (step * maxLevel(bits) < 1 - 1e-12) {
            throw new InvalidArgumentException("step s = " + step + " with b = " + bits + " bits covers only |w_v|/||w|| <= "
                    + step * maxLevel(bits) + "; need s*(2^(b-1)-1) >= 1, e.g. s = " + 1.0 / maxLevel(bits));
        }
    }

    /**
     * Returns the quantiser with the finest admissible step s = 1/(2^(b−1) − 1) (Wang et al., eq. (12)).
     *
     * @throws InvalidArgumentException when bits is outside 2..32
     */
    public static StochasticQuantizer finest(int bits) {
        if (bits < 2 || bits > 32) {
            throw new InvalidArgumentException("quantiser bits b must be in 2..32 (one is the sign bit), got " + bits);
        }
        return new StochasticQuantizer(bits, 1.0 / maxLevel(bits));
    }

    /** Returns the largest level index 2^(b−1) − 1. */
    public static long maxLevel(int bits) {
        return (1L << (bits - 1)) - 1;
    }

    /** Returns the bits of one quantised d-vector message, 64 + b·d (Wang et al., §IV-B). */
    public long messageBits(int dimension) {
        return 64 + (long) bits * dimension;
    }

    /** Returns the bits of one full-precision d-vector message, 32·d (Wang et al., §IV-B). */
    public static long fullPrecisionBits(int dimension) {
        return 32L * dimension;
    }

    /**
     * Writes Q(w) into {@code out} (may alias {@code w}) drawing from {@code rng}; Q(0) = 0.
     * Returns ||w||, the norm the message carries (Wang et al., eq. (12)).
     */
    public double quantize(double[] w, double[] out, SplittableRandom rng) {
        double norm = 0;
        for (double v : w) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        if (norm == 0) {
            java.util.Arrays.fill(out, 0);
            return 0;
        }
        long top = maxLevel(bits);
        for (int k = 0; k < w.length; k++) {
            double r = Math.abs(w[k]) / (step * norm);
            long l = (long) Math.floor(r);
            double phi = r - l;
            if (l >= top) {
                // r = top up to rounding: the top level exactly.
                l = top;
                phi = 0;
            }
            long level = rng.nextDouble() < phi ? l + 1 : l;
            double q = step * level * norm;
            out[k] = w[k] < 0 ? -q : q;
        }
        return norm;
    }

    /**
     * Returns the exact E||Q(w) − w||² = s²||w||² Σ_ν Φ_ν(1 − Φ_ν), the variance of two-point
     * rounding (ground truth for Wang et al., Lemma 3).
     */
    public double exactVariance(double[] w) {
        double norm = 0;
        for (double v : w) {
            norm += v * v;
        }
        norm = Math.sqrt(norm);
        if (norm == 0) {
            return 0;
        }
        double s = 0;
        for (double v : w) {
            double r = Math.abs(v) / (step * norm);
            double phi = r - Math.floor(r);
            s += phi * (1 - phi);
        }
        return step * step * norm * norm * s;
    }
}
