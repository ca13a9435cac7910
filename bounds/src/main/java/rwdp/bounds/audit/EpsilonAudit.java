package rwdp.bounds.audit;

import java.util.Arrays;
import org.apache.commons.math3.distribution.BetaDistribution;
import rwdp.check.InvalidArgumentException;

/**
 * The statistics of a privacy audit. An attack outputs a score per trial; it says "D" when the
 * score is at least a threshold τ. Over trials run on D it is right TP times out of n₁, over trials
 * run on the neighbour D' it is wrong FP times out of n₀. If the mechanism is (ε, δ)-DP then for
 * every τ, TPR ≤ e^ε FPR + δ and 1 − FPR ≤ e^ε (1 − TPR) + δ (Kairouz, Oh and Viswanath,
 * ICML 2015, Thm. 2.1), so
 * ε ≥ max{ln((TPR − δ)/FPR), ln((1 − FPR − δ)/(1 − TPR))} and δ ≥ TPR − e^ε FPR. The audit puts
 * one-sided Clopper–Pearson bounds (TPR from below, FPR from above; Clopper and Pearson,
 * Biometrika 26, 1934) in these ratios, Bonferroni over the thresholds tried and over the two
 * rates, so the reported lower bound exceeds the true value with probability at most the stated
 * error β (Jagielski, Ullman and Oprea, NeurIPS 2020, Alg. 2). The thresholds themselves must
 * come from trials other than the counted ones ({@link #chooseThresholds}).
 */
public final class EpsilonAudit {
    private EpsilonAudit() {}

    /**
     * One counted threshold with its bounds.
     *
     * @param threshold   τ (the attack says "D" when score ≥ τ)
     * @param truePos     TP among {@code positives} trials on D
     * @param positives   n₁
     * @param falsePos    FP among {@code negatives} trials on D'
     * @param negatives   n₀
     * @param tprLower    Clopper–Pearson lower bound of TPR at the per-rate level
     * @param tprUpper    Clopper–Pearson upper bound of TPR at the per-rate level
     * @param fprLower    Clopper–Pearson lower bound of FPR at the per-rate level
     * @param fprUpper    Clopper–Pearson upper bound of FPR at the per-rate level
     * @param epsilonLower the ε lower bound of this threshold at the audit's δ (0 when nothing is shown)
     * @param deltaLower   the δ lower bound of this threshold at the audit's ε (0 when nothing is shown)
     */
    public record Point(double threshold, long truePos, long positives, long falsePos, long negatives,
                        double tprLower, double tprUpper, double fprLower, double fprUpper,
                        double epsilonLower, double deltaLower) {
        /** Returns the observed TPR. */
        public double tpr() {
            return (double) truePos / positives;
        }

        /** Returns the observed FPR. */
        public double fpr() {
            return (double) falsePos / negatives;
        }
    }

    /**
     * The audit's result: the best threshold and the family-wise bounds.
     *
     * @param best         the threshold with the largest ε lower bound (or δ lower bound when ε was given)
     * @param epsilonLower max over thresholds of the ε lower bound at δ (holds with probability ≥ 1 − β)
     * @param deltaLower   max over thresholds of the δ lower bound at ε (holds with probability ≥ 1 − β)
     * @param error        β, the family-wise chance that a bound exceeds the truth
     * @param thresholds   how many thresholds shared β
     * @param points       every counted threshold
     */
    public record Result(Point best, double epsilonLower, double deltaLower, double error, int thresholds,
                         Point[] points) {
        public Result {
            points = points.clone();
        }

        /** Returns a copy of the counted thresholds. */
        @Override
        public Point[] points() {
            return points.clone();
        }
    }

    /**
     * Returns the one-sided Clopper–Pearson lower bound of a success probability from k successes in n
     * trials: the β-quantile of Beta(k, n − k + 1), 0 when k = 0.
     *
     * @throws InvalidArgumentException if n &lt; 1, k ∉ [0, n] or β ∉ (0, 1)
     */
    public static double clopperPearsonLower(long k, long n, double beta) {
        checkCounts(k, n, beta);
        if (k == 0) {
            return 0;
        }
        if (k == n) {
            return Math.pow(beta, 1.0 / n);
        }
        return new BetaDistribution(null, k, n - k + 1).inverseCumulativeProbability(beta);
    }

