package rwdp.bounds.dfedrw;

import rwdp.check.InvalidArgumentException;

/**
 * The series of Wang et al., Thm. 1 and 2 for the step size η^k = 1/(R k^q), each with a
 * certified truncation error: the first {@value #EXACT_TERMS} terms are summed exactly
 * (Kahan), the tail is bracketed by closed-form integrals of the decreasing term.
 *
 * <ul>
 *   <li>Σ_{k≥K̄} ln k (η^k)² = R^{−2} Σ ln k / k^{2q}: finite iff q > 1/2 (the ψ(n, λ_P) sum);</li>
 *   <li>Σ_{k≥1} (η^k)² = R^{−2} ζ(2q): finite iff q > 1/2 (the κ(δ, γ̂) sum);</li>
 *   <li>Σ_{k≥1} η^k / k = R^{−1} ζ(1 + q): finite iff q > 0 (the λ(n) sum);</li>
 *   <li>Σ_{k≥1} η^k τ^k ≥ Σ η^k = R^{−1} Σ k^{−q}: infinite for every q ≤ 1 (the ψ(d, s) sum).</li>
 * </ul>
 */
public final class StepSizeSeries {
    /** Terms summed exactly before the tail bound. */
    public static final int EXACT_TERMS = 200_000;

    // Bounds evaluate the same few series many times (one per checkpoint k): memoise them.
    private static final java.util.concurrent.ConcurrentHashMap<String, CertifiedSum> CACHE = new java.util.concurrent.ConcurrentHashMap<>();

    private StepSizeSeries() {}

    private static void check(double q, double r) {
        if (!(q > 0) || Double.isInfinite(q)) {
            throw new InvalidArgumentException("step-size decay q must be positive, got " + q);
        }
        if (!(r > 0) || Double.isInfinite(r)) {
            throw new InvalidArgumentException("step-size constant R must be positive and finite, got " + r);
        }
    }

    /** Returns Σ_{k≥from} ln k / (R² k^{2q}) (Wang et al., Thm. 1, ψ(n, λ_P)); divergent for q ≤ 1/2. */
    public static CertifiedSum logSquaredSteps(double q, double r, long from) {
        check(q, r);
        return CACHE.computeIfAbsent("log:" + q + ":" + r + ":" + from, key -> logSquaredStepsUncached(q, r, from));
    }

    private static CertifiedSum logSquaredStepsUncached(double q, double r, long from) {
        if (from < 1) {
            throw new InvalidArgumentException("the psi sum starts at K-bar >= 1, got " + from);
        }
        double p = 2 * q;
        if (p <= 1) {
            return CertifiedSum.divergent();
        }
        long n = Math.max(from - 1, EXACT_TERMS);
        double s = 0;
        double c = 0;
        for (long k = Math.max(from, 2); k <= n; k++) {
            double term = Math.log(k) / Math.pow(k, p) - c;
            double t = s + term;
            c = (t - s) - term;
            s = t;
        }
        // ln x / x^p decreases for x > e^{1/p}, and N ≥ 10^6 is far beyond it.
        double lo = logTail(n + 1, p);
        double hi = logTail(n, p);
        double r2 = r * r;
        return new CertifiedSum((s + lo) / r2, (s + hi) / r2 * (1 + 1e-15) + Double.MIN_VALUE, n);
    }

    /** Returns Σ_{k≥1} 1/(R² k^{2q}) = ζ(2q)/R² (Wang et al., Thm. 1, κ(δ, γ̂)); divergent for q ≤ 1/2. */
    public static CertifiedSum squaredSteps(double q, double r) {
        check(q, r);
        double p = 2 * q;
        if (p <= 1) {
            return CertifiedSum.divergent();
        }
        return zeta(p).times(1 / (r * r));
    }

    /**
     * Returns Σ_{k≥1} n/(2 R k^{1+q}) = n ζ(1+q)/(2R), the λ(n) of Wang et al., Thm. 1.
     *
     * @throws InvalidArgumentException when n &lt; 1, q is not positive and finite, or r is not positive and finite
     */
    public static CertifiedSum lambdaN(int n, double q, double r) {
        check(q, r);
        if (n < 1) {
            throw new InvalidArgumentException("number of devices n must be >= 1, got " + n);
        }
        return zeta(1 + q).times(n / (2 * r));
    }

    /** Returns Σ_{k=1}^{k_max} η^k = R^{−1} Σ k^{−q}, exactly (Wang et al., the weights of w̄^k). */
    public static double stepSum(double q, double r, long kMax) {
        check(q, r);
        double s = 0;
        for (long k = 1; k <= kMax; k++) {
            s += 1 / Math.pow(k, q);
        }
        return s / r;
    }

    /** Returns ζ(p) = Σ_{k≥1} k^{−p} for p > 1, certified. */
    public static CertifiedSum zeta(double p) {
        if (!(p > 1)) {
            return CertifiedSum.divergent();
        }
        return CACHE.computeIfAbsent("zeta:" + p, key -> zetaUncached(p));
    }

    private static CertifiedSum zetaUncached(double p) {
        long n = EXACT_TERMS;
        double s = 0;
        double c = 0;
        for (long k = 1; k <= n; k++) {
            double term = 1 / Math.pow(k, p) - c;
            double t = s + term;
            c = (t - s) - term;
            s = t;
        }
        double lo = Math.pow(n + 1, 1 - p) / (p - 1);
        double hi = Math.pow(n, 1 - p) / (p - 1);
        return new CertifiedSum(s + lo, (s + hi) * (1 + 1e-15), n);
    }

    /** Returns ∫_N^∞ ln x · x^{−p} dx = N^{1−p} (ln N/(p−1) + 1/(p−1)²). */
    static double logTail(double n, double p) {
        double a = p - 1;
        return Math.pow(n, -a) * (Math.log(n) / a + 1 / (a * a));
    }
}
