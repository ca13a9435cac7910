package rwdp.bounds.privacy;

import java.util.function.DoubleUnaryOperator;
import rwdp.check.InvalidArgumentException;

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

    /** The α at which a conversion is smallest, and that value. */
    public record Optimum(double alpha, double epsilon) {}

    /**
     * Returns the minimum over α in [alphaMin, alphaMax] of {@code conversion(ε(α), α, δ)} for an
     * RDP curve α ↦ ε(α): a log-spaced grid of 2000 points refined by golden-section search
     * around the best grid point (the curves met here are unimodal in α, the grid guards
     * against the rest).
     */
    public static Optimum optimise(DoubleUnaryOperator rdpCurve, double alphaMin, double alphaMax, double delta,
                                   Conversion conversion) {
        if (!(alphaMin > 1) || !(alphaMax >= alphaMin)) {
            throw new InvalidArgumentException("need 1 < alpha_min <= alpha_max, got [" + alphaMin + ", " + alphaMax + "]");
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
        double g = (Math.sqrt(5) - 1) / 2;
        for (int it = 0; it < 100 && hi - lo > 1e-13; it++) {
            double x1 = hi - g * (hi - lo);
            double x2 = lo + g * (hi - lo);
            if (f.applyAsDouble(1 + Math.exp(x1)) <= f.applyAsDouble(1 + Math.exp(x2))) {
                hi = x2;
            } else {
                lo = x1;
            }
        }
        double a = 1 + Math.exp((lo + hi) / 2);
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