    /**
     * Returns the one-sided Clopper–Pearson upper bound of a success probability from k successes in n
     * trials: the (1 − β)-quantile of Beta(k + 1, n − k), 1 when k = n.
     *
     * @throws InvalidArgumentException if n &lt; 1, k ∉ [0, n] or β ∉ (0, 1)
     */
    public static double clopperPearsonUpper(long k, long n, double beta) {
        checkCounts(k, n, beta);
        if (k == n) {
            return 1;
        }
        if (k == 0) {
            return 1 - Math.pow(beta, 1.0 / n);
        }
        return new BetaDistribution(null, k + 1, n - k).inverseCumulativeProbability(1 - beta);
    }

    private static void checkCounts(long k, long n, double beta) {
        if (n < 1 || k < 0 || k > n) {
            throw new InvalidArgumentException("need 0 <= k <= n and n >= 1, got k=" + k + ", n=" + n);
        }
        if (!(beta > 0 && beta < 1)) {
            throw new InvalidArgumentException("error level must be in (0, 1), got " + beta);
        }
    }

    /**
     * Returns the ε lower bound max{ln((TPR_lo − δ)/FPR_hi), ln((1 − FPR_hi − δ)/(1 − TPR_lo))} of
     * given rate bounds, 0 when neither ratio exceeds 1 (an ε of 0 is always true).
     *
     * @throws InvalidArgumentException if δ ∉ [0, 1)
     */
    public static double epsilonFromRates(double tprLower, double fprUpper, double delta) {
        if (!(delta >= 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in [0, 1), got " + delta);
        }
        double a = tprLower - delta > 0 ? Math.log((tprLower - delta) / fprUpper) : 0;
        double b = 1 - fprUpper - delta > 0 ? Math.log((1 - fprUpper - delta) / (1 - tprLower)) : 0;
        double e = Math.max(0, Math.max(a, b));
        return Double.isNaN(e) ? 0 : e;
    }

    /**
     * Returns the δ lower bound max{TPR_lo − e^ε FPR_hi, 1 − FPR_hi − e^ε (1 − TPR_lo)} of given rate
     * bounds at ε, at least 0.
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0
     */
    public static double deltaFromRates(double tprLower, double fprUpper, double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and >= 0, got " + epsilon);
        }
        double ee = Math.exp(epsilon);
        return Math.max(0, Math.max(tprLower - ee * fprUpper, 1 - fprUpper - ee * (1 - tprLower)));
    }

    /**
     * Returns up to {@code count} thresholds chosen on selection trials (scores on D and on D', not
     * counted later): the candidates are order statistics from both tails of both samples
     * (where the two ratios of the bound are large); each is rated by the ε lower
     * bound its selection counts give at the error {@code beta}, and the best {@code count}, spread over
     * distinct score quantiles, are returned in decreasing order of that rating.
     *
     * @throws InvalidArgumentException if either sample is empty or count &lt; 1
     */
    public static double[] chooseThresholds(double[] selectD, double[] selectDPrime, double delta, double beta,
                                            int count) {
        return choose(selectD, selectDPrime, beta, count, (tl, fu) -> epsilonFromRates(tl, fu, delta));
    }

    /**
     * Returns up to {@code count} thresholds chosen on selection trials as {@link #chooseThresholds}
     * does, rated by the δ lower bound at ε instead of the ε lower bound at δ.
     *
     * @throws InvalidArgumentException if either sample is empty, count &lt; 1 or ε is not finite and ≥ 0
     */
    public static double[] chooseThresholdsForDelta(double[] selectD, double[] selectDPrime, double epsilon,
                                                    double beta, int count) {
        deltaFromRates(0, 0, epsilon);
        return choose(selectD, selectDPrime, beta, count, (tl, fu) -> deltaFromRates(tl, fu, epsilon));
    }

