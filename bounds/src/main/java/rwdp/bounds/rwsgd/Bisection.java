package rwdp.bounds.rwsgd;

import java.util.function.DoubleUnaryOperator;
import rwdp.check.InvalidArgumentException;

/** The inversion of a decreasing privacy curve δ(ε) into ε(δ), shared by the accountants of this package. */
final class Bisection {
    private Bisection() {}

    /**
     * Returns the smallest ε ≥ 0 with curve(ε) ≤ δ, to 1e-9 relative, +∞ when even ε = 1e4 does not reach δ.
     *
     * @throws InvalidArgumentException if δ is not in (0, 1)
     */
    static double smallestEpsilon(DoubleUnaryOperator curve, double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
        if (curve.applyAsDouble(0) <= delta) {
            return 0;
        }
        double lo = 0;
        double hi = 1;
        while (curve.applyAsDouble(hi) > delta) {
            lo = hi;
            hi *= 2;
            if (hi > 1e4) {
                return Double.POSITIVE_INFINITY;
            }
        }
        while (hi - lo > 1e-9 * Math.max(1, hi)) {
            double mid = 0.5 * (lo + hi);
            if (curve.applyAsDouble(mid) > delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }
}
