package rwdp.bounds.skipping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.commons.math3.util.CombinatoricsUtils;
import org.junit.jupiter.api.Test;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.check.InvalidArgumentException;

/** The Binomial mixture of the skipping scheme against a direct sum, the no-skip composition and the Chernoff tail. */
class SkipCountMixtureTest {

    private static double pmf(int r, double q, int j) {
        return CombinatoricsUtils.binomialCoefficientDouble(r, j) * Math.pow(q, j) * Math.pow(1 - q, r - j);
    }

    @Test
    void matchesADirectSumOverTheCount() {
        double s = 3.7;
        for (double p : new double[] {0.1, 0.5, 0.9}) {
            SkipCountMixture m = SkipCountMixture.of(30, p, s);
            for (double e : new double[] {0.1, 1, 3}) {
                double d = 0;
                for (int j = 1; j <= 30; j++) {
                    d += pmf(30, 1 - p, j) * new GaussianPrivacyCurve(2 * Math.sqrt(j) / s).delta(e);
                }
                assertEquals(d, m.delta(e), 1e-13 + 1e-10 * d, "p = " + p + ", ε = " + e);
            }
        }
    }

    @Test
    void withoutSkipsItIsTheCompositionOfEveryRound() {
        double s = Math.sqrt(8 * Math.log(1.25 / 1e-6));
        assertEquals(SkipPrivacy.ringExactEpsilonForSigma(s, 1e-6, 10), SkipCountMixture.of(10, 0, s).epsilon(1e-6), 1e-8);
        // The case: rounds = 1 gives h̃ = 8 at δ' = 1e-6, above the one update the node can make.
        long ht = SkipPrivacy.htilde(2, 2, 0, 1e-6);
        assertTrue(ht > 1, "h̃ = " + ht);
        assertTrue(SkipCountMixture.of(1, 0, s).epsilon(2e-6) < SkipPrivacy.ringExactEpsilonForSigma(s, 1e-6, ht));
    }

    @Test
    void chernoffTailCanExceedDeltaPrime() {
        // Binomial(20, 0.001): h̃ = ⌈0.02 + √(3·0.02·ln 1e6)⌉ = 1, and P(Ξ > 1) = 1 − P(0) − P(1) ≈ 1.9e-4 ≫ δ' = 1e-6.
        long ht = SkipPrivacy.htilde(20 * 5, 5, 0.999, 1e-6);
        assertEquals(1, ht);
        double direct = 1 - pmf(20, 0.001, 0) - pmf(20, 0.001, 1);
        assertEquals(direct, SkipCountMixture.tailAbove(20, 0.999, ht), 1e-12);
        assertTrue(direct > 1e-4);
        double far = 0;
        for (int j = 41; j <= 100; j++) {
            far += pmf(100, 0.3, j);
        }
        assertEquals(far, SkipCountMixture.tailAbove(100, 0.7, 40), 1e-12 * far + 1e-300);
        assertEquals(0, SkipCountMixture.tailAbove(10, 0.5, 10));
    }

    @Test
    void refusesOutOfRange() {
        assertThrows(InvalidArgumentException.class, () -> SkipCountMixture.of(0, 0.5, 1));
        assertThrows(InvalidArgumentException.class, () -> SkipCountMixture.of(10, 1, 1));
        assertThrows(InvalidArgumentException.class, () -> SkipCountMixture.of(10, 0.5, 0));
        assertThrows(InvalidArgumentException.class, () -> SkipCountMixture.of(10, 0.5, 1).epsilon(0));
    }
}
