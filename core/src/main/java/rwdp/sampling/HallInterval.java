package rwdp.sampling;

import rwdp.check.InvalidArgumentException;
import rwdp.random.MeanInterval;

/**
 * The total of a stratified simple random sample without replacement and its interval: Hall's skewness-corrected t
 * joined with the plain t interval, with finite-population corrections and Satterthwaite's degrees of freedom (Hall,
 * J. R. Stat. Soc. B 54 (1992) 221–228; Cochran, Sampling Techniques, 3rd ed., §5.3).
 */
public final class HallInterval {
    private HallInterval() {}

    /**
     * Returns {total, low, high}: the estimate Σ_h N_h·x̄_h of the total over the strata of sizes {@code sizes}
     * ({@code x[h]} a simple random sample without replacement of at least 2 from stratum h) and Hall's
     * skewness-corrected t interval at {@code level} (Hall, "On the removal of skewness by transformation", J. R. Stat.
     * Soc. B 54 (1992) 221–228; Johnson, JASA 73 (1978) 536–544), with finite-population corrections on the variance
     * (Cochran, Sampling Techniques, 3rd ed., §5.3) and Satterthwaite's degrees of freedom.
     *
     * <p>With u = (T̂ − T)/se and γ the estimated skewness of T̂, Σ_h N_h³ m3_h/k_h² over (Σ_h N_h² m2_h/k_h)^{3/2}
     * (m2, m3 the within-stratum central moments), Hall's g(u) = u + a·u² + a²u³/3 + b, a = γ/3, b = γ/6, is monotone
     * with the closed-form inverse u = ((1 + 3a(x − b))^{1/3} − 1)/a, and g(u) is referred to Student's t: the
     * covariance of T̂ with its variance estimate is that same third cumulant, as for one mean, so one stratum of k
     * gives Hall's interval on the mean, γ/√k with γ the sample skewness. A left-skewed population (a few senders with
     * far smaller row means) widens the interval downwards, where the plain t interval undercovers. The interval
     * returned is the union of Hall's and the plain t interval, t(ν)·se either side: it covers whenever either does, so
     * it keeps Hall's coverage on skewed populations and the t interval's on nearly symmetric ones, where γ estimated
     * from a few draws is mostly noise and Hall's correction displaces the interval.
     *
     * @throws InvalidArgumentException if a stratum has fewer than 2 values or more than its size, or {@code level} is
     *                                  not in (0, 1)
     */
    public static double[] stratifiedTotal(double[][] x, int[] sizes, double level) {
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        if (x.length != sizes.length || x.length == 0) {
            throw new InvalidArgumentException("need one sample per stratum, got " + x.length + " samples for " + sizes.length + " strata");
        }
        double total = 0;
        double var = 0;
        double var2 = 0;
        double m2Sum = 0;
        double m3Sum = 0;
        for (int h = 0; h < x.length; h++) {
            int k = x[h].length;
            int size = sizes[h];
            if (k < 2 || size < k) {
                throw new InvalidArgumentException("need 2 <= k <= n values, got k = " + k + ", n = " + size);
            }
            double mean = 0;
            for (double v : x[h]) {
                mean += v;
            }
            mean /= k;
            double m2 = 0;
            double m3 = 0;
            for (double v : x[h]) {
                double dv = v - mean;
                m2 += dv * dv;
                m3 += dv * dv * dv;
            }
            total += size * mean;
            double a = (double) size * size * (1 - (double) k / size) * (m2 / (k - 1)) / k;
            var += a;
            var2 += a * a / (k - 1);
            m2Sum += (double) size * size * (m2 / k) / k;
            m3Sum += (double) size * size * size * (m3 / k) / ((double) k * k);
        }
        double se = Math.sqrt(var);
        // Rows equal to rounding (vertex-transitive graphs) or every stratum sampled whole: no spread.
        if (!(se > 1e-14 * Math.abs(total))) {
            return new double[] {total, total - se, total + se};
        }
        double gamma = m3Sum / Math.pow(m2Sum, 1.5);
        double t = MeanInterval.studentQuantile(level, var * var / var2);
        double a = gamma / 3;
        double b = gamma / 6;
        double uHigh = hallInverse(t, a, b);
        double uLow = hallInverse(-t, a, b);
        // The union with the plain t interval: Hall's correction rests on γ estimated from the same few draws, and
        // where the population is nearly symmetric that estimate's noise displaces the interval (grid:20,20's residuals,
        // skewness 0.27: t covers 0.951, Hall's 0.930 of 20,000 draws of 10), while where it is skewed the t interval
        // undercovers (path:600: 0.897 against 0.964). Which holds cannot be told from the draws; the union covers
        // whenever either does.
        return new double[] {total, Math.min(total - t * se, total - se * uHigh), Math.max(total + t * se, total - se * uLow)};
    }

    /**
     * Returns {mean, low, high}: the sample mean of {@code x} (a simple random sample without replacement from a
     * population of {@code n}) and Hall's skewness-corrected t interval at {@code level}: {@link #stratifiedTotal} of
     * one stratum, divided by n.
     *
     * @throws InvalidArgumentException if fewer than 2 values, {@code n < x.length} or {@code level} is not in (0, 1)
     */
    public static double[] skewCorrectedInterval(double[] x, int n, double level) {
        double[] t = stratifiedTotal(new double[][] {x}, new int[] {n}, level);
        return new double[] {t[0] / n, t[1] / n, t[2] / n};
    }

    /**
     * The smallest relative half-width of an interval: the rows themselves carry rounding of this order (summed in
     * another order, the same rows give a mean a few ulps away), so a sample whose rows are all equal (a
     * vertex-transitive graph, a star's leaves) gets an interval this wide instead of one of width zero.
     */
    public static final double ROUNDING = 1e-12;

    /** Returns {@code {center, low, high}} widened, if need be, to a half-width of {@link #ROUNDING} × |center|. */
    public static double[] atLeastRounding(double center, double low, double high) {
        double floor = ROUNDING * Math.abs(center);
        return new double[] {center, Math.min(low, center - floor), Math.max(high, center + floor)};
    }

    /** Returns u with g(u) = x for Hall's g(u) = ((1 + a·u)³ − 1)/(3a) + b (u = x − b when a = 0). */
    private static double hallInverse(double x, double a, double b) {
        if (Math.abs(a) < 1e-12) {
            return x - b;
        }
        return (Math.cbrt(1 + 3 * a * (x - b)) - 1) / a;
    }

}
