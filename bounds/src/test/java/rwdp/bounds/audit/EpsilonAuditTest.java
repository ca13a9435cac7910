package rwdp.bounds.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.BinomialDistribution;
import org.junit.jupiter.api.Test;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.check.InvalidArgumentException;
import rwdp.random.Rngs;

class EpsilonAuditTest {

    /** Scores of the Gaussian mechanism's likelihood-ratio attack: N(μ, 1) on D, N(0, 1) on D'. */
    private static double[] gaussian(int n, double mean, long seed) {
        double[] out = new double[n];
        SplittableRandom rng = Rngs.root(seed);
        for (int i = 0; i < n; i++) {
            out[i] = mean + rng.nextGaussian();
        }
        return out;
    }

    private static EpsilonAudit.Result auditGaussian(double mu, int n, double delta, double beta, long seed) {
        double[] t = EpsilonAudit.chooseThresholds(gaussian(n, mu, seed), gaussian(n, 0, seed + 1), delta, beta, 4);
        return EpsilonAudit.audit(gaussian(n, mu, seed + 2), gaussian(n, 0, seed + 3), t, delta, 1, beta);
    }

    @Test
    void clopperPearsonMatchesClosedFormsAndBinomialTails() {
        assertEquals(1 - Math.pow(0.05, 0.1), EpsilonAudit.clopperPearsonUpper(0, 10, 0.05), 1e-14);
        assertEquals(Math.pow(0.05, 0.1), EpsilonAudit.clopperPearsonLower(10, 10, 0.05), 1e-14);
        assertEquals(0, EpsilonAudit.clopperPearsonLower(0, 10, 0.05));
        assertEquals(1, EpsilonAudit.clopperPearsonUpper(10, 10, 0.05));
        // Defining property: at p = upper bound, P[X ≤ k] = β; at p = lower bound, P[X ≥ k] = β.
        double up = EpsilonAudit.clopperPearsonUpper(7, 100, 1e-3);
        assertEquals(1e-3, new BinomialDistribution(null, 100, up).cumulativeProbability(7), 1e-9);
        double lo = EpsilonAudit.clopperPearsonLower(7, 100, 1e-3);
        assertEquals(1e-3, 1 - new BinomialDistribution(null, 100, lo).cumulativeProbability(6), 1e-9);
        assertThrows(InvalidArgumentException.class, () -> EpsilonAudit.clopperPearsonLower(11, 10, 0.05));
        assertThrows(InvalidArgumentException.class, () -> EpsilonAudit.clopperPearsonUpper(1, 10, 0));
    }

    @Test
    void ratesGiveTheKairouzBounds() {
        assertEquals(Math.log((0.5 - 0.01) / 0.1), EpsilonAudit.epsilonFromRates(0.5, 0.1, 0.01), 1e-15);
        // The complementary side: 1 − FPR against 1 − TPR.
        assertEquals(Math.log(0.9 / 0.1), EpsilonAudit.epsilonFromRates(0.9, 0.1, 0), 1e-15);
        assertEquals(0, EpsilonAudit.epsilonFromRates(0.1, 0.5, 0));
        assertEquals(0.5 - Math.E * 0.1, EpsilonAudit.deltaFromRates(0.5, 0.1, 1), 1e-15);
        assertEquals(0, EpsilonAudit.deltaFromRates(0.1, 0.5, 1));
    }

    @Test
    void lowerBoundStaysBelowTheGaussianMechanismsExactEpsilonOverSeeds() {
        // β = 0.05 per audit: over 200 seeds, more than 25 bounds above the exact ε would have probability
        // below 1e-5 if the audit is valid (and the Bonferroni split makes it far rarer still).
        double mu = 1.5;
        double delta = 1e-3;
        double exact = new GaussianPrivacyCurve(mu).epsilon(delta);
        double exactDelta = new GaussianPrivacyCurve(mu).delta(1);
        int above = 0;
        int aboveDelta = 0;
        for (int s = 0; s < 200; s++) {
            EpsilonAudit.Result r = auditGaussian(mu, 4000, delta, 0.05, 1000L * s);
            above += r.epsilonLower() > exact ? 1 : 0;
            aboveDelta += r.deltaLower() > exactDelta ? 1 : 0;
        }
        assertTrue(above <= 25, above + " of 200 ε lower bounds above the exact " + exact);
        assertTrue(aboveDelta <= 25, aboveDelta + " of 200 δ lower bounds above the exact " + exactDelta);
    }

    @Test
    void lowerBoundApproachesTheExactEpsilonWithManyTrials() {
        double mu = 1;
        double delta = 1e-4;
        double exact = new GaussianPrivacyCurve(mu).epsilon(delta);
        EpsilonAudit.Result r = auditGaussian(mu, 2_000_000, delta, 1e-4, 7);
        assertTrue(r.epsilonLower() <= exact, r.epsilonLower() + " > exact " + exact);
        assertTrue(r.epsilonLower() >= 0.75 * exact, r.epsilonLower() + " < 0.75 × exact " + exact);
        double exactDelta = new GaussianPrivacyCurve(mu).delta(1);
        double[] t = EpsilonAudit.chooseThresholdsForDelta(gaussian(200_000, mu, 20), gaussian(200_000, 0, 21), 1, 1e-4, 4);
        EpsilonAudit.Result d = EpsilonAudit.audit(gaussian(2_000_000, mu, 22), gaussian(2_000_000, 0, 23), t, delta, 1, 1e-4);
        assertTrue(d.deltaLower() <= exactDelta, d.deltaLower() + " > exact " + exactDelta);
        assertTrue(d.deltaLower() >= 0.9 * exactDelta, d.deltaLower() + " < 0.9 × exact " + exactDelta);
    }

    @Test
    void auditCatchesAMechanismLeakingMoreThanClaimed() {
        // Claimed μ = 1 but run with μ = 2: the lower bound must exceed the claimed exact ε.
        double delta = 1e-4;
        double claimed = new GaussianPrivacyCurve(1).epsilon(delta);
        EpsilonAudit.Result r = auditGaussian(2, 200_000, delta, 1e-4, 11);
        assertTrue(r.epsilonLower() > claimed, r.epsilonLower() + " <= claimed " + claimed);
    }

    @Test
    void refusesEmptySamplesAndNoThresholds() {
        assertThrows(InvalidArgumentException.class, () -> EpsilonAudit.audit(new double[0], new double[1], new double[] {0}, 0, 1, 0.1));
        assertThrows(InvalidArgumentException.class, () -> EpsilonAudit.audit(new double[1], new double[1], new double[0], 0, 1, 0.1));
        assertThrows(InvalidArgumentException.class, () -> EpsilonAudit.chooseThresholds(new double[1], new double[0], 0, 0.1, 1));
    }
}
