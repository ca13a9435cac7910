package rwdp.bounds.rwsgd;

import java.util.function.DoubleUnaryOperator;
import rwdp.check.InvalidArgumentException;

/** The inversion of a decreasing privacy curve δ(ε) into ε(δ) at this package's tolerance, by {@link rwdp.numerics.Bisection}. */
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
        return rwdp.numerics.Bisection.smallestAtOrBelow(curve, delta, 1e-9, 1e4);
    }
}
