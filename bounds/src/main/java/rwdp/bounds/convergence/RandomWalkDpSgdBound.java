package rwdp.bounds.convergence;

import rwdp.check.InvalidArgumentException;

/**
 * Theorem 2 of Cyffers et al. (strongly convex RW DP-SGD, ICML 2024, arXiv:2402.07471, App. D; symbols reconstructed where the arXiv text is ambiguous):
 * with γ = min(1/L, ln(Tµ²D₀/(39 L τ ζ²))/(µT)), D₀ = ||x₀ − x*||²,
 * E||x_T − x*||² ≤ 2e^(−Tµ/L) D₀ + [39 τ ζ² L/(µ³T) + (dσ²Δ² + σ²_sgd) L/(µ²T)]·ln(Tµ²D₀/(39 L τ ζ²)).
 *
 * @param mu         strong convexity µ > 0
 * @param smoothness L ≥ µ
 * @param zeta2      ζ² = max_v ||∇f_v(x*)||² > 0
 * @param tauMix     τ_mix = τ_mix(1/4) ≥ 1
 * @param dim        dimension d
 * @param sigma      noise multiplier σ ≥ 0
 * @param delta      sensitivity Δ ≥ 0 (the noise is N(0, σ²Δ² I_d))
 * @param sgdVar     σ²_sgd ≥ 0
 * @param d0         ||x₀ − x*||² > 0
 */
public record RandomWalkDpSgdBound(double mu, double smoothness, double zeta2, double tauMix, int dim, double sigma,
                                   double delta, double sgdVar, double d0) {
    /**
     * Checks the components (Cyffers et al., Thm. 2).
     *
     * @throws InvalidArgumentException when mu &lt;= 0, smoothness &lt; mu, zeta2 &lt;= 0, tauMix &lt; 1, dim &lt; 1,
     *     sigma, delta or sgdVar is negative, or d0 &lt;= 0 (NaN counts as out of range)
     */
    public RandomWalkDpSgdBound {
        if (!(mu > 0) || !(smoothness >= mu) || !(zeta2 > 0) || !(tauMix >= 1) || dim < 1 || !(sigma >= 0)
                || !(delta >= 0) || !(sgdVar >= 0) || !(d0 > 0)) {
            throw new InvalidArgumentException("Theorem 2 needs mu > 0, L >= mu, zeta^2 > 0, tau_mix >= 1, d >= 1, "
                    + "sigma, Delta, sigma_sgd^2 >= 0 and ||x0 - x*||^2 > 0");
        }
    }

    /** Returns the logarithm ln(Tµ²D₀/(39 L τ ζ²)) of Theorem 2; the theorem needs it > 0. */
    public double logFactor(long T) {
        return Math.log(T * mu * mu * d0 / (39 * smoothness * tauMix * zeta2));
    }

    /** Returns the smallest T with a positive log factor (Cyffers et al., Thm. 2), so γ > 0. */
    public long minimumSteps() {
        return (long) Math.floor(39 * smoothness * tauMix * zeta2 / (mu * mu * d0)) + 1;
    }

    /**
     * Returns Theorem 2's step size γ = min(1/L, ln(Tµ²D₀/(39Lτζ²))/(µT)) (Cyffers et al., Thm. 2).
     *
     * @throws InvalidArgumentException when T is below {@link #minimumSteps()} (the logarithm in the step size is not
     *     positive)
     */
    public double stepSize(long T) {
        double lf = logFactor(T);
        if (!(lf > 0)) {
            throw new InvalidArgumentException("T = " + T + " is too small for Theorem 2 (need T >= " + minimumSteps() + ")");
        }
        return Math.min(1 / smoothness, lf / (mu * T));
    }

    /**
     * Returns Theorem 2's bound on E||x_T − x*||² (Cyffers et al., Thm. 2).
     *
     * @throws InvalidArgumentException when T is below {@link #minimumSteps()} (the logarithm in the step size is not
     *     positive)
     */
    public double bound(long T) {
        double lf = logFactor(T);
        if (!(lf > 0)) {
            throw new InvalidArgumentException("T = " + T + " is too small for Theorem 2 (need T >= " + minimumSteps() + ")");
        }
        double noise = dim * sigma * sigma * delta * delta + sgdVar;
        return 2 * Math.exp(-T * mu / smoothness) * d0
                + (39 * tauMix * zeta2 * smoothness / (mu * mu * mu * T) + noise * smoothness / (mu * mu * T)) * lf;
    }
}
