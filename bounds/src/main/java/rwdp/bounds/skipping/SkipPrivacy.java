package rwdp.bounds.skipping;

import org.apache.commons.math3.util.CombinatoricsUtils;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.check.InvalidArgumentException;

/**
 * The privacy of the skipping scheme (Yakimenka et al., §V): Theorem 2 (Skip-Ring),
 * Theorem 3 (Skip-Rand-Ring) and the Rényi-DP forms their proofs optimise (App. B, eqs. (13)
 * and (18)). σ is calibrated as in footnote 4, σ = k√(8 ln(1.25/δ))/ε, so k cancels.
 */
public final class SkipPrivacy {
    private SkipPrivacy() {}

    /**
     * One ε_skip with the quantities behind it.
     *
     * @param epsilonSkip the NDP level ε_skip (for δ + δ')
     * @param htilde      h̃, the Chernoff bound on a node's number of updates
     * @param a           Theorem 3's triple sum (NaN for Skip-Ring)
     * @param alpha       the Rényi order used (Theorem 2: the unconstrained optimum)
     */
    public record Epsilon(double epsilonSkip, long htilde, double a, double alpha) {}

    static void checkPrivacy(double epsilon, double delta) {
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and > 0, got " + epsilon);
        }
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
    }

    /**
     * Returns h̃ = ⌈h_max(1 − p)/n + √(3 h_max(1 − p)/n · ln(1/δ'))⌉ (Yakimenka et al., Thms. 2 and 3);
     * h_max must be a multiple of n (§III-A), 0 ≤ p &lt; 1 and 0 &lt; δ' ≤ 1.
     *
     * @throws InvalidArgumentException when n &lt; 2, hmax is not a positive multiple of n, p is outside [0, 1), or
     *     deltaPrime is outside (0, 1]
     */
    public static long htilde(long hmax, int n, double p, double deltaPrime) {
        if (n < 2) {
            throw new InvalidArgumentException("need n >= 2 nodes, got " + n);
        }
        if (hmax < n || hmax % n != 0) {
            throw new InvalidArgumentException("h_max = " + hmax + " must be a positive multiple of n = " + n);
        }
        if (!(p >= 0 && p < 1)) {
            throw new InvalidArgumentException("skip probability p must be in [0, 1), got " + p);
        }
        if (!(deltaPrime > 0 && deltaPrime <= 1)) {
            throw new InvalidArgumentException("delta' must be in (0, 1], got " + deltaPrime);
        }
        double mean = hmax * (1 - p) / n;
        return (long) Math.ceil(mean + Math.sqrt(3 * mean * Math.log(1 / deltaPrime)));
    }

    /** Returns ε_skip = ε√(h̃ ln(1/δ))/√(ln(1.25/δ)) + ε²h̃/(4 ln(1.25/δ)) (Yakimenka et al., Theorem 2). */
    public static double ringEpsilon(double epsilon, double delta, long htilde) {
        checkPrivacy(epsilon, delta);
        double l = Math.log(1.25 / delta);
        return finite(epsilon * Math.sqrt(htilde * Math.log(1 / delta)) / Math.sqrt(l) + epsilon * epsilon * htilde / (4 * l));
    }

    /** Returns the Rényi order 1 + σ√(ln(1/δ))/(k√(2h̃)) at which Theorem 2's proof optimises (Yakimenka et al., App. B-C). */
    public static double ringAlpha(double epsilon, double delta, long htilde) {
        checkPrivacy(epsilon, delta);
        double sigmaOverK = Math.sqrt(8 * Math.log(1.25 / delta)) / epsilon;
        return 1 + sigmaOverK * Math.sqrt(Math.log(1 / delta)) / Math.sqrt(2.0 * htilde);
    }

    /** Returns 2h̃αk²/σ² + ln(1/δ)/(α − 1), the NDP level of eq. (13) before optimising α (Yakimenka et al., App. B-C). */
    public static double ringRdpForm(double alpha, double epsilon, double delta, long htilde) {
        checkPrivacy(epsilon, delta);
        double sigma2OverK2 = 8 * Math.log(1.25 / delta) / (epsilon * epsilon);
        return 2 * htilde * alpha / sigma2OverK2 + Math.log(1 / delta) / (alpha - 1);
    }

    /** Returns the Theorem 2 result for Skip-Ring (Yakimenka et al.). */
    public static Epsilon ring(int n, long hmax, double p, double epsilon, double delta, double deltaPrime) {
        long ht = htilde(hmax, n, p, deltaPrime);
        return new Epsilon(ringEpsilon(epsilon, delta, ht), ht, Double.NaN, ringAlpha(epsilon, delta, ht));
    }

    /**
     * Returns Theorem 3's a = (1/(n−1)) Σ_{r<h̃} Σ_{d=1}^{n−1} Σ_{h=1}^{d} h C(d,h)p^{d−h}(1−p)^h/γ_{r,h}
     * (Yakimenka et al.) in O(n² + n h̃): the sums are reordered as
     * Σ_h h W_h R_h with W_h = Σ_{d=h}^{n−1} C(d,h)p^{d−h}(1−p)^h (log-space terms, no underflow of
     * (1−p)^h) and R_h = Σ_r 1/γ_{r,h}, where 1/γ_{r,h} = (√(A+h) + √A)²/(4Ah²), A = 1 + rh,
     * avoids the cancellation of √(A+h) − √A.
     */
    public static double randRingA(int n, double p, long htilde) {
        checkA(n, p, htilde);
        double[] lf = new double[n + 1];
        for (int i = 2; i <= n; i++) {
            lf[i] = lf[i - 1] + Math.log(i);
        }
        double lp = Math.log(p);
        double lq = Math.log1p(-p);
        double total = 0;
        for (int h = 1; h <= n - 1; h++) {
            double w;
            if (p == 0) {
                w = 1;
            } else {
                w = 0;
                for (int d = h; d <= n - 1; d++) {
                    w += Math.exp(lf[d] - lf[h] - lf[d - h] + (d - h) * lp + h * lq);
                }
            }
            double r = 0;
            for (long rr = 0; rr < htilde; rr++) {
                double a = 1 + (double) rr * h;
                double s = Math.sqrt(a + h) + Math.sqrt(a);
                r += s * s / (4 * a * h * (double) h);
            }
            total += h * w * r;
        }
        return total / (n - 1);
    }

    /** Returns Theorem 3's a by the literal triple sum as printed (Yakimenka et al.), O(h̃ n²): the reference for {@link #randRingA}. */
    public static double randRingANaive(int n, double p, long htilde) {
        checkA(n, p, htilde);
        double total = 0;
        for (long r = 0; r < htilde; r++) {
            for (int d = 1; d <= n - 1; d++) {
                for (int h = 1; h <= d; h++) {
                    double rh = (double) r * h;
                    double diff = Math.sqrt(1 + rh + h) - Math.sqrt(1 + rh);
                    double gamma = 4 * (1 + rh) * diff * diff;
                    total += h * CombinatoricsUtils.binomialCoefficientDouble(d, h) * Math.pow(p, d - h) * Math.pow(1 - p, h) / gamma;
                }
            }
        }
        return total / (n - 1);
    }

    private static void checkA(int n, double p, long htilde) {
        if (n < 2) {
            throw new InvalidArgumentException("need n >= 2 nodes, got " + n);
        }
        if (!(p >= 0 && p < 1)) {
            throw new InvalidArgumentException("skip probability p must be in [0, 1), got " + p);
        }
        if (htilde < 1) {
            throw new InvalidArgumentException("h~ must be >= 1, got " + htilde);
        }
    }

    /** Returns (1 + √(16 ln(1.25/δ)/ε² + 1))/2, the largest admissible Rényi order of eq. (16) (Yakimenka et al., App. B-D). */
    public static double randRingAlphaMax(double epsilon, double delta) {
        checkPrivacy(epsilon, delta);
        return (1 + Math.sqrt(16 * Math.log(1.25 / delta) / (epsilon * epsilon) + 1)) / 2;
    }

    /** Returns α = min(√(2 ln(1/δ) ln(1.25/δ))/(ε√a) + 1, α_max) (Yakimenka et al., Theorem 3). */
    public static double randRingAlpha(double a, double epsilon, double delta) {
        checkPrivacy(epsilon, delta);
        double free = Math.sqrt(2 * Math.log(1 / delta) * Math.log(1.25 / delta)) / (epsilon * Math.sqrt(a)) + 1;
        return Math.min(free, randRingAlphaMax(epsilon, delta));
    }

    /** Returns ε²aα/(2 ln(1.25/δ)) + ln(1/δ)/(α − 1), the NDP level of eq. (18) at order α (Yakimenka et al., Theorem 3). */
    public static double randRingRdpForm(double alpha, double a, double epsilon, double delta) {
        checkPrivacy(epsilon, delta);
        return finite(epsilon * epsilon * a * alpha / (2 * Math.log(1.25 / delta)) + Math.log(1 / delta) / (alpha - 1));
    }

    /**
     * Returns min over α &gt; 1 of 2h̃α/s² + ln(1/δ)/(α − 1) = 2h̃/s² + 2√(2h̃ ln(1/δ))/s, s = σ/k: the
     * NDP level of eq. (13) for any noise σ (Yakimenka et al., App. B-C); at the calibration of
     * footnote 4 it is Theorem 2's ε_skip.
     *
     * @throws InvalidArgumentException when sigmaOverK is not finite and &gt; 0, delta is outside (0, 1), or htilde
     *     &lt; 1
     */
    public static double ringEpsilonForSigma(double sigmaOverK, double delta, long htilde) {
        checkSigma(sigmaOverK, delta);
        if (htilde < 1) {
            throw new InvalidArgumentException("h~ must be >= 1, got " + htilde);
        }
        double s2 = sigmaOverK * sigmaOverK;
        return finite(2.0 * htilde / s2 + 2 * Math.sqrt(2.0 * htilde * Math.log(1 / delta)) / sigmaOverK);
    }

    /**
     * Returns the Skip-Rand-Ring level 4aα/s² + ln(1/δ)/(α − 1) for any noise σ (s = σ/k), at
     * α = min(1 + s√(ln(1/δ))/(2√a), (1 + √(2s² + 1))/2), the admissible range of eq. (16)
     * (Yakimenka et al., App. B-D, eqs. (16)-(18)); at the calibration of footnote 4 it is Theorem 3.
     */
    public static Epsilon randRingForSigma(int n, long hmax, double p, double sigmaOverK, double delta, double deltaPrime) {
        checkSigma(sigmaOverK, delta);
        long ht = htilde(hmax, n, p, deltaPrime);
        double a = randRingA(n, p, ht);
        double l = Math.log(1 / delta);
        double s2 = sigmaOverK * sigmaOverK;
        double alpha = Math.min(1 + sigmaOverK * Math.sqrt(l) / (2 * Math.sqrt(a)), (1 + Math.sqrt(2 * s2 + 1)) / 2);
        return new Epsilon(finite(4 * a * alpha / s2 + l / (alpha - 1)), ht, a, alpha);
    }

    /**
     * Returns the tight NDP level of Skip-Ring for any noise σ (s = σ/k): the ε at which the h̃-fold
     * composition of Gaussian updates of sensitivity 2k is (ε, δ)-DP, i.e. the ε(δ) of μ-GDP with
     * μ = 2√h̃/s (Dong, Roth and Su, "Gaussian Differential Privacy", 2022, Thm. 2.7, Cor. 2.13 and 3.3).
     * It replaces eq. (13)'s Rényi composition and Mironov conversion (Yakimenka et al., App. B-C) and
     * keeps the rest of Theorem 2: h̃ from the Chernoff step, so the pair is (ε, δ + δ')-NDP.
     *
     * @throws InvalidArgumentException if σ/k is not finite and &gt; 0, δ is not in (0, 1) or h̃ &lt; 1
     */
    public static double ringExactEpsilonForSigma(double sigmaOverK, double delta, long htilde) {
        checkSigma(sigmaOverK, delta);
        if (htilde < 1) {
            throw new InvalidArgumentException("h~ must be >= 1, got " + htilde);
        }
        return GaussianPrivacyCurve.ofComposition(htilde, sigmaOverK / 2).epsilon(delta);
    }

    /**
     * Returns min over α &gt; 1 of eq. (13)'s Rényi level 2h̃α/s² converted by the improved conversion
     * (Balle et al. 2020, Thm. 21; Canonne, Kamath and Steinke 2020, Prop. 12) instead of Mironov's,
     * with its α (Yakimenka et al., App. B-C); a valid level never above {@link #ringEpsilonForSigma}.
     *
     * @throws InvalidArgumentException if σ/k is not finite and &gt; 0, δ is not in (0, 1) or h̃ &lt; 1
     */
    public static RdpConversion.Optimum ringImprovedForSigma(double sigmaOverK, double delta, long htilde) {
        checkSigma(sigmaOverK, delta);
        if (htilde < 1) {
            throw new InvalidArgumentException("h~ must be >= 1, got " + htilde);
        }
        double s2 = sigmaOverK * sigmaOverK;
        // Mironov's optimum α* = 1 + s√(ln(1/δ)/(2h̃)); the improved optimum lies below it, so search up to 2α*.
        double top = 1 + 2 * sigmaOverK * Math.sqrt(Math.log(1 / delta) / (2.0 * htilde));
        RdpConversion.Optimum o = RdpConversion.optimise(a -> 2.0 * htilde * a / s2, 1 + 1e-9, Math.max(top, 1 + 1e-6),
                delta, RdpConversion::refined);
        return new RdpConversion.Optimum(o.alpha(), finite(Math.max(0, o.epsilon())));
    }

    /**
     * Returns Skip-Rand-Ring's level for any noise σ with the Rényi curve 4aα/s² of eq. (18) converted
     * by the improved conversion (Balle et al. 2020, Thm. 21) over the admissible 1 &lt; α ≤ (1 + √(2s² + 1))/2
     * of eq. (16) (Yakimenka et al., App. B-D); never above {@link #randRingForSigma}.
     *
     * @throws InvalidArgumentException on the arguments {@link #randRingForSigma} refuses
     */
    public static Epsilon randRingImprovedForSigma(int n, long hmax, double p, double sigmaOverK, double delta, double deltaPrime) {
        checkSigma(sigmaOverK, delta);
        long ht = htilde(hmax, n, p, deltaPrime);
        double a = randRingA(n, p, ht);
        double s2 = sigmaOverK * sigmaOverK;
        double alphaMax = (1 + Math.sqrt(2 * s2 + 1)) / 2;
        RdpConversion.Optimum o = RdpConversion.optimise(al -> 4 * a * al / s2, Math.min(1 + 1e-9, alphaMax), alphaMax,
                delta, RdpConversion::refined);
        return new Epsilon(finite(Math.max(0, o.epsilon())), ht, a, o.alpha());
    }

    /** Returns x, refusing a level that overflows a double (an ε so large, or a σ so small, that no guarantee is left to print). */
    private static double finite(double x) {
        if (!Double.isFinite(x)) {
            throw new InvalidArgumentException("epsilon_skip overflows a double: epsilon is too large (or sigma too small) for a meaningful level");
        }
        return x;
    }

    private static void checkSigma(double sigmaOverK, double delta) {
        if (!(sigmaOverK > 0) || Double.isInfinite(sigmaOverK)) {
            throw new InvalidArgumentException("sigma/k must be finite and > 0, got " + sigmaOverK);
        }
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
    }

    /** Returns the Theorem 3 result for Skip-Rand-Ring (Yakimenka et al.). */
    public static Epsilon randRing(int n, long hmax, double p, double epsilon, double delta, double deltaPrime) {
        checkPrivacy(epsilon, delta);
        long ht = htilde(hmax, n, p, deltaPrime);
        double a = randRingA(n, p, ht);
        double alpha = randRingAlpha(a, epsilon, delta);
        return new Epsilon(randRingRdpForm(alpha, a, epsilon, delta), ht, a, alpha);
    }
}
