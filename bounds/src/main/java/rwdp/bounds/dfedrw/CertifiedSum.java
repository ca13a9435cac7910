package rwdp.bounds.dfedrw;

import rwdp.check.InvalidArgumentException;

/**
 * The value of an infinite series known to lie in [lower, upper]: an exact partial sum plus
 * integral bounds on the tail (for a positive term decreasing beyond the cut-off,
 * ∫_{N+1}^∞ f ≤ Σ_{k>N} f(k) ≤ ∫_N^∞ f), or +∞ when the series diverges.
 *
 * @param lower a certified lower bound of the sum
 * @param upper a certified upper bound of the sum
 * @param terms the number of terms summed exactly
 */
public record CertifiedSum(double lower, double upper, long terms) {

    /**
     * Checks the interval.
     *
     * @throws InvalidArgumentException unless lower &lt;= upper (a NaN end included)
     */
    public CertifiedSum {
        if (!(lower <= upper)) {
            throw new InvalidArgumentException("certified sum needs lower <= upper, got " + lower + " > " + upper);
        }
    }

    /** Returns a divergent series: [+∞, +∞]. */
    public static CertifiedSum divergent() {
        return new CertifiedSum(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);
    }

    /** Returns whether the series converges. */
    public boolean finite() {
        return upper < Double.POSITIVE_INFINITY;
    }

    /** Returns the midpoint, the reported value. */
    public double value() {
        return finite() ? lower + (upper - lower) / 2 : Double.POSITIVE_INFINITY;
    }

    /** Returns the half-width, the certified truncation error of {@link #value()}. */
    public double error() {
        return finite() ? (upper - lower) / 2 : Double.NaN;
    }

    /**
     * Returns this interval times c ≥ 0.
     *
     * @throws InvalidArgumentException when c &lt; 0 or c is NaN
     */
    public CertifiedSum times(double c) {
        if (!(c >= 0)) {
            throw new InvalidArgumentException("can only scale a certified sum by c >= 0, got " + c);
        }
        if (c == 0) {
            return new CertifiedSum(0, 0, terms);
        }
        return new CertifiedSum(lower * c, upper * c, terms);
    }
}
