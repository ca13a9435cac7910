package rwdp.mechanism;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * Allocation-free Laplace(0, b) draws by inversion of the CDF. For simulation only: not
 * hardened against floating-point attacks (see the README).
 */
public final class LaplaceSampler {
    private LaplaceSampler() {}

    /**
     * Returns one draw of Laplace(0, b), density exp(−|x|/b)/(2b) (the baseline of Ayache et al., §V).
     *
     * @throws InvalidArgumentException when b is not positive and finite
     */
    public static double sample(double b, SplittableRandom rng) {
        if (!(b > 0) || Double.isInfinite(b)) {
            throw new InvalidArgumentException("Laplace scale b must be positive and finite, got " + b);
        }
        while (true) {
            double u = rng.nextDouble() - 0.5;
            double t = 1 - 2 * Math.abs(u);
            // u = -1/2 would give ln 0; probability 2^-53, so redraw.
            if (t > 0) {
                return -b * Math.signum(u) * Math.log(t);
            }
        }
    }
}
