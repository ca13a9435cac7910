package rwdp.bounds.skipping;

import org.apache.commons.math3.distribution.BinomialDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * Theorem 1 of Yakimenka et al. (§IV): the expected error after h_max hops of Algorithm 1,
 * E[f(τ_{h_max})] − f(τ*) ≤ Σ_h C(h_max, h)(1 − p)^h p^{h_max − h} e_h.
 */
public final class SkipErrorBound {
    private SkipErrorBound() {}

    /**
     * The parameters of Theorem 1.
     *
     * @param n          number of nodes
     * @param p          skip probability (0 &lt; p &lt; 1 for Skip-Ring, 0 ≤ p &lt; 1 with λ_1 = 0)
     * @param zeta       learning-rate parameter ζ > 0
     * @param k          Lipschitz constant of every f_v
     * @param d          model dimension
     * @param sigma      noise standard deviation σ ≥ 0
     * @param diameter   diameter d_W of the domain W
     * @param randomized true for Skip-Rand-Ring and the uniform walk (λ_1 = 0), false for Skip-Ring
     */
    public record Params(int n, double p, double zeta, double k, int d, double sigma, double diameter, boolean randomized) {
        /**
         * Checks the parameters of Theorem 1.
         *
         * @throws InvalidArgumentException when n &lt; 2, p is outside [0, 1), p = 0 without randomized, zeta, k or
         *     diameter is not positive and finite, sigma is negative or infinite, or d &lt; 1
         */
        public Params {
            if (n < 2) {
                throw new InvalidArgumentException("need n >= 2 nodes, got " + n);
            }
            if (!(p >= 0 && p < 1)) {
                throw new InvalidArgumentException("skip probability p must be in [0, 1), got " + p);
            }
            if (!randomized && p == 0) {
                throw new InvalidArgumentException("Theorem 1 needs p > 0 for Skip-Ring (|lambda_1| = 1 at p = 0)");
            }
            if (!(zeta > 0) || !(k > 0) || d < 1 || !(sigma >= 0) || !(diameter > 0)
                    || Double.isInfinite(zeta) || Double.isInfinite(k) || Double.isInfinite(sigma) || Double.isInfinite(diameter)) {
                throw new InvalidArgumentException("need finite zeta > 0, k > 0, d >= 1, sigma >= 0 and diameter > 0");
            }
        }

        /** Returns |λ_1| (0 for the randomized paths) (Yakimenka et al., Lemma 3, Remark 3). */
        public double lambda1() {
            return randomized ? 0 : SkipRingChain.lambda1(n, p);
        }
    }

    /**
     * Returns e_0..e_H of Theorem 1 (Yakimenka et al.) in O(H): the double sum
     * Σ_j 1/(j(j+1)) Σ_{i=h+1−j}^{h+1} |λ_1|^i = Σ_j w_j λ^{h+1−j} G_j with G_j = Σ_{m=0}^{j} λ^m
     * obeys B(h) = λ B(h−1) + w_h λ G_h, a recursion of positive terms (no cancellation as λ → 1).
     *
     * @throws InvalidArgumentException when hMax &lt; 0
     */
    public static double[] eTable(Params q, int hMax) {
        if (hMax < 0) {
            throw new InvalidArgumentException("h must be >= 0, got " + hMax);
        }
        double[] e = new double[hMax + 1];
        e[0] = q.diameter() * q.k();
        double lead = q.diameter() * q.diameter() + q.zeta() * q.zeta() * (q.k() * q.k() + q.d() * q.sigma() * q.sigma());
        double bias = q.diameter() * q.k() * Math.sqrt(q.n());
        double logLam = q.randomized() ? Double.NEGATIVE_INFINITY : SkipRingChain.logLambda1(q.n(), q.p());
        double lam = Math.exp(logLam);
        double denom = Math.expm1(logLam);
        double b = 0;
        for (int h = 1; h <= hMax; h++) {
            double g = lam == 0 ? 1 : Math.expm1((h + 1) * logLam) / denom;
            b = lam * b + lam * g / ((double) h * (h + 1));
            double first = lam * g / (h + 1);
            e[h] = lead * (2 + Math.log(h + 1)) / (q.zeta() * Math.sqrt(h + 1)) + bias * (first + b);
        }
        return e;
    }

