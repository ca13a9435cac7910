package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;

/**
 * The privacy parameters of RW DP-SGD's accountant (Cyffers et al., Thm. 3): Rényi order α,
 * noise multiplier σ (noise N(0, σ²Δ² I)) and walk length T.
 *
 * @param alpha Rényi order α > 1
 * @param sigma noise multiplier σ > 0
 * @param T     number of steps T ≥ 1
 */
public record PndpParams(double alpha, double sigma, long T) implements java.io.Serializable {
    /**
     * Checks the parameters.
     *
     * @throws InvalidArgumentException when alpha is not finite and &gt; 1, sigma is not finite and &gt; 0, or T &lt;
     *     1
     */
    public PndpParams {
        if (!(alpha > 1) || Double.isInfinite(alpha)) {
            throw new InvalidArgumentException("Renyi order alpha must be > 1 and finite, got " + alpha);
        }
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new InvalidArgumentException("noise sigma must be > 0 and finite, got " + sigma);
        }
        if (T < 1) {
            throw new InvalidArgumentException("number of steps T must be >= 1, got " + T);
        }
    }

    /**
     * Smallest T Theorem 3 is stated for: its pair-independent term α T ln T/(σ² n²) has ln T, 0 at T = 1 (Cyffers et
     * al., Thm. 3). The constructor takes T = 1, where the exact series and the closed forms of Thms. 4-5 still apply.
     */
    public static final long THEOREM3_MIN_T = 2;

    /**
     * Returns α, σ, T for Theorem 3, T checked first (Cyffers et al., Thm. 3).
     *
     * @throws InvalidArgumentException when T &lt; {@value #THEOREM3_MIN_T}, or as the constructor does
     */
    public static PndpParams forTheorem3(double alpha, double sigma, long T) {
        requireTheorem3Steps(T);
        return new PndpParams(alpha, sigma, T);
    }

    /**
     * Checks T ≥ {@value #THEOREM3_MIN_T}, the one place of that rule (Cyffers et al., Thm. 3 has ln T).
     *
     * @throws InvalidArgumentException when T &lt; {@value #THEOREM3_MIN_T}
     */
    static void requireTheorem3Steps(long T) {
        if (T < THEOREM3_MIN_T) {
            throw new InvalidArgumentException("the number of steps T must be >= " + THEOREM3_MIN_T + " (Theorem 3 has ln T), got " + T);
        }
    }

    /** Returns whether σ² ≥ 2α(α − 1), the condition of Cyffers et al., Thm. 3. */
    public boolean admissible() {
        return sigma * sigma >= 2 * alpha * (alpha - 1);
    }

    /** Returns the largest α with σ² ≥ 2α(α − 1): (1 + √(1 + 2σ²))/2 (Cyffers et al., Thm. 3). */
    public static double maxAlpha(double sigma) {
        return rwdp.bounds.privacy.NoiseCalibration.maxAlpha(sigma);
    }

    /** Returns a one-line warning when σ² < 2α(α − 1), null otherwise. */
    public String admissibilityWarning() {
        if (admissible()) {
            return null;
        }
        // For a tiny sigma the largest admissible alpha is 1, which no Renyi order reaches: then only sigma can move.
        double a = maxAlpha(sigma);
        return "sigma = " + sigma + " is outside Theorem 3's range sigma^2 >= 2 alpha (alpha - 1) = " + 2 * alpha * (alpha - 1)
                + ": Theorem 3 does not apply (need sigma >= " + Math.sqrt(2 * alpha * (alpha - 1))
                + (a > 1 + 1e-9 ? " or alpha <= " + a : "") + ")";
    }

    /** Returns α/σ², the factor in front of every PNDP term. */
    public double rate() {
        return alpha / (sigma * sigma);
    }

    /** The Euler–Mascheroni constant γ = lim (H_T − ln T). */
    public static final double EULER_GAMMA = 0.5772156649015329;

    /**
     * Returns H_T = Σ_{t=1..T} 1/t (exact sum up to 10⁷, Euler–Maclaurin beyond).
     *
     * @throws InvalidArgumentException when T &lt; 1
     */
    public static double harmonic(long T) {
        if (T < 1) {
            throw new InvalidArgumentException("T must be >= 1, got " + T);
        }
        if (T <= 10_000_000L) {
            double s = 0;
            for (long t = T; t >= 1; t--) {
                s += 1.0 / t;
            }
            return s;
        }
        double x = T;
        return Math.log(x) + EULER_GAMMA + 1 / (2 * x) - 1 / (12 * x * x) + 1 / (120 * x * x * x * x);
    }

    /** Returns the mean number of contributions of a node, N_u = T/n (Cyffers et al., App. B). */
    public double contributions(int n) {
        return (double) T / n;
    }

    /** Returns Theorem 3's pair-independent term α T ln T/(σ² n²) (Cyffers et al., Thm. 3; Remark 2). */
    public double constant(int n) {
        return rate() * T * Math.log(T) / ((double) n * n);
    }

    /**
     * Returns the local-DP loss of the same N_u = T/n contributions, each a Gaussian mechanism of
     * RDP α/(2σ²) seen directly (Mironov 2017, Prop. 7): the LDP line of Cyffers et al., Fig. 1.
     */
    public double localDp(int n) {
        return contributions(n) * rate() / 2;
    }
}
