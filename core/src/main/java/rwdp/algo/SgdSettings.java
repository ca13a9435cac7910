package rwdp.algo;

import rwdp.check.InvalidArgumentException;

/**
 * Step-size and feasible-set settings shared by the algorithms of Ayache et al. (§II):
 * γ_k = 1/k^q with 1/2 &lt; q &lt; 1, and W the Euclidean ball of radius R.
 *
 * @param radius the radius R of the feasible ball
 * @param q      the step-size exponent, strictly between 1/2 and 1
 */
public record SgdSettings(double radius, double q) implements java.io.Serializable {

    /**
     * Checks the settings.
     *
     * @throws InvalidArgumentException when radius is not positive and finite, or q is outside (1/2, 1)
     */
    public SgdSettings {
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new InvalidArgumentException("radius must be positive and finite, got " + radius);
        }
        if (!(q > 0.5 && q < 1)) {
            throw new InvalidArgumentException("q must be strictly between 1/2 and 1 (Ayache et al., §II), got " + q);
        }
    }

    /** Returns the step size γ_k = 1/k^q of iteration k ≥ 1. */
    public double stepSize(long k) {
        return Math.pow(k, -q);
    }
}