    /** Returns e_h of Theorem 1 by the literal double sums (Yakimenka et al.), O(h²): the reference for {@link #eTable}. */
    public static double eNaive(Params q, int h) {
        if (h == 0) {
            return q.diameter() * q.k();
        }
        double lam = q.lambda1();
        double s1 = 0;
        for (int i = 1; i <= h + 1; i++) {
            s1 += Math.pow(lam, i);
        }
        double s2 = 0;
        for (int j = 1; j <= h; j++) {
            double inner = 0;
            for (int i = h + 1 - j; i <= h + 1; i++) {
                inner += Math.pow(lam, i);
            }
            s2 += inner / ((double) j * (j + 1));
        }
        double lead = q.diameter() * q.diameter() + q.zeta() * q.zeta() * (q.k() * q.k() + q.d() * q.sigma() * q.sigma());
        return lead * (2 + Math.log(h + 1)) / (q.zeta() * Math.sqrt(h + 1))
                + q.diameter() * q.k() * Math.sqrt(q.n()) * (s1 / (h + 1) + s2);
    }

    /**
     * Returns the Theorem 1 bound Σ_h C(h_max, h)(1 − p)^h p^{h_max−h} e_h (Yakimenka et al., §IV).
     *
     * @throws InvalidArgumentException when hmax is outside [0, 10^8] or the bound overflows a double
     */
    public static double bound(Params q, long hmax) {
        checkHmax(hmax);
        double b = mixture(eTable(q, (int) hmax), hmax, q.p());
        if (!Double.isFinite(b)) {
            throw new InvalidArgumentException("the Theorem 1 bound overflows a double: sigma, zeta or the diameter is too large");
        }
        return b;
    }

    /** Returns the Theorem 1 bound at each of {@code hmaxes} from one table of e_h (Yakimenka et al., §IV). */
    public static double[] bounds(Params q, long[] hmaxes) {
        long top = 0;
        for (long h : hmaxes) {
            checkHmax(h);
            top = Math.max(top, h);
        }
        double[] e = eTable(q, (int) top);
        double[] out = new double[hmaxes.length];
        for (int i = 0; i < hmaxes.length; i++) {
            out[i] = mixture(e, hmaxes[i], q.p());
        }
        return out;
    }

    private static void checkHmax(long hmax) {
        if (hmax < 0 || hmax > 100_000_000L) {
            throw new InvalidArgumentException("h_max must be in [0, 1e8], got " + hmax);
        }
    }

    /**
     * Returns Σ_h Binom(h; h_max, 1 − p) e_h: the weight at the mode comes from commons-math3's
     * saddle-point log pmf, the others from the ratio recursion outwards, stopped once a weight
     * falls below 1e−25 of the mode's (the terms left out are smaller than that times max e_h).
     */
    public static double mixture(double[] e, long hmax, double p) {
        if (p == 0) {
            return e[(int) hmax];
        }
        if (hmax == 0) {
            return e[0];
        }
        double q = 1 - p;
        int m = (int) Math.min(hmax, Math.floor((hmax + 1) * q));
        double wm = Math.exp(new BinomialDistribution(null, (int) hmax, q).logProbability(m));
        double sum = wm * e[m];
        double w = wm;
        for (long h = m; h < hmax; h++) {
            w *= (double) (hmax - h) / (h + 1) * q / p;
            sum += w * e[(int) h + 1];
            if (w < 1e-25 * wm) {
                break;
            }
        }
        w = wm;
        for (long h = m; h > 0; h--) {
            w *= (double) h / (hmax - h + 1) * p / q;
            sum += w * e[(int) h - 1];
            if (w < 1e-25 * wm) {
                break;
            }
        }
        return sum;
    }
}
