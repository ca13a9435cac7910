package rwdp.random;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * Quantiles of the standard normal and Student's t distributions (commons-math3's inverse CDFs), the one place the
 * project takes them from.
 */
public final class Quantiles {
    private Quantiles() {}

    /**
     * Returns Φ⁻¹(p), the p-quantile of the standard normal distribution.
     *
     * @throws InvalidArgumentException when p is outside [0, 1]
     */
    public static double normal(double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new InvalidArgumentException("a probability must be in [0, 1], got " + p);
        }
        return STANDARD_NORMAL.inverseCumulativeProbability(p);
    }

    /**
     * The standard normal, without a random generator: its inverse CDF is the closed form 0 + 1·√2·erf⁻¹(2p − 1)
     * whatever the generator, so one shared instance gives the same bits as a fresh one and costs no allocation of a
     * Well19937c per call (the log-normal latency draws through it once per sample).
     */
    private static final NormalDistribution STANDARD_NORMAL = new NormalDistribution(null, 0, 1);

    /**
     * Returns the p-quantile of Student's t distribution with {@code df} degrees of freedom.
     *
     * @throws InvalidArgumentException when p is outside [0, 1] or df is not positive
     */
    public static double student(double p, double df) {
        if (!(p >= 0 && p <= 1)) {
            throw new InvalidArgumentException("a probability must be in [0, 1], got " + p);
        }
        if (!(df > 0)) {
            throw new InvalidArgumentException("degrees of freedom must be > 0, got " + df);
        }
        return new TDistribution(null, df).inverseCumulativeProbability(p);
    }
}
