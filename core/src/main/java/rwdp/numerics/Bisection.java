package rwdp.numerics;

import java.util.function.DoubleBinaryOperator;
import java.util.function.DoublePredicate;

/**
 * Bisection of a bracket [lo, hi] on a monotone predicate: the one home of the halving loops of the project, each
 * caller stating its stop rule and midpoint instead of writing the loop (Burden and Faires, Numerical Analysis, §2.1).
 * The loop is exactly: while fewer than {@code maxIterations} halvings were made and the stop rule does not hold,
 * take the midpoint m and keep [lo, m] when {@code above(m)}, else [m, hi].
 */
public final class Bisection {
    private Bisection() {}

    /**
     * A bracket of the search.
     *
     * @param lo the lower end
     * @param hi the upper end
     */
    public record Bracket(double lo, double hi) {
        /** Returns the arithmetic midpoint (lo + hi)/2, computed as 0.5·(lo + hi). */
        public double mid() {
            return 0.5 * (lo + hi);
        }
    }

    /** When a search stops, from its current bracket. */
    @FunctionalInterface
    public interface Stop {
        /** Returns whether the search stops at the bracket [lo, hi]. */
        boolean done(double lo, double hi);
    }

    /** Never stops before the iteration cap. */
    public static final Stop NEVER = (lo, hi) -> false;

    /** Stops when the arithmetic midpoint is no longer strictly inside: lo and hi are adjacent doubles. */
    public static final Stop ADJACENT = (lo, hi) -> {
        double mid = 0.5 * (lo + hi);
        return mid <= lo || mid >= hi;
    };

    /** Returns the stop rule hi − lo ≤ {@code width}. */
    public static Stop width(double width) {
        return (lo, hi) -> !(hi - lo > width);
    }

    /**
     * Returns the final bracket of the bisection of [lo, hi] at the arithmetic midpoint 0.5·(lo + hi), keeping the
     * lower half whenever {@code above} holds at the midpoint (the root is at or below it).
     */
    public static Bracket search(double lo, double hi, int maxIterations, Stop stop, DoublePredicate above) {
        return search(lo, hi, maxIterations, stop, (a, b) -> 0.5 * (a + b), above);
    }

    /**
     * Returns the final bracket of the bisection of [lo, hi] at {@code midpoint(lo, hi)} (e.g. √(lo·hi) on a
     * positive scale), keeping the lower half whenever {@code above} holds at the midpoint.
     */
    public static Bracket search(double lo, double hi, int maxIterations, Stop stop, DoubleBinaryOperator midpoint,
                                 DoublePredicate above) {
        for (int it = 0; it < maxIterations && !stop.done(lo, hi); it++) {
            double mid = midpoint.applyAsDouble(lo, hi);
            if (above.test(mid)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return new Bracket(lo, hi);
    }

    /**
     * Returns the smallest x ≥ 0 with {@code decreasing(x)} ≤ {@code level}, to {@code relTol} relative: 0 when it holds
     * at 0, else a bracket [2^(k−1), 2^k] found by doubling from 1, then halved at the arithmetic midpoint; +∞ when even
     * {@code cap} does not reach the level (the inversion of a privacy curve δ(ε) into ε(δ)).
     */
    public static double smallestAtOrBelow(java.util.function.DoubleUnaryOperator decreasing, double level, double relTol,
                                           double cap) {
        if (decreasing.applyAsDouble(0) <= level) {
            return 0;
        }
        double lo = 0;
        double hi = 1;
        while (decreasing.applyAsDouble(hi) > level) {
            lo = hi;
            hi *= 2;
            if (hi > cap) {
                return Double.POSITIVE_INFINITY;
            }
        }
        return search(lo, hi, Integer.MAX_VALUE, (a, b) -> !(b - a > relTol * Math.max(1, b)),
                x -> decreasing.applyAsDouble(x) <= level).hi();
    }
}
