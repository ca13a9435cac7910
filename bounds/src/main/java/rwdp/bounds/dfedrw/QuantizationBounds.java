package rwdp.bounds.dfedrw;

import rwdp.check.InvalidArgumentException;

/** Closed forms about the stochastic quantiser of Wang et al., §IV-B: Lemma 3 and Proposition 1. */
public final class QuantizationBounds {
    private QuantizationBounds() {}

    /**
     * Returns σ² d s² / 4, the Lemma 3 bound on E||Q(w) − w||² for ||w|| ≤ σ (Wang et al., Lemma 3).
     *
     * @throws InvalidArgumentException when d &lt; 1, s &lt;= 0, or sigma is negative or infinite
     */
    public static double varianceBound(int d, double s, double sigma) {
        if (d < 1 || !(s > 0) || !(sigma >= 0) || Double.isInfinite(sigma)) {
            throw new InvalidArgumentException("need d >= 1, s > 0 and a finite norm bound sigma >= 0, got d=" + d
                    + ", s=" + s + ", sigma=" + sigma);
        }
        return sigma * sigma * d * s * s / 4;
    }

    /**
     * Returns the error threshold of Proposition 1, (1+n) D σ √(d s) / √(ln(1/λ_P)): the
     * quantised walk saves bits only for target errors ε above it (Wang et al., eq. (17)).
     *
     * @throws InvalidArgumentException when n &lt; 1, d &lt; 1, s &lt;= 0, lambdaP is outside (0, 1), or gradBound or
     *     sigma is negative
     */
    public static double errorThreshold(int n, double gradBound, double sigma, int d, double s, double lambdaP) {
        if (n < 1 || d < 1 || !(s > 0) || !(lambdaP > 0 && lambdaP < 1) || !(gradBound >= 0) || !(sigma >= 0)) {
            throw new InvalidArgumentException("need n, d >= 1, s > 0, D, sigma >= 0 and lambda_P in (0, 1)");
        }
        return (1 + n) * gradBound * sigma * Math.sqrt(d * s) / Math.sqrt(Math.log(1 / lambdaP));
    }

    /**
     * Returns 32/ϱ − 64/d: b-bit QDFedRW needing ϱ times the rounds saves bits iff b is below it (Prop. 1).
     *
     * @throws InvalidArgumentException when rho &lt;= 0 or d &lt; 1
     */
    public static double maxBits(double rho, int d) {
        if (!(rho > 0) || d < 1) {
            throw new InvalidArgumentException("need rho > 0 and d >= 1, got " + rho + ", " + d);
        }
        return 32 / rho - 64.0 / d;
    }

    /** Returns ϱ (64 + b d) / (32 d), the ratio of b-bit to 32-bit total bits for the same messages (Prop. 1). */
    public static double bitRatio(double rho, int bits, int d) {
        return rho * (64 + (double) bits * d) / (32.0 * d);
    }
}
