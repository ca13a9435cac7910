package rwdp.bounds.rwsgd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/** The accountants of v's view against brute-force enumeration of the walk, the Gaussian closed form and coverage. */
class ViewAccountingTest {
    /** A lazy, non-symmetric 4-node walk: several segment lengths and counts, every transition possible from v. */
    private static final double[][] W4 = {
        {0.2, 0.3, 0.3, 0.2},
        {0.25, 0.1, 0.35, 0.3},
        {0.4, 0.2, 0.1, 0.3},
        {0.3, 0.3, 0.2, 0.2},
    };
    /** The directed 3-cycle 0 → 1 → 2 → 0: the walk is deterministic and every loss is Gaussian. */
    private static final double[][] CYCLE = {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}};

    private static ViewSetting setting(double[][] w, int u, int v, int start, int steps, double sigma) {
        return new ViewSetting(TransitionMatrix.fromDense("test", w), u, v, start, steps, sigma);
    }

    @Test
    void countLawMatchesEnumeration() {
        double[] law = UpdateCountLaw.of(setting(W4, 0, 1, 2, 7, 1));
        double[] brute = PathEnumeration.countLaw(W4, 0, 2, 7);
        for (int k = 0; k < brute.length; k++) {
            assertEquals(brute[k], law[k], 1e-13, "P(K = " + k + ")");
        }
    }

    @Test
    void segmentLawsAreTheEnumeratedJointLawAndFactorise() {
        // The joint law of the observed segments' counts, enumerated over paths and grouped by what v sees, is the
        // product of the per-segment taboo laws: the Markov property the accountant rests on, checked.
        for (int start : new int[] {0, 1, 3}) {
            ViewSetting s = setting(W4, 0, 1, start, 6, 1);
            SegmentLaws laws = SegmentLaws.of(s);
            int checked = 0;
            for (PathEnumeration.Observation o : PathEnumeration.observations(W4, 0, 1, start, 6)) {
                for (Map.Entry<List<Integer>, Double> e : o.joint().entrySet()) {
                    double product = 1;
                    for (int j = 0; j < o.segments().size(); j++) {
                        int[] fm = o.segments().get(j);
                        double[] pi = laws.law(fm[0], fm[1]);
                        int k = e.getKey().get(j);
                        product *= k < pi.length ? pi[k] : 0;
                    }
                    assertEquals(e.getValue(), product, 1e-12);
                    checked++;
                }
            }
            assertTrue(checked > 50, "enumeration too small: " + checked);
        }
    }

    @Test
    void noAmplificationIsTheEnumeratedMixtureAndGaussianOnACycle() {
        double sigma = 0.9;
        ViewSetting s = setting(W4, 0, 1, 2, 7, sigma);
        double[] brute = PathEnumeration.countLaw(W4, 0, 2, 7);
        NoAmplification na = NoAmplification.of(s);
        for (double e : new double[] {0, 0.7, 2}) {
            double d = 0;
            for (int k = 1; k < brute.length; k++) {
                d += brute[k] * new GaussianPrivacyCurve(Math.sqrt(k) / sigma).delta(e);
            }
            assertEquals(d, na.delta(e), 1e-12);
        }
        // On the cycle from 2, u = 0 updates at t ≡ 1 (mod 3): 10 times in T = 30 steps, so exactly √10/σ-GDP.
        NoAmplification cycle = NoAmplification.of(setting(CYCLE, 0, 1, 2, 30, sigma));
        assertEquals(new GaussianPrivacyCurve(Math.sqrt(10) / sigma).epsilon(1e-3), cycle.epsilon(1e-3), 1e-7);
    }

    @Test
    void viewMonteCarloMatchesEnumerationWithinItsInterval() {
        // T = 4 keeps v's view to at most two observed segments, which the brute force integrates on a grid.
        double sigma = 0.7;
        for (int start : new int[] {0, 2}) {
            ViewSetting s = setting(W4, 0, 1, start, 4, sigma);
            PrivacyLossSample sample = ViewMonteCarlo.sample(s, SegmentLaws.of(s), 200_000, 11 + start);
            for (double e : new double[] {0.2, 0.8, 1.6}) {
                double exact = PathEnumeration.viewDelta(W4, 0, 1, start, 4, sigma, e, 500);
                double est = sample.deltaEstimate(e);
                // The estimate's error: at most 5 standard errors of a [0, 1] mean with variance ≤ its mean.
                double se = Math.sqrt(Math.max(exact, 1e-6) / sample.runs());
                assertEquals(exact, est, 5 * se + 1e-4 * exact, "start " + start + ", ε = " + e);
                assertTrue(sample.deltaUpper(e, 1e-6) >= exact, "upper bound below the enumerated δ at ε = " + e);
            }
        }
    }

    @Test
    void cycleViewIsExactlyGaussian() {
        // From start 2 the walk is 2, 0, 1, 2, 0, 1, …: each visit of v = 1 (t ≡ 2 mod 3, t ≤ 30: 10 visits) closes a
        // segment of m = 2 updates with K = 1, i.e. N(±1, 8σ²): μ = 1/(σ√2) each, √10/(σ√2) in all.
        double sigma = 1.1;
        ViewSetting s = setting(CYCLE, 0, 1, 2, 30, sigma);
        SegmentLaws laws = SegmentLaws.of(s);
        double s2 = 8 * sigma * sigma;
        assertEquals(2 * 0.37 / s2, laws.logRatio(2, 2, 0.37), 1e-14);
        GaussianPrivacyCurve exact = new GaussianPrivacyCurve(Math.sqrt(10) / (sigma * Math.sqrt(2)));
        PrivacyLossSample sample = ViewMonteCarlo.sample(s, laws, 200_000, 3);
        double truth = exact.epsilon(1e-3);
        assertTrue(sample.epsilonLower(1e-3, 1e-6) <= truth && truth <= sample.epsilonUpper(1e-3, 1e-6),
                sample.epsilonLower(1e-3, 1e-6) + " ≤ " + truth + " ≤ " + sample.epsilonUpper(1e-3, 1e-6));
        assertEquals(truth, sample.epsilonEstimate(1e-3), 0.05 * truth);
    }

    @Test
    void confidenceStatementCoversOverManySeeds() {
        // 200 independent runs of the accountant at β = 0.05 on a case whose truth is known exactly (the cycle), and
        // on one whose truth is enumerated (W4, T = 4): the bounds fail at most as often as Binomial(200, 0.05) allows
        // at 1e-6, and the upper bound is not vacuous (within 25% of the truth on average).
        double beta = 0.05;
        int seeds = 200;
        int allowed = new BinomialDistribution(null, seeds, beta).inverseCumulativeProbability(1 - 1e-6);
        ViewSetting cycle = setting(CYCLE, 0, 1, 2, 12, 0.8);
        SegmentLaws cycleLaws = SegmentLaws.of(cycle);
        double truth = new GaussianPrivacyCurve(2 / (0.8 * Math.sqrt(2))).epsilon(1e-2);
        ViewSetting small = setting(W4, 0, 1, 2, 4, 0.7);
        SegmentLaws smallLaws = SegmentLaws.of(small);
        double enumerated = PathEnumeration.viewDelta(W4, 0, 1, 2, 4, 0.7, 0.8, 400);
        int upperFails = 0;
        int lowerFails = 0;
        int deltaFails = 0;
        double ratio = 0;
        for (int seed = 0; seed < seeds; seed++) {
            PrivacyLossSample a = ViewMonteCarlo.sample(cycle, cycleLaws, 3_000, 1000 + seed);
            double up = a.epsilonUpper(1e-2, beta);
            upperFails += up < truth ? 1 : 0;
            lowerFails += a.epsilonLower(1e-2, beta) > truth ? 1 : 0;
            ratio += up / truth / seeds;
            PrivacyLossSample b = ViewMonteCarlo.sample(small, smallLaws, 2_000, 5000 + seed);
            deltaFails += b.deltaUpper(0.8, beta) < enumerated ? 1 : 0;
        }
        assertTrue(upperFails <= allowed, upperFails + " upper-bound failures in " + seeds + ", allowed " + allowed);
        assertTrue(lowerFails <= allowed, lowerFails + " lower-bound failures in " + seeds + ", allowed " + allowed);
        assertTrue(deltaFails <= allowed, deltaFails + " δ-bound failures in " + seeds + ", allowed " + allowed);
        assertTrue(ratio < 1.25, "the upper bound is loose: mean ε_up/ε = " + ratio);
    }

    @Test
    void refusesWhatCannotBeCertified() {
        PrivacyLossSample tiny = PrivacyLossSample.of(new double[] {1, 2}, new double[] {0.5, 0.5});
        assertThrows(InvalidArgumentException.class, () -> tiny.epsilonUpper(1e-3, 1e-4));
        assertThrows(InvalidArgumentException.class, () -> setting(W4, 1, 1, 0, 4, 1));
        assertThrows(InvalidArgumentException.class, () -> setting(W4, 0, 1, 0, 0, 1));
        assertThrows(InvalidArgumentException.class, () -> SegmentLaws.of(setting(CYCLE, 0, 1, 2, 5, 1)).law(0, 1));
        // With N = runsNeeded runs a count of 0 certifies δ, with one run fewer it cannot: (1 − δ)^N ≤ β < (1 − δ)^(N−1).
        long need = PrivacyLossSample.runsNeeded(1e-3, 1e-4);
        assertTrue(Math.pow(1 - 1e-3, need) <= 1e-4 && Math.pow(1 - 1e-3, need - 1) > 1e-4, "runs needed " + need);
    }

    @Test
    void senderKnownLawsFactoriseAndTheViewMatchesEnumeration() {
        // v also learns each segment's last node (App. B.1): the enumerated joint law given that key is the product of
        // the laws conditioned on first and last node, and the Monte Carlo δ(ε) matches the enumeration, at or above
        // the anonymous one (a finer view).
        ViewSetting s = setting(W4, 0, 1, 2, 6, 0.7);
        SegmentLaws laws = SegmentLaws.of(s, true);
        int checked = 0;
        for (PathEnumeration.Observation o : PathEnumeration.observations(W4, 0, 1, 2, 6, true)) {
            for (Map.Entry<List<Integer>, Double> e : o.joint().entrySet()) {
                double product = 1;
                for (int j = 0; j < o.segments().size(); j++) {
                    int[] fml = o.segments().get(j);
                    double[] pi = laws.law(fml[0], fml[2], fml[1]);
                    int k = e.getKey().get(j);
                    product *= k < pi.length ? pi[k] : 0;
                }
                assertEquals(e.getValue(), product, 1e-12);
                checked++;
            }
        }
        assertTrue(checked > 50, "enumeration too small: " + checked);
        ViewSetting small = setting(W4, 0, 1, 2, 4, 0.7);
        PrivacyLossSample sample = ViewMonteCarlo.sample(small, SegmentLaws.of(small, true), 200_000, 21);
        for (double e : new double[] {0.2, 0.8}) {
            double known = PathEnumeration.viewDelta(W4, 0, 1, 2, 4, 0.7, e, 500, true);
            double anonymous = PathEnumeration.viewDelta(W4, 0, 1, 2, 4, 0.7, e, 500, false);
            assertTrue(known >= anonymous * (1 - 1e-9), known + " < " + anonymous);
            double se = Math.sqrt(Math.max(known, 1e-6) / sample.runs());
            assertEquals(known, sample.deltaEstimate(e), 5 * se + 1e-4 * known, "ε = " + e);
        }
        assertThrows(InvalidArgumentException.class, () -> laws.logRatio(2, 1, 0.3));
    }
}
