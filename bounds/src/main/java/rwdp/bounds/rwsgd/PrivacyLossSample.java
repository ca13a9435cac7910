package rwdp.bounds.rwsgd;

import java.util.Arrays;
import rwdp.bounds.audit.EpsilonAudit;
import rwdp.check.InvalidArgumentException;

/**
 * Monte Carlo accounting from exact samples of a privacy loss L = ln p(O)/q(O), O ~ p (in the
 * spirit of Wang, Mahloujifar, Wu, Jia and Mittal, "Randomness Concerns When Deploying
 * Differential Privacy" / "A Randomized Approach to Tight Privacy Accounting", NeurIPS 2023):
 * δ(ε) = ∫ (p − e^ε q)₊ = E_p[(1 − e^{ε−L})₊], and an upper bound on ε(δ) that holds with
 * probability at least 1 − β over the samples.
 *
 * <p>The bound. With U_i uniform on [0, 1) independent of L_i, the indicator
 * B_i(ε) = [U_i &lt; 1 − e^{ε−L_i}] = [S_i &gt; ε], S_i = L_i + ln(1 − U_i), is Bernoulli with mean
 * exactly δ(ε), so the count c(ε) = #{S_i &gt; ε} is Binomial(N, δ(ε)) and its one-sided
 * Clopper–Pearson bound CP(c, N, β) ≥ δ(ε) with probability ≥ 1 − β at each fixed ε. c is
 * non-increasing in ε, hence so is CP(c(ε)); ε_up = the smallest ε with CP(c(ε)) ≤ δ is the
 * (c* + 1)-th largest S_i, c* the largest count with CP(c*) ≤ δ. If ε_up &lt; ε* (the true ε(δ)),
 * then at the fixed point ε₀ = ε* − η (any η with ε_up &lt; ε₀) CP(c(ε₀)) ≤ δ &lt; δ(ε₀), an event of
 * probability ≤ β; letting η → 0 gives P(ε_up &lt; ε*) ≤ β. Symmetrically ε_lo, the largest ε
 * with the Clopper–Pearson lower bound above δ, has P(ε_lo &gt; ε*) ≤ β. The estimate
 * δ̂(ε) = mean of (1 − e^{ε−L_i})₊ is unbiased and has the smaller variance.
 */
public final class PrivacyLossSample {
    private final double[] loss;
    private final double[] scoresDescending;

    private PrivacyLossSample(double[] loss, double[] scoresDescending) {
        this.loss = loss;
        this.scoresDescending = scoresDescending;
    }

    /**
     * Returns the sample of losses {@code loss[i]} with their independent uniforms {@code uniform[i]} in [0, 1).
     *
     * @throws InvalidArgumentException if the arrays differ in length, are empty, a loss is NaN or a uniform is
     *                                  outside [0, 1)
     */
    public static PrivacyLossSample of(double[] loss, double[] uniform) {
        if (loss.length != uniform.length || loss.length == 0) {
            throw new InvalidArgumentException("need as many uniforms as losses, at least one, got " + loss.length + " and "
                    + uniform.length);
        }
        double[] s = new double[loss.length];
        for (int i = 0; i < loss.length; i++) {
            if (Double.isNaN(loss[i]) || !(uniform[i] >= 0 && uniform[i] < 1)) {
                throw new InvalidArgumentException("sample " + i + " is not a loss with a uniform in [0, 1): " + loss[i] + ", "
                        + uniform[i]);
            }
            s[i] = loss[i] + Math.log1p(-uniform[i]);
        }
        Arrays.sort(s);
        for (int i = 0, j = s.length - 1; i < j; i++, j--) {
            double x = s[i];
            s[i] = s[j];
            s[j] = x;
        }
        return new PrivacyLossSample(loss.clone(), s);
    }

    /** Returns N, the number of samples. */
    public int runs() {
        return loss.length;
    }

    /**
     * Returns δ̂(ε), the mean of (1 − e^{ε−L_i})₊ (unbiased for δ(ε)).
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0
     */
    public double deltaEstimate(double epsilon) {
        checkEpsilon(epsilon);
        double s = 0;
        for (double l : loss) {
            if (l > epsilon) {
                s += -Math.expm1(epsilon - l);
            }
        }
        return s / loss.length;
    }

    /**
     * Returns the ε at which δ̂(ε) = δ (the point estimate of ε(δ)).
     *
     * @throws InvalidArgumentException if δ is not in (0, 1)
     */
    public double epsilonEstimate(double delta) {
        return Bisection.smallestEpsilon(this::deltaEstimate, delta);
    }

    /** Returns c(ε) = #{S_i &gt; ε}. */
    private int count(double epsilon) {
        // scoresDescending is sorted descending: count the prefix above ε.
        int lo = 0;
        int hi = scoresDescending.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (scoresDescending[mid] > epsilon) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Returns an upper bound on δ(ε) that holds with probability ≥ 1 − β: the Clopper–Pearson bound of c(ε).
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0 or β is not in (0, 1)
     */
    public double deltaUpper(double epsilon, double beta) {
        checkEpsilon(epsilon);
        return EpsilonAudit.clopperPearsonUpper(count(epsilon), loss.length, beta);
    }

    /**
     * Returns ε_up, an upper bound on ε(δ) that holds with probability ≥ 1 − β over the samples (see the class comment).
     *
     * @throws InvalidArgumentException if δ or β is not in (0, 1), or N &lt; ln(1/β)/δ (even no count would certify δ)
     */
    public double epsilonUpper(double delta, double beta) {
        checkDelta(delta);
        int n = loss.length;
        if (EpsilonAudit.clopperPearsonUpper(0, n, beta) > delta) {
            throw new InvalidArgumentException(n + " runs cannot certify delta = " + delta + " at confidence 1 - " + beta
                    + ": need at least " + runsNeeded(delta, beta));
        }
        // The largest c with CP(c) ≤ δ, by bisection (CP increases in c).
        int lo = 0;
        int hi = n;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (EpsilonAudit.clopperPearsonUpper(mid, n, beta) <= delta) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return Math.max(0, scoresDescending[lo]);
    }

    /**
     * Returns ε_lo, a lower bound on ε(δ) that holds with probability ≥ 1 − β: the largest ε whose
     * Clopper–Pearson lower bound on δ(ε) exceeds δ, 0 when none does.
     *
     * @throws InvalidArgumentException if δ or β is not in (0, 1)
     */
    public double epsilonLower(double delta, double beta) {
        checkDelta(delta);
        int n = loss.length;
        // The smallest c with CP_lower(c) > δ; ε_lo is then the c-th largest S (c(ε) ≥ c for ε below it).
        int lo = 0;
        int hi = n;
        if (!(EpsilonAudit.clopperPearsonLower(n, n, beta) > delta)) {
            return 0;
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (EpsilonAudit.clopperPearsonLower(mid, n, beta) > delta) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return Math.max(0, scoresDescending[hi - 1]);
    }

    /** Returns the fewest runs with which a count of 0 certifies δ at confidence 1 − β, ⌈ln(1/β)/δ⌉ roughly. */
    public static long runsNeeded(double delta, double beta) {
        return (long) Math.ceil(Math.log(beta) / Math.log1p(-delta));
    }

    private static void checkEpsilon(double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and >= 0, got " + epsilon);
        }
    }

    private static void checkDelta(double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
    }
}
