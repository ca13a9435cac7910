package rwdp.bounds.skipping;

import org.apache.commons.math3.distribution.BinomialDistribution;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.check.InvalidArgumentException;

/**
 * The exact privacy of the skipping scheme's transcript given the skip pattern (Yakimenka et al., §III-A, Alg. 1;
 * Skip-Ring and Skip-Rand-Ring alike), a valid and tighter replacement for the h̃ of Theorems 2 and 3.
 *
 * <p>Derivation. Each of the h_max/n rounds offers the canary node one update, which it skips with probability p,
 * independently of the data (the computation times are drawn from the latency law). So the number of its updates
 * is Ξ ~ Binomial(h_max/n, 1 − p) on both schemes (a uniform permutation per round also visits every node once).
 * Given the skip pattern, a data-independent part of the view that may be given away, each update
 * τ − η(∇f + N), N ~ N(0, σ²), with step η = ζ/√c, is a Gaussian mechanism whose sensitivity 2kη over noise ησ is
 * 2k/σ = 2/s whatever the step, so Ξ = j updates compose to exactly μ_j = 2√j/s-GDP (Dong, Roth and Su, JRSS-B 2022,
 * Cor. 3.3; the projection is post-processing). Mixing over the pattern:
 * δ(ε) = Σ_j P(Ξ = j) δ_{μ_j}(ε). No Chernoff step is needed, so the whole δ + δ' of the theorems can go to δ.
 * This is the exact loss of the whole transcript, so an upper bound for any observer, exact for one that sees each
 * of the canary's updates alone (Skip-Ring with n = 2). It ignores the amplification Theorem 3 draws from the
 * random order, so on Skip-Rand-Ring it can lie above Theorem 3.
 *
 * <p>Numerics: the terms with P(Ξ = j) ≥ 1e-30 · max are summed; the left tail's mass is added with the curve of its
 * largest j and the right tail's with weight 1, so the result never lies below the true mixture. At most
 * {@link #MAX_TERMS} terms.
 */
public final class SkipCountMixture {
    /** The most Binomial terms summed per δ(ε). */
    public static final int MAX_TERMS = 200_000;

    private final int lo;
    private final double[] weights;
    private final double leftMass;
    private final double rightMass;
    private final double sigmaOverK;

    private SkipCountMixture(int lo, double[] weights, double leftMass, double rightMass, double sigmaOverK) {
        this.lo = lo;
        this.weights = weights;
        this.leftMass = leftMass;
        this.rightMass = rightMass;
        this.sigmaOverK = sigmaOverK;
    }

    /**
     * Returns the mixture for h_max/n = {@code rounds} rounds, skip probability p and noise s = σ/k.
     *
     * @throws InvalidArgumentException if rounds &lt; 1, p is not in [0, 1), s is not finite and &gt; 0, or the law
     *                                  needs more than {@link #MAX_TERMS} terms
     */
    public static SkipCountMixture of(long rounds, double p, double sigmaOverK) {
        if (rounds < 1 || rounds > Integer.MAX_VALUE) {
            throw new InvalidArgumentException("rounds h_max/n must be in [1, " + Integer.MAX_VALUE + "], got " + rounds);
        }
        if (!(p >= 0 && p < 1)) {
            throw new InvalidArgumentException("skip probability p must be in [0, 1), got " + p);
        }
        if (!(sigmaOverK > 0) || Double.isInfinite(sigmaOverK)) {
            throw new InvalidArgumentException("sigma/k must be finite and > 0, got " + sigmaOverK);
        }
        int r = (int) rounds;
        if (p == 0) {
            return new SkipCountMixture(r, new double[] {1}, 0, 0, sigmaOverK);
        }
        BinomialDistribution b = new BinomialDistribution(null, r, 1 - p);
        double mean = r * (1 - p);
        double sd = Math.sqrt(r * p * (1 - p));
        int from = (int) Math.max(0, Math.floor(mean - 40 * sd - 40));
        int to = (int) Math.min(r, Math.ceil(mean + 40 * sd + 40));
        if (to - from + 1 > MAX_TERMS) {
            throw new InvalidArgumentException(String.format(java.util.Locale.ROOT, "the law of the update count needs %d terms, "
                    + "more than %d; use fewer rounds", to - from + 1, MAX_TERMS));
        }
        double[] w = new double[to - from + 1];
        double inside = 0;
        for (int j = from; j <= to; j++) {
            w[j - from] = b.probability(j);
            inside += w[j - from];
        }
        double left = from > 0 ? b.cumulativeProbability(from - 1) : 0;
        double right = Math.max(0, 1 - inside - left);
        return new SkipCountMixture(from, w, left, right, sigmaOverK);
    }

    /**
     * Returns δ(ε) = Σ_j P(Ξ = j) δ_{2√j/s}(ε), rounded up at the tails as the class comment says.
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0
     */
    public double delta(double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and >= 0, got " + epsilon);
        }
        double d = rightMass;
        if (leftMass > 0 && lo > 0) {
            d += leftMass * curve(lo - 1, epsilon);
        }
        for (int i = 0; i < weights.length; i++) {
            int j = lo + i;
            if (j > 0 && weights[i] > 0) {
                d += weights[i] * curve(j, epsilon);
            }
        }
        return Math.min(1, d);
    }

    private double curve(int j, double epsilon) {
        return j == 0 ? 0 : GaussianPrivacyCurve.ofComposition(j, sigmaOverK / 2).delta(epsilon);
    }

    /**
     * Returns the smallest ε ≥ 0 with δ(ε) ≤ δ, by bisection to 1e-10 relative; +∞ above 1e4.
     *
     * @throws InvalidArgumentException if δ is not in (0, 1)
     */
    public double epsilon(double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
        return rwdp.numerics.Bisection.smallestAtOrBelow(this::delta, delta, 1e-10, 1e4);
    }

    /**
     * Returns Pr(Ξ &gt; h), the chance the canary updates more than h times: what Theorems 2 and 3's Chernoff step
     * bounds by δ' at h = h̃ (Yakimenka et al., App. C).
     *
     * @throws InvalidArgumentException if rounds &lt; 1 or p is not in [0, 1)
     */
    public static double tailAbove(long rounds, double p, long h) {
        if (rounds < 1 || rounds > Integer.MAX_VALUE || !(p >= 0 && p < 1)) {
            throw new InvalidArgumentException("need rounds in [1, 2^31) and p in [0, 1), got " + rounds + ", " + p);
        }
        if (h >= rounds) {
            return 0;
        }
        if (h < 0) {
            return 1;
        }
        // P(Ξ ≥ h + 1) = I_{1−p}(h + 1, rounds − h): the regularised beta keeps small tails' relative accuracy.
        return org.apache.commons.math3.special.Beta.regularizedBeta(1 - p, h + 1.0, (double) (rounds - h));
    }
}
