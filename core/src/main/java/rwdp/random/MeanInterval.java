package rwdp.random;

import org.apache.commons.math3.distribution.TDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * A two-sided confidence interval mean ± halfWidth for the mean of a population, from n
 * values; {@link #studentT} is the one Student-t interval (for few values, where
 * {@link SummaryStats}' normal interval is too narrow).
 *
 * @param n         number of values (≥ 2)
 * @param mean      their mean
 * @param halfWidth half the width of the interval (≥ 0)
 * @param level     confidence level in (0, 1), e.g. 0.95
 */
public record MeanInterval(int n, double mean, double halfWidth, double level) {

    /**
     * Validates the interval.
     *
     * @throws InvalidArgumentException if n &lt; 2, the mean is NaN, the half-width is negative or
     *                                  NaN, or the level is not in (0, 1)
     */
    public MeanInterval {
        if (n < 2) {
            throw new InvalidArgumentException("need at least 2 values for an interval of their mean, got " + n);
        }
        if (Double.isNaN(mean) || !(halfWidth >= 0)) {
            throw new InvalidArgumentException("need a mean and a half-width >= 0, got " + mean + " +- " + halfWidth);
        }
        checkLevel(level);
    }

    /**
     * Returns the sample standard deviation behind this interval, halfWidth·√n / t_{n−1}((1 + level)/2).
     *
     * @throws InvalidArgumentException if n &lt; 2
     */
    public double standardDeviation() {
        return halfWidth / studentQuantile(level, n - 1) * Math.sqrt(n);
    }

    /** Returns the lower end, mean − halfWidth. */
    public double lower() {
        return mean - halfWidth;
    }

    /** Returns the upper end, mean + halfWidth. */
    public double upper() {
        return mean + halfWidth;
    }

    /**
     * Returns the Student-t interval x̄ ± t_{n−1}((1 + level)/2)·√(Σ(x − x̄)²/((n − 1)n)) of the mean
     * of {@code xs}, exact for normal values and asymptotically valid otherwise (Student 1908;
     * Casella and Berger, Statistical Inference, 2nd ed., §9.2); x̄ = Σx/n, two passes.
     *
     * @throws InvalidArgumentException if fewer than 2 values, a value is not finite, or
     *                                  {@code level} is not in (0, 1)
     */
    public static MeanInterval studentT(double[] xs, double level) {
        int n = xs.length;
        if (n < 2) {
            throw new InvalidArgumentException("need at least 2 values for an interval of their mean, got " + n);
        }
        checkLevel(level);
        double mean = 0;
        for (double x : xs) {
            if (!Double.isFinite(x)) {
                throw new InvalidArgumentException("the values must be finite, got " + x);
            }
            mean += x;
        }
        mean /= n;
        double ss = 0;
        for (double x : xs) {
            ss += (x - mean) * (x - mean);
        }
        return new MeanInterval(n, mean, studentQuantile(level, n - 1) * Math.sqrt(ss / (n - 1) / n), level);
    }

    /**
     * Returns t_df((1 + level)/2), the two-sided critical value of Student's t with {@code df}
     * degrees of freedom at confidence {@code level} (commons-math3 {@link TDistribution}).
     *
     * @throws InvalidArgumentException if {@code df} is not positive or {@code level} is not in (0, 1)
     */
    public static double studentQuantile(double level, double df) {
        checkLevel(level);
        if (!(df > 0)) {
            throw new InvalidArgumentException("Student's t needs degrees of freedom > 0, got " + df);
        }
        return new TDistribution(null, df).inverseCumulativeProbability(0.5 + level / 2);
    }

    private static void checkLevel(double level) {
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
    }
}
