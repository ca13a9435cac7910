package rwdp.claims.dfedrw;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import rwdp.algo.federated.TrainingTrace;
import rwdp.random.SummaryStats;

/**
 * The Wang et al. claims' small helpers (rounds and bits to a target, tail accuracies, paired and
 * single-run intervals, the certified lower mean) on traces and samples worked out by hand.
 */
class DfedrwHelpersTest {
    /** A trace evaluated after rounds 1..accuracy.length, 100 bits per round. */
    private static TrainingTrace trace(double... accuracy) {
        int[] rounds = new int[accuracy.length];
        long[] bits = new long[accuracy.length];
        for (int e = 0; e < accuracy.length; e++) {
            rounds[e] = e + 1;
            bits[e] = 100L * (e + 1);
        }
        return new TrainingTrace("t", rounds, accuracy, new double[accuracy.length], bits, 0, new double[1], 0);
    }

    private static final TrainingTrace REACHES_AT_2 = trace(0.1, 0.6, 0.5, 0.7);
    private static final TrainingTrace REACHES_AT_4 = trace(0.1, 0.2, 0.3, 0.65);
    private static final TrainingTrace NEVER = trace(0.1, 0.2, 0.3, 0.4);

    @Test
    void convergenceIsTheLateChangeAgainstAFixedTolerance() {
        // Rounds 1..4: the change over the last half is accuracy at round 4 minus at round 2.
        TrainingTrace[] t = {trace(0.1, 0.5, 0.6, 0.54), trace(0.1, 0.5, 0.6, 0.56), trace(0.2, 0.70, 0.70, 0.702), trace(0.2, 0.70, 0.70, 0.704)};
        assertArrayEquals(new double[] {0.04, 0.06}, Convergence.lateChanges(t, 0, 2), 1e-12);
        assertEquals(0.05, Convergence.lateChange(t, 0, 2), 1e-12);
        // Mean 0.05, sd 0.01414, standard error 0.01: (0.05 - 0.005) / 0.01 = 4.5 standard errors still changing.
        assertEquals(4.5, Convergence.marginSd(t, 0, 2), 1e-9);
        // The second algorithm moved by 0.002 and 0.004: below the tolerance, so a negative margin (converged).
        assertEquals(0.003, Convergence.lateChange(t, 1, 2), 1e-12);
        assertEquals((0.003 - 0.005) / 0.001, Convergence.marginSd(t, 1, 2), 1e-9);
    }

    @Test
    void roundsAndBitsToTarget() {
        TrainingTrace[] t = {NEVER, REACHES_AT_2, REACHES_AT_4};
        // Seeds 1..2: rounds 2 and 4, bits 200 and 400.
        assertEquals(3, BitSavingChecks.meanRoundsOrInfinity(t, 1, 2, 0.6), 0);
        assertEquals(300, BitSavingChecks.meanBits(t, 1, 2, 0.6), 0);
        // One seed never reaches: infinity (bits: −1), not a mean over the others.
        assertEquals(Double.POSITIVE_INFINITY, BitSavingChecks.meanRoundsOrInfinity(t, 0, 3, 0.6), 0);
        assertEquals(-1, BitSavingChecks.meanBits(t, 0, 3, 0.6), 0);
        // ComparisonRuns counts a seed that never reaches as T + 1 = 11: (11 + 2 + 4)/3.
        assertEquals(17 / 3.0, ComparisonRuns.meanRounds(t, 0, 3, 0.6, 10), 1e-15);
        assertArrayEquals(new double[] {11, 2, 4}, ComparisonRuns.roundsPerSeed(t, 0, 3, 0.6, 10), 0);
    }

    @Test
    void finalAccuracyIsTheMeanOfTheLastFiveEvaluations() {
        TrainingTrace seven = trace(0, 0, 0.5, 0.6, 0.7, 0.8, 0.9);
        TrainingTrace three = trace(0.3, 0.6, 0.9);
        // (0.5 + 0.6 + 0.7 + 0.8 + 0.9)/5 = 0.7; with three evaluations all three: 0.6.
        assertArrayEquals(new double[] {0.7, 0.6}, ComparisonRuns.finalPerSeed(new TrainingTrace[] {seven, three}, 0, 2), 1e-15);
        assertEquals(0.65, ComparisonRuns.meanFinal(new TrainingTrace[] {seven, three}, 0, 2), 1e-15);
        // RealDataChecks.tail: the last k, or all when there are fewer.
        assertEquals(0.85, RealDataChecks.tail(seven, 2), 1e-15);
        assertEquals(0.6, RealDataChecks.tail(three, 10), 1e-15);
    }

