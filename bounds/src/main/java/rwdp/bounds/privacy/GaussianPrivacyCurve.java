package rwdp.bounds.privacy;

import org.apache.commons.math3.analysis.solvers.BrentSolver;
import org.apache.commons.math3.special.Erf;
import rwdp.check.InvalidArgumentException;

/**
 * The exact privacy curve of μ-Gaussian differential privacy: the smallest δ(ε), and its inverse
 * ε(δ), for which a μ-GDP mechanism is (ε, δ)-DP,
 * δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Dong, Roth and Su, "Gaussian Differential
 * Privacy", J. R. Stat. Soc. B 84(1), 2022, Cor. 2.13; the same curve as the Gaussian mechanism
 * with Δ/σ = μ in Balle and Wang, "Improving the Gaussian Mechanism for Differential Privacy",
 * ICML 2018, Thm. 8). The adaptive composition of c Gaussian mechanisms of noise multiplier
 * z = σ/Δ is exactly (√c/z)-GDP (Dong, Roth and Su, Cor. 3.3), so this curve is the tight
 * (ε, δ) of such a composition, where Rényi accounting (Mironov, "Rényi Differential Privacy",
 * CSF 2017, Prop. 3) only bounds it.
 *
 * <p>Numerics: ln δ(ε) = ln Φ(a) + ln(1 − e^{ε + ln Φ(a − μ) − ln Φ(a)}), a = −ε/μ + μ/2, with
 * ln Φ from erfc and from its asymptotic series in the far left tail, so δ down to 1e-300 and μ
 * up to 1e4 keep their relative accuracy; ε(δ) is Brent's method on ln δ(ε) − ln δ inside a proven bracket.
 *
 * @param mu the GDP parameter μ &gt; 0 (finite)
 */
public record GaussianPrivacyCurve(double mu) {

    /**
     * Validates μ.
     *
     * @throws InvalidArgumentException if μ is not finite and &gt; 0
     */
    public GaussianPrivacyCurve {
        if (!(mu > 0) || Double.isInfinite(mu)) {
            throw new InvalidArgumentException("GDP parameter mu must be finite and > 0, got " + mu);
        }
    }

    /**
     * Returns the curve of the composition of {@code count} Gaussian mechanisms of noise multiplier
     * z = σ/Δ, μ = √count / z (Dong, Roth and Su 2022, Thm. 2.7 and Cor. 3.3).
     *
     * @throws InvalidArgumentException if count &lt; 1 or z is not finite and &gt; 0
     */
    public static GaussianPrivacyCurve ofComposition(long count, double noiseMultiplier) {
        if (count < 1) {
            throw new InvalidArgumentException("need at least one composed mechanism, got " + count);
        }
        if (!(noiseMultiplier > 0) || Double.isInfinite(noiseMultiplier)) {
            throw new InvalidArgumentException("noise multiplier sigma/sensitivity must be finite and > 0, got " + noiseMultiplier);
        }
        return new GaussianPrivacyCurve(Math.sqrt((double) count) / noiseMultiplier);
    }

    /**
     * Returns ln δ(ε), δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2) (Dong, Roth and Su 2022, Cor. 2.13;
     * Balle and Wang 2018, Thm. 8), −∞ only where δ underflows even in log space.
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0
     */
    public double logDelta(double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and >= 0, got " + epsilon);
        }
        double a = -epsilon / mu + mu / 2;
        double la = logPhi(a);
        double lb = epsilon + logPhi(a - mu);
        double x = lb - la;
        if (!(x < 0)) {
            // δ > 0 for every finite ε; a ratio ≥ 1 means both terms left the range of doubles.
            return Double.NEGATIVE_INFINITY;
        }
        return la + log1mExp(x);
    }

    /**
     * Returns δ(ε) = Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2), the smallest δ with (ε, δ)-DP (Dong, Roth and Su
     * 2022, Cor. 2.13; Balle and Wang 2018, Thm. 8).
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0
     */
    public double delta(double epsilon) {
        return Math.exp(logDelta(epsilon));
    }

    /**
     * Returns the smallest ε ≥ 0 with δ(ε) ≤ δ, the inverse of {@link #delta} (Dong, Roth and Su 2022,
     * Cor. 2.13): 0 when δ ≥ δ(0) = 2Φ(μ/2) − 1, else the root of ln δ(ε) = ln δ to a relative 1e-14.
     *
     * @throws InvalidArgumentException if δ is not in (0, 1)
     */
    public double epsilon(double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
        double target = Math.log(delta);
        if (logDelta(0) <= target) {
            return 0;
        }
        // δ(ε) < Φ(a), and Φ(−√(2 ln(1/δ))) ≤ δ/2: so ε_hi = μ(μ/2 + √(2 ln(1/δ))) has δ(ε_hi) < δ.
        double hi = mu * (mu / 2 + Math.sqrt(-2 * target));
        // Brent's method keeps the root bracketed in [0, ε_hi] (bisection whenever interpolation stalls).
        return new BrentSolver(1e-15, 1e-300, 0).solve(10_000, e -> logDelta(e) - target, 0, hi);
    }

    /** Returns ln(1 − e^x) for x &lt; 0 without cancellation (Mächler, "Accurately computing log(1 − exp(−|a|))", 2012). */
    static double log1mExp(double x) {
        return x > -Math.log(2) ? Math.log(-Math.expm1(x)) : Math.log1p(-Math.exp(x));
    }

    /**
     * Returns ln Φ(x), the standard normal log-CDF: −½erfc(x/√2) via log1p for x &gt; 0, ln(½erfc(−x/√2))
     * down to −20, then the asymptotic series of Mills' ratio to 12 terms (Abramowitz and Stegun, 26.2.12;
     * error below 1e-17 relative there).
     */
    static double logPhi(double x) {
        if (x > 0) {
            return Math.log1p(-0.5 * Erf.erfc(x / Math.sqrt(2)));
        }
        if (x > -20) {
            return Math.log(0.5 * Erf.erfc(-x / Math.sqrt(2)));
        }
        double x2 = x * x;
        double term = 1;
        double sum = 1;
        for (int k = 1; k <= 12; k++) {
            term *= -(2 * k - 1) / x2;
            sum += term;
        }
        return -0.5 * x2 - Math.log(-x) - 0.5 * Math.log(2 * Math.PI) + Math.log(sum);
    }
}
