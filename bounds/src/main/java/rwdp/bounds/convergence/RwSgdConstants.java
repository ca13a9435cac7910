package rwdp.bounds.convergence;

import rwdp.check.InvalidArgumentException;
import rwdp.model.Loss;

/**
 * The constants of the O(C / k^{1−q}) rates of Ayache et al.: Theorem 1 (Alg. 1), Theorem 2
 * (Alg. 2), eq. (10) (Alg. 3 given the noise) and eq. (11) (truncated Gamma, averaged over the
 * noise). λ_P = (max(|λ2|, |λN|) + 1)/2 of the chain used; σ² = max_i ||∇f_i(w*)||².
 */
public final class RwSgdConstants {
    private RwSgdConstants() {}

    /** Returns σ² = max_i ||∇f_i(w*)||², the residual of Ayache et al., Theorem 1. */
    public static double sigma2(Loss loss, double[] wStar) {
        double[] g = new double[loss.dimension()];
        double best = 0;
        for (int i = 0; i < loss.nodes(); i++) {
            loss.gradient(i, wStar, g);
            double s = 0;
            for (double v : g) {
                s += v * v;
            }
            best = Math.max(best, s);
        }
        return best;
    }

    /** Returns C_u = max(σ², (sup L)², 1/ln(1/λ_Pu)) (Ayache et al., Theorem 1, eq. (7)). */
    public static double uniform(double sigma2, double[] l, double lambdaP) {
        return Math.max(Math.max(sigma2, sq(max(l))), mixingTerm(lambdaP));
    }

    /** Returns C_w = max((L̄/inf L) σ², L̄², 1/ln(1/λ_Pw)) (Ayache et al., Theorem 2, eq. (9)). */
    public static double weighted(double sigma2, double[] l, double lambdaP) {
        double mean = mean(l);
        return Math.max(Math.max(mean / min(l) * sigma2, sq(mean)), mixingTerm(lambdaP));
    }

    /** Returns C_R = max((R̄/inf R) σ², R̄², 1/ln(1/λ_Pw,R)) over the drawn R(L_i) (Ayache et al., eq. (10)). */
    public static double privateGivenNoise(double sigma2, double[] released, double lambdaP) {
        return weighted(sigma2, released, lambdaP);
    }

    /**
     * Returns (L_max/L_min) σ² + L_max², the constant of the truncated Gamma mechanism (Ayache et al., eq. (11)).
     *
     * @throws InvalidArgumentException unless 0 &lt; lMin &lt; lMax
     */
    public static double truncatedGamma(double sigma2, double lMin, double lMax) {
        if (!(lMin > 0) || !(lMax > lMin)) {
            throw new InvalidArgumentException("need 0 < l-min < l-max, got " + lMin + ", " + lMax);
        }
        return lMax / lMin * sigma2 + lMax * lMax;
    }

    /** Returns C / k^{1−q}, the rate of Theorems 1-2 at iteration k. */
    public static double rate(double c, long k, double q) {
        return c / Math.pow(k, 1 - q);
    }

    /**
     * Returns 1/ln(1/λ_P), the mixing term; λ_P must lie in (0, 1).
     *
     * @throws InvalidArgumentException when lambdaP is outside (0, 1)
     */
    public static double mixingTerm(double lambdaP) {
        if (!(lambdaP > 0 && lambdaP < 1)) {
            throw new InvalidArgumentException("lambda_P must be in (0, 1) (an ergodic chain), got " + lambdaP);
        }
        return 1 / Math.log(1 / lambdaP);
    }

    static double sq(double x) {
        return x * x;
    }

    static double max(double[] x) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : x) {
            m = Math.max(m, v);
        }
        return m;
    }

    static double min(double[] x) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : x) {
            m = Math.min(m, v);
        }
        return m;
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }
}
