package rwdp.numerics;

import java.util.function.DoubleUnaryOperator;
import rwdp.check.InvalidArgumentException;

/**
 * Golden-section search for the minimum of a function unimodal on a bracket [lo, hi] (Kiefer
 * 1953; Press et al., Numerical Recipes, 3rd ed., §10.2): each step compares f at the interior
 * points c = b − g(b − a) and d = a + g(b − a), g = (√5 − 1)/2, and keeps [a, d] or [c, b], so
 * the bracket shrinks by g per step. The one implementation behind the RDP-to-DP order search,
 * the skipping-scheme timeout and the Gamma mechanism's pair search.
 */
public final class GoldenSection {
    private GoldenSection() {}

    /** The inverse golden ratio g = (√5 − 1)/2 = 0.618…, the fraction of the bracket kept per step. */
    public static final double RATIO = (Math.sqrt(5) - 1) / 2;

    /**
     * When the search stops and how it steps.
     *
     * @param maxIterations at most this many bracket reductions (≥ 0)
     * @param tolerance     stop once the bracket is no wider than this (≥ 0; 0 runs all
     *                      {@code maxIterations} unless the bracket collapses)
     * @param tiesLeft      on f(c) = f(d) keep the left part [a, d] (else the right part [c, b])
     * @param fresh         compute both interior points afresh from the bracket at every step
     *                      (two evaluations per step, no rounding drift of the kept point) instead
     *                      of carrying the kept interior point over (one evaluation per step)
     */
    public record Settings(int maxIterations, double tolerance, boolean tiesLeft, boolean fresh) {
        /**
         * Validates the settings.
         *
         * @throws InvalidArgumentException if {@code maxIterations} is negative or {@code tolerance}
         *                                  is negative or NaN
         */
        public Settings {
            if (maxIterations < 0) {
                throw new InvalidArgumentException("golden-section iterations must be >= 0, got " + maxIterations);
            }
            if (!(tolerance >= 0)) {
                throw new InvalidArgumentException("golden-section tolerance must be >= 0, got " + tolerance);
            }
        }
    }

    /**
     * A bracket [lower, upper].
     *
     * @param lower left end
     * @param upper right end
     */
    public record Bracket(double lower, double upper) {
        /**
         * Validates the bracket.
         *
         * @throws InvalidArgumentException if an end is not finite or {@code lower > upper}
         */
        public Bracket {
            if (!Double.isFinite(lower) || !Double.isFinite(upper) || lower > upper) {
                throw new InvalidArgumentException("need a finite bracket lower <= upper, got [" + lower + ", " + upper + "]");
            }
        }

        /** Returns the midpoint (lower + upper)/2. */
        public double midpoint() {
            return (lower + upper) / 2;
        }

        /** Returns the width upper − lower. */
        public double width() {
            return upper - lower;
        }
    }

    /**
     * Returns the final bracket of a golden-section search for a minimum of {@code f} on
     * [lo, hi] (Numerical Recipes, 3rd ed., §10.2): for f unimodal on [lo, hi] it contains the
     * minimiser. Each step keeps [a, d] when f(c) &lt; f(d) and [c, b] when f(c) &gt; f(d) (ties as
     * {@link Settings#tiesLeft}); a NaN value keeps the right part.
     *
     * @throws InvalidArgumentException if [lo, hi] is not a finite bracket with lo ≤ hi
     */
    public static Bracket minimize(DoubleUnaryOperator f, double lo, double hi, Settings settings) {
        Bracket start = new Bracket(lo, hi);
        double a = start.lower();
        double b = start.upper();
        double c = Double.NaN;
        double d = Double.NaN;
        double fc = Double.NaN;
        double fd = Double.NaN;
        boolean keptLeft = false;
        for (int it = 0; it < settings.maxIterations() && b - a > settings.tolerance(); it++) {
            if (it == 0 || settings.fresh()) {
                c = b - RATIO * (b - a);
                d = a + RATIO * (b - a);
                fc = f.applyAsDouble(c);
                fd = f.applyAsDouble(d);
            } else if (keptLeft) {
                d = c;
                fd = fc;
                c = b - RATIO * (b - a);
                fc = f.applyAsDouble(c);
            } else {
                c = d;
                fc = fd;
                d = a + RATIO * (b - a);
                fd = f.applyAsDouble(d);
            }
            keptLeft = settings.tiesLeft() ? fc <= fd : fc < fd;
            if (keptLeft) {
                b = d;
            } else {
                a = c;
            }
        }
        return new Bracket(a, b);
    }

    /**
     * Returns the final bracket of a golden-section search for a maximum of {@code f} on
     * [lo, hi]: {@link #minimize} of −f.
     *
     * @throws InvalidArgumentException if [lo, hi] is not a finite bracket with lo ≤ hi
     */
    public static Bracket maximize(DoubleUnaryOperator f, double lo, double hi, Settings settings) {
        return minimize(x -> -f.applyAsDouble(x), lo, hi, settings);
    }
}
