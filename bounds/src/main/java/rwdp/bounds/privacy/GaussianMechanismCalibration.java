package rwdp.bounds.privacy;

import rwdp.check.InvalidArgumentException;
import org.apache.commons.math3.special.Erf;

/**
 * The noise of the Gaussian mechanism x ↦ x + N(0, σ²) for a query of ℓ2-sensitivity Δ: the
 * classical calibration σ = Δ√(2 ln(1.25/δ))/ε (Dwork and Roth, "The Algorithmic Foundations of
 * Differential Privacy", 2014, Thm. A.1, proved for ε &lt; 1 only), the exact δ(ε) of a given σ
 * and the smallest σ meeting (ε, δ)-DP (Balle and Wang, "Improving the Gaussian Mechanism for
 * Differential Privacy: Analytical Calibration and Optimal Denoising", ICML 2018, Thm. 8 and
 * Alg. 1). Yakimenka et al. (footnote 4) use the classical form with Δ = 2k.
 */
public final class GaussianMechanismCalibration {
    private GaussianMechanismCalibration() {}

    /** Returns σ = Δ√(2 ln(1.25/δ))/ε, the classical calibration (Dwork and Roth, Thm. A.1; Yakimenka et al., footnote 4 with Δ = 2k). */
    public static double classicalSigma(double sensitivity, double epsilon, double delta) {
        check(sensitivity, epsilon, delta);
        return sensitivity * Math.sqrt(2 * Math.log(1.25 / delta)) / epsilon;
    }

    /**
     * Returns the exact δ(ε) = Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ) of the Gaussian mechanism
     * with noise σ (Balle and Wang 2018, Thm. 8): the smallest δ for which it is (ε, δ)-DP.
     *
     * @throws InvalidArgumentException when sensitivity or sigma is not finite and &gt; 0, or epsilon is negative or
     *     infinite
     */
    public static double exactDelta(double sensitivity, double sigma, double epsilon) {
        if (!(sensitivity > 0) || Double.isInfinite(sensitivity) || !(sigma > 0) || Double.isInfinite(sigma)) {
            throw new InvalidArgumentException("need finite sensitivity > 0 and sigma > 0, got " + sensitivity + ", " + sigma);
        }
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and >= 0, got " + epsilon);
        }
        double u = sensitivity / (2 * sigma);
        double v = epsilon * sigma / sensitivity;
        // e^ε Φ(b) in log space: for large ε, e^ε overflows while Φ(b) underflows.
        double d = Math.exp(logPhi(u - v)) - Math.exp(epsilon + logPhi(-u - v));
        return Math.max(0, d);
    }

    /**
     * Returns the smallest σ with {@link #exactDelta} ≤ δ, i.e. the analytic calibration of
     * Balle and Wang (2018, Thm. 9, Alg. 1), by bisection on ln σ to a relative 1e-13
     * (δ(ε) decreases in σ).
     */
    public static double analyticSigma(double sensitivity, double epsilon, double delta) {
        check(sensitivity, epsilon, delta);
        double hi = sensitivity * Math.max(1, Math.sqrt(2 * Math.log(1.25 / delta)) / epsilon);
        while (exactDelta(sensitivity, hi, epsilon) > delta) {
            hi *= 2;
        }
        double lo = hi / 2;
        while (lo > Double.MIN_NORMAL && exactDelta(sensitivity, lo, epsilon) <= delta) {
            lo /= 2;
        }
        for (int it = 0; it < 200 && hi - lo > 1e-13 * hi; it++) {
            double mid = Math.sqrt(lo * hi);
            if (exactDelta(sensitivity, mid, epsilon) > delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return hi;
    }

    /** Returns ln Φ(x), the log of the standard normal CDF, accurate in the far left tail (asymptotic series below −37). */
    static double logPhi(double x) {
        if (x > -37) {
            return Math.log(0.5 * Erf.erfc(-x / Math.sqrt(2)));
        }
        double x2 = x * x;
        return -0.5 * x2 - Math.log(-x * Math.sqrt(2 * Math.PI)) + Math.log1p(-1 / x2 + 3 / (x2 * x2));
    }

    private static void check(double sensitivity, double epsilon, double delta) {
        if (!(sensitivity > 0) || Double.isInfinite(sensitivity)) {
            throw new InvalidArgumentException("sensitivity must be finite and > 0, got " + sensitivity);
        }
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and > 0, got " + epsilon);
        }
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
    }
}
