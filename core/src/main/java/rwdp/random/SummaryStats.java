package rwdp.random;

import org.apache.commons.math3.distribution.NormalDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * Mean, standard deviation and a normal-approximation confidence interval of a sample (for a
 * few values, where it is too narrow, {@link MeanInterval#studentT} gives the Student-t one).
 *
 * @param n     sample size
 * @param mean  sample mean
 * @param sd    sample standard deviation (n - 1 denominator)
 * @param lower lower end of the two-sided confidence interval for the mean
 * @param upper upper end of the two-sided confidence interval for the mean
 * @param level confidence level of the interval, e.g. 0.99
 */
public record SummaryStats(int n, double mean, double sd, double lower, double upper, double level) {

    /**
     * Returns the summary of {@code xs} with a two-sided interval at {@code level}.
     *
     * @throws InvalidArgumentException when xs has fewer than 2 values or level is outside (0, 1)
     */
    public static SummaryStats of(double[] xs, double level) {
        if (xs.length < 2) {
            throw new InvalidArgumentException("need at least 2 samples for a confidence interval, got " + xs.length);
        }
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        // Welford: stable for samples with a large mean and a small spread.
        double mean = 0;
        double m2 = 0;
        for (int i = 0; i < xs.length; i++) {
            double d = xs[i] - mean;
            mean += d / (i + 1);
            m2 += d * (xs[i] - mean);
        }
        double sd = Math.sqrt(m2 / (xs.length - 1));
        double z = new NormalDistribution().inverseCumulativeProbability(0.5 + level / 2);
        double half = z * sd / Math.sqrt(xs.length);
        return new SummaryStats(xs.length, mean, sd, mean - half, mean + half, level);
    }

    /** Returns the half-width of the confidence interval. */
    public double halfWidth() {
        return (upper - lower) / 2;
    }
}