    @Test
    void pairedIntervalIsStudentTOfTheDifferences() {
        // Differences 1, 2, 3: mean 2, sd 1, half width t_{0.975, 2}/√3.
        SummaryStats s = ComparisonRuns.paired(new double[] {1, 3, 5}, new double[] {0, 1, 2});
        double half = new TDistribution(2).inverseCumulativeProbability(0.975) / Math.sqrt(3);
        assertEquals(2, s.mean(), 1e-15);
        assertEquals(1, s.sd(), 1e-15);
        assertEquals(2 - half, s.lower(), 1e-9);
        assertEquals(2 + half, s.upper(), 1e-9);
        // All differences equal: a degenerate interval.
        SummaryStats same = ComparisonRuns.paired(new double[] {2, 3}, new double[] {1, 2});
        assertEquals(1, same.lower(), 0);
        assertEquals(1, same.upper(), 0);
        assertEquals(2.5, ComparisonRuns.mean(new double[] {1, 2, 3, 4}), 0);
    }

    @Test
    void realDataIntervalOfOneRunIsTheBinomialNormalInterval() {
        // One run at 80% on 100 test images: sd √(0.8·0.2/100) = 0.04, 95% half width 1.959964·0.04.
        double[] i = RealDataChecks.interval(new double[] {0.8}, null, 100, 0.95);
        assertArrayEquals(new double[] {0.8 - 1.959963984540054 * 0.04, 0.8 + 1.959963984540054 * 0.04}, i, 1e-12);
        // Difference of two runs: the variances add, √(0.0016 + 0.0024) = √0.004.
        double[] d = RealDataChecks.interval(new double[] {0.8}, new double[] {0.6}, 100, 0.95);
        double h = 1.959963984540054 * Math.sqrt(0.004);
        assertArrayEquals(new double[] {0.2 - h, 0.2 + h}, d, 1e-12);
        // Several seeds: Student t over seeds (differences 0.1, 0.2, 0.3: mean 0.2, sd 0.1).
        double[] t = RealDataChecks.interval(new double[] {0.8, 0.9, 1.0}, new double[] {0.7, 0.7, 0.7}, 100, 0.95);
        double ht = new TDistribution(2).inverseCumulativeProbability(0.975) * 0.1 / Math.sqrt(3);
        assertArrayEquals(new double[] {0.2 - ht, 0.2 + ht}, t, 1e-9);
        assertArrayEquals(new double[] {1, -2, 3}, RealDataChecks.toDouble(new int[] {1, -2, 3}), 0);
    }

    @Test
    void certifiedMeanLowerInClosedForm() {
        double alpha = 0.05;
        // Nothing above the first level: no mass certified.
        assertEquals(0, BoundAssessment.certifiedMeanLower(new double[] {0.5, 0.5, 0.9}, 1, alpha), 0);
        // All four samples = 5 > c = 1 (none above 10): Clopper-Pearson lower limit of 4/4 is α^{1/4} (Beta(4, 1)).
        assertEquals(Math.pow(alpha, 0.25), BoundAssessment.certifiedMeanLower(new double[] {5, 5, 5, 5}, 1, alpha), 1e-9);
        assertEquals(2 * Math.pow(alpha, 0.25), BoundAssessment.certifiedMeanLower(new double[] {5, 5, 5, 5}, 2, alpha), 1e-9);
        // One sample of 30 among four: 1/4 above c = 1 and c = 10 (Beta(1, 4): 1 − (1 − α)^{1/4}), the larger c wins.
        assertEquals(10 * (1 - Math.pow(1 - alpha, 0.25)), BoundAssessment.certifiedMeanLower(new double[] {30, 0, 0, 0}, 1, alpha), 1e-9);
    }

    /** A lower confidence limit of E[X] stays below the sample mean when every sample is equal (any level, any value). */
    @Property(tries = 200)
    void certifiedMeanLowerStaysBelowAConstantSample(@ForAll @DoubleRange(min = 1e-3, max = 1e6) @Scale(6) double x,
                                                     @ForAll @IntRange(min = 1, max = 50) int n,
                                                     @ForAll @DoubleRange(min = 1e-4, max = 0.5) @Scale(6) double alpha) {
        double[] xs = new double[n];
        java.util.Arrays.fill(xs, x);
        double lower = BoundAssessment.certifiedMeanLower(xs, 1e-3, alpha);
        assertEquals(true, lower >= 0);
        assertEquals(true, lower <= x, "lower " + lower + " above the constant " + x);
        // The largest level c = 1e-3·10^j below x certifies c·α^{1/n} (Beta(n, 1)); the helper finds at least that, to its solver.s accuracy.
        double c = 1e-3 * Math.pow(10, Math.floor(Math.log10(x / 1e-3) - 1e-12));
        if (c >= 1e-3 && c < x) {
            assertEquals(true, lower >= c * Math.pow(alpha, 1.0 / n) * (1 - 1e-6), "lower " + lower + " vs c " + c);
        }
    }
}
