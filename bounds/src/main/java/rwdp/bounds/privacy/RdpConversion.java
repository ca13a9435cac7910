package rwdp.bounds.privacy;

import java.util.function.DoubleUnaryOperator;
import rwdp.check.InvalidArgumentException;
import rwdp.numerics.GoldenSection;

/**
 * Conversions from Rényi differential privacy (order α, level ε_α) to (ε, δ)-DP, and their
 * optimisation over α.
 */
public final class RdpConversion {
    private RdpConversion() {}

    /** Returns ε = ε_α + ln(1/δ)/(α − 1) (Mironov 2017, Prop. 3). */
    public static double mironov(double epsRdp, double alpha, double delta) {
        check(alpha, delta);
        return epsRdp + Math.log(1 / delta) / (alpha - 1);
    }

    /**
     * Returns ε = ε_α + ln((α − 1)/α) − (ln δ + ln α)/(α − 1) (Balle et al. 2020, Thm. 21;
     * Canonne, Kamath and Steinke 2020, Prop. 12), never worse than {@link #mironov}.
     */
    public static double improved(double epsRdp, double alpha, double delta) {
        check(alpha, delta);
        return epsRdp + Math.log1p(-1 / alpha) - (Math.log(delta) + Math.log(alpha)) / (alpha - 1);
    }

    /**
     * Returns {@link #improved} with the floors of Google's dp_accounting (rdp_privacy_accountant,
     * compute_epsilon): 0 when ε_α ≤ 0 or δ² + expm1(−ε_α) &gt; 0, because then
     * δ ≥ √(1 − e^{−ε_α}) ≥ √(1 − e^{−KL}) ≥ TV = δ(0) (KL = D_1 ≤ D_α; Bretagnolle and Huber's inequality,
     * Z. Wahrsch. 1979), else max(0, improved), which still certifies (0, δ) when improved &lt; 0.
     * dp_accounting skips the improved formula for α ≤ 1.01 as unstable; here it is kept for every
     * α &gt; 1 (ln((α − 1)/α) by log1p loses at most 1e-7 absolute at α = 1 + 1e-9, against a
     * ln(1/δ)/(α − 1) term of order 1e10).
     *
     * @throws InvalidArgumentException if ε_α is NaN, α ≤ 1 or δ is not in (0, 1)
     */
    public static double refined(double epsRdp, double alpha, double delta) {
        check(alpha, delta);
        if (Double.isNaN(epsRdp)) {
            throw new InvalidArgumentException("Renyi level must be a number, got NaN");
        }
        if (!(epsRdp > 0) || delta * delta + Math.expm1(-epsRdp) > 0) {
            return 0;
        }
        return Math.max(0, improved(epsRdp, alpha, delta));
    }

    /** The refinement of {@link #optimise}, on ln(α − 1): at most 100 steps, down to a bracket of 1e−13. */
    private static final GoldenSection.Settings REFINE = new GoldenSection.Settings(100, 1e-13, true, true);

    /** The α at which a conversion is smallest, and that value. */
    public record Optimum(double alpha, double epsilon) {}

    /**
     * Returns the minimum over α in [alphaMin, alphaMax] of {@code conversion(ε(α), α, δ)} for an
     * RDP curve α ↦ ε(α): a log-spaced grid of 2000 points refined by golden-section search
     * around the best grid point (the curves met here are unimodal in α, the grid guards
     * against the rest).
     *
     * @throws InvalidArgumentException unless 1 &lt; alphaMin ≤ alphaMax &lt; ∞
     */
    public static Optimum optimise(DoubleUnaryOperator rdpCurve, double alphaMin, double alphaMax, double delta,
                                   Conversion conversion) {
        if (!(alphaMin > 1) || !(alphaMax >= alphaMin) || Double.isInfinite(alphaMax)) {
            throw new InvalidArgumentException("need 1 < alpha_min <= alpha_max < infinity, got [" + alphaMin + ", " + alphaMax + "]");
        }
        DoubleUnaryOperator f = a -> conversion.apply(rdpCurve.applyAsDouble(a), a, delta);
        int grid = 2000;
        double la = Math.log(alphaMin - 1);
        double lb = Math.log(alphaMax - 1);
        int best = 0;
        double bestV = Double.POSITIVE_INFINITY;
        for (int k = 0; k <= grid; k++) {
            double a = 1 + Math.exp(la + (lb - la) * k / grid);
            double v = f.applyAsDouble(a);
            if (v < bestV) {
                bestV = v;
                best = k;
            }
        }
        double lo = la + (lb - la) * Math.max(0, best - 1) / grid;
        double hi = la + (lb - la) * Math.min(grid, best + 1) / grid;
        double a = 1 + Math.exp(GoldenSection.minimize(x -> f.applyAsDouble(1 + Math.exp(x)), lo, hi, REFINE).midpoint());
        double v = f.applyAsDouble(a);
        return v <= bestV ? new Optimum(a, v) : new Optimum(1 + Math.exp(la + (lb - la) * best / grid), bestV);
    }

    /** A conversion (ε_α, α, δ) ↦ ε. */
    @FunctionalInterface
    public interface Conversion {
        double apply(double epsRdp, double alpha, double delta);
    }

    private static void check(double alpha, double delta) {
        if (!(alpha > 1)) {
            throw new InvalidArgumentException("Renyi order alpha must be > 1, got " + alpha);
        }
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
    }
}
