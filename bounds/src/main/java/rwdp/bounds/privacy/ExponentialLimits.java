package rwdp.bounds.privacy;

import java.util.function.DoubleUnaryOperator;

/**
 * The θ → ∞ limits of the Gamma mechanism's δ (Ayache et al., §IV; ours): R(L)'s output tends to (a monotone function
 * of) an Exp(rate L) draw, so the floors of Lemma 3's δ and of the exact δ are hockey-stick divergences between
 * exponential densities of the extreme rates, linear and in log space.
 */
final class ExponentialLimits {
    private ExponentialLimits() {}

    /**
     * Returns max(1 − e^{x₁} (or {@code none} when ε ≥ ln r), e^{x₂}) of {@link GammaMechanismPrivacy#lemma3Floor} with
     * x₁ = −(ln r − ε)/(1 − 1/r), x₂ = −(ln r + ε)/(r − 1), each through its map: one home for the
     * exponents of the linear and the log-space floor.
     */
    static double lemma3Floor(double epsilon, double lMin, double lMax, DoubleUnaryOperator oneMinusExp,
                                      DoubleUnaryOperator exp, double none) {
        GammaMechanismPrivacy.checkRange(lMin, lMax);
        double r = lMax / lMin;
        double lnr = Math.log(r);
        double first = epsilon < lnr ? oneMinusExp.applyAsDouble(-(lnr - epsilon) / (1 - 1 / r)) : none;
        double second = exp.applyAsDouble(-(lnr + epsilon) / (r - 1));
        return Math.max(first, second);
    }

    /** The hockey-stick divergence (or its ln) between exponential densities of rates a and b. */
    interface ExponentialDivergence {
        double of(double epsilon, double a, double b);
    }

    /** Returns the larger divergence of the two orders of the extreme rates, for {@link GammaMechanismPrivacy#exactFloor} and its ln. */
    static double bothOrders(double epsilon, double lMin, double lMax, ExponentialDivergence f) {
        GammaMechanismPrivacy.checkRange(lMin, lMax);
        return Math.max(f.of(epsilon, lMax, lMin), f.of(epsilon, lMin, lMax));
    }

    /** Returns ∫ max(0, p_a − e^ε p_b) for exponential densities of rates a and b. */
    static double hockeyStick(double epsilon, double a, double b) {
        if (b > a) {
            // p_a/p_b = (a/b) e^{(b−a)t} grows with t: the region is t ≥ t*.
            double t = Math.max(0, (epsilon + Math.log(b / a)) / (b - a));
            return Math.max(0, Math.exp(-a * t) - Math.exp(epsilon - b * t));
        }
        double t = (Math.log(a / b) - epsilon) / (a - b);
        if (t <= 0) {
            return 0;
        }
        return Math.max(0, -Math.expm1(-a * t) + Math.exp(epsilon) * Math.expm1(-b * t));
    }

    /** Returns ln of {@link #hockeyStick}. */
    static double logHockeyStick(double epsilon, double a, double b) {
        if (b > a) {
            double t = Math.max(0, (epsilon + Math.log(b / a)) / (b - a));
            // gap = ε − (b − a)t, which is −ln(b/a) exactly when t > 0 (no cancellation for large ε).
            double gap = t > 0 ? -Math.log(b / a) : epsilon;
            return gap >= 0 ? Double.NEGATIVE_INFINITY : -a * t + LogIncompleteGamma.log1mexp(gap);
        }
        double t = (Math.log(a / b) - epsilon) / (a - b);
        if (t <= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        double logA = LogIncompleteGamma.log1mexp(-a * t);
        double logB = epsilon + LogIncompleteGamma.log1mexp(-b * t);
        return logB >= logA ? Double.NEGATIVE_INFINITY : logA + LogIncompleteGamma.log1mexp(logB - logA);
    }
}