    private static double[] choose(double[] selectD, double[] selectDPrime, double beta, int count,
                                   java.util.function.DoubleBinaryOperator rating) {
        if (selectD.length == 0 || selectDPrime.length == 0) {
            throw new InvalidArgumentException("threshold selection needs scores on both D and D'");
        }
        if (count < 1) {
            throw new InvalidArgumentException("need at least one threshold, got " + count);
        }
        double[] pos = selectD.clone();
        double[] neg = selectDPrime.clone();
        Arrays.sort(pos);
        Arrays.sort(neg);
        int n1 = pos.length;
        int n0 = neg.length;
        int half = Math.min(Math.min(n1, n0), 300);
        int grid = 4 * half;
        double[] cand = new double[grid];
        double[] score = new double[grid];
        for (int g = 0; g < half; g++) {
            // Both tails of both samples, each denser towards its end: small FPR lives in the upper tail of the
            // D'-scores, small 1 − TPR (the complementary ratio) in the lower tail of the D-scores.
            double x = Math.pow((g + 0.5) / half, 2);
            cand[g] = pos[Math.min(n1 - 1, (int) Math.floor((1 - x) * n1))];
            cand[half + g] = neg[Math.min(n0 - 1, (int) Math.floor((1 - x) * n0))];
            cand[2 * half + g] = pos[Math.min(n1 - 1, (int) Math.floor(x * n1))];
            cand[3 * half + g] = neg[Math.min(n0 - 1, (int) Math.floor(x * n0))];
        }
        for (int g = 0; g < grid; g++) {
            double t = cand[g];
            long tp = n1 - lowerIndex(pos, t);
            long fp = n0 - lowerIndex(neg, t);
            score[g] = rating.applyAsDouble(clopperPearsonLower(tp, n1, beta), clopperPearsonUpper(fp, n0, beta));
        }
        Integer[] order = new Integer[grid];
        for (int g = 0; g < grid; g++) {
            order[g] = g;
        }
        Arrays.sort(order, (a, b) -> Double.compare(score[b], score[a]));
        double[] out = new double[Math.min(count, grid)];
        int k = 0;
        for (int g = 0; g < grid && k < out.length; g++) {
            double t = cand[order[g]];
            boolean dup = false;
            for (int j = 0; j < k; j++) {
                dup |= out[j] == t;
            }
            if (!dup) {
                out[k++] = t;
            }
        }
        return Arrays.copyOf(out, k);
    }

    /** Returns the index of the first element ≥ t in the sorted array a (a.length when none). */
    static int lowerIndex(double[] a, double t) {
        int lo = 0;
        int hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * Counts the audit trials at each threshold and returns the family-wise bounds: each of the
     * 2·|thresholds| one-sided Clopper–Pearson bounds runs at error β/(2|thresholds|), so every
     * reported lower bound (ε at {@code delta}, δ at {@code epsilon}) is below the truth with probability
     * at least 1 − β whatever the mechanism.
     *
     * @throws InvalidArgumentException if a sample is empty, no threshold is given, β ∉ (0, 1),
     *                                  δ ∉ [0, 1) or ε is not finite and ≥ 0
     */
    public static Result audit(double[] auditD, double[] auditDPrime, double[] thresholds, double delta,
                               double epsilon, double beta) {
        if (auditD.length == 0 || auditDPrime.length == 0) {
            throw new InvalidArgumentException("the audit needs scores on both D and D'");
        }
        if (thresholds.length == 0) {
            throw new InvalidArgumentException("the audit needs at least one threshold");
        }
        if (!(beta > 0 && beta < 1)) {
            throw new InvalidArgumentException("error level must be in (0, 1), got " + beta);
        }
        double[] pos = auditD.clone();
        double[] neg = auditDPrime.clone();
        Arrays.sort(pos);
        Arrays.sort(neg);
        double each = beta / (2.0 * thresholds.length);
        Point[] points = new Point[thresholds.length];
        Point best = null;
        double bestEps = 0;
        double bestDelta = 0;
        for (int i = 0; i < thresholds.length; i++) {
            double t = thresholds[i];
            long tp = pos.length - lowerIndex(pos, t);
            long fp = neg.length - lowerIndex(neg, t);
            double tl = clopperPearsonLower(tp, pos.length, each);
            double tu = clopperPearsonUpper(tp, pos.length, each);
            double fl = clopperPearsonLower(fp, neg.length, each);
            double fu = clopperPearsonUpper(fp, neg.length, each);
            double el = epsilonFromRates(tl, fu, delta);
            double dl = deltaFromRates(tl, fu, epsilon);
            points[i] = new Point(t, tp, pos.length, fp, neg.length, tl, tu, fl, fu, el, dl);
            if (best == null || el > bestEps || (el == bestEps && dl > bestDelta)) {
                best = points[i];
            }
            bestEps = Math.max(bestEps, el);
            bestDelta = Math.max(bestDelta, dl);
        }
        return new Result(best, bestEps, bestDelta, beta, thresholds.length, points);
    }
}
