package rwdp.spectral;

import rwdp.check.InvalidArgumentException;

/**
 * An interval containing the eigenvalues of W on 1⊥ (Lanczos Ritz values padded by their
 * residual bounds), where the Chebyshev expansion is built (Cyffers et al., Thm. 3, App. B), with the Lanczos quadrature of the
 * spectral density it came with.
 *
 * @param lower         lower end, ≥ −1
 * @param upper         upper end, < 1
 * @param lanczosSteps  Lanczos iterations used
 * @param ritzMin       smallest Ritz value (an upper estimate of λ_min)
 * @param ritzMax       largest Ritz value (a lower estimate of λ_2)
 * @param ritz          the Ritz values, decreasing (may be empty)
 * @param weight        their Gauss quadrature weights τ_j² (the start vector's spectral measure; sum 1)
 * @param settled       whether the extreme Ritz values settled (or were exact) before the step limit: if not,
 *                      eigenvalues may lie outside [lower, upper] and the plain expansion cannot be trusted
 */
public record SpectralInterval(double lower, double upper, int lanczosSteps, double ritzMin, double ritzMax, double[] ritz,
                               double[] weight, boolean settled) implements java.io.Serializable {
    /**
     * Checks the interval and its Ritz data.
     *
     * @throws InvalidArgumentException unless -1 &lt;= lower &lt; upper &lt; 1, or when ritz and weight differ in
     *     length
     */
    public SpectralInterval {
        if (!(lower >= -1 - 1e-12 && lower < upper && upper < 1)) {
            throw new InvalidArgumentException("spectral interval [" + lower + ", " + upper + "] must lie in [-1, 1)");
        }
        if (ritz.length != weight.length) {
            throw new InvalidArgumentException("Ritz values and weights differ in length");
        }
        // Copies: a record is immutable only if nobody else holds its arrays.
        ritz = ritz.clone();
        weight = weight.clone();
    }

    /** Returns a copy of the Ritz values, decreasing. */
    @Override
    public double[] ritz() {
        return ritz.clone();
    }

    /** Returns a copy of the Gauss quadrature weights of the Ritz values. */
    @Override
    public double[] weight() {
        return weight.clone();
    }

    /** Returns the interval [newLower, newUpper], known to contain the spectrum in question (the quadrature kept). */
    public SpectralInterval with(double newLower, double newUpper, double newRitzMax) {
        return new SpectralInterval(newLower, newUpper, lanczosSteps, ritzMin, newRitzMax, ritz, weight, true);
    }

    /**
     * Returns the Ritz value above which about {@code count} of the {@code dimension} eigenvalues lie, by the
     * Lanczos quadrature (Golub &amp; Meurant, Matrices, Moments and Quadrature, 2010, §6.2): a rough estimate,
     * good for a cost model, never for a bound; {@code lower} when the quadrature has too little mass.
     */
    public double levelWithCount(double count, int dimension) {
        double mass = 0;
        for (int j = 0; j < ritz.length; j++) {
            mass += weight[j] * dimension;
            if (mass >= count) {
                return ritz[j];
            }
        }
        return lower;
    }
}
