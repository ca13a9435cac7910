package rwdp.bounds.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;
import rwdp.bounds.privacy.GammaMechanismPrivacy.Params;

class GammaMechanismPrivacyTest {

    @Test
    void logIncompleteGammaMatchesCommonsMathWhereBothAreRepresentable() {
        for (double s : new double[] {0.01, 0.3, 1, 2.5, 17, 300}) {
            for (double x : new double[] {1e-3, 0.1, 0.9, 1, 3, 20, 250, 400}) {
                double p = Gamma.regularizedGammaP(s, x);
                double q = Gamma.regularizedGammaQ(s, x);
                if (p > 1e-250) {
                    assertEquals(p, Math.exp(LogIncompleteGamma.logP(s, Math.log(x))), 1e-11 * p + 1e-300, "P(" + s + "," + x + ")");
                }
                if (q > 1e-250) {
                    assertEquals(q, Math.exp(LogIncompleteGamma.logQ(s, Math.log(x))), 1e-10 * q + 1e-300, "Q(" + s + "," + x + ")");
                }
            }
        }
    }

    @Test
    void largeShapesOfSmallThetaMatchCommonsMath() {
        // θ = 1e-3 with L up to 100 gives shapes up to 1e5.
        double s = 1e5;
        for (double x : new double[] {s - 1000, s - 100, s, s + 100, s + 1000}) {
            double p = Gamma.regularizedGammaP(s, x);
            double q = Gamma.regularizedGammaQ(s, x);
            assertEquals(p, Math.exp(LogIncompleteGamma.logP(s, Math.log(x))), 1e-9 * p + 1e-300, "P at x=" + x);
            assertEquals(q, Math.exp(LogIncompleteGamma.logQ(s, Math.log(x))), 1e-9 * q + 1e-300, "Q at x=" + x);
        }
    }

    @Test
    void underflowingThresholdsKeepTheLeadingTerm() {
        // For x → 0: P(s, x) = x^s/Γ(s+1) (1 + O(x)); here x = e^{-5000} underflows in doubles.
        double s = 1e-4;
        double lnx = -5000;
        assertEquals(s * lnx - Gamma.logGamma1p(s), LogIncompleteGamma.logP(s, lnx), 1e-12);
        // Q(s, x) = 1 − P for tiny shapes: 1 − e^{−0.5} here, without cancellation.
        assertEquals(-Math.expm1(s * lnx - Gamma.logGamma1p(s)), Math.exp(LogIncompleteGamma.logQ(s, lnx)), 1e-14);
    }

    @Test
    void lemma3AsPrintedEqualsTheLossTailsOfTheExtremePair() {
        for (double th : new double[] {1e-3, 0.3, 7, 1e3, 1e6}) {
            Params p = new Params(1.2, th, 3, 8);
            double tails = Math.max(GammaMechanismPrivacy.lossTail(1.2, th, 8, 3), GammaMechanismPrivacy.lossTail(1.2, th, 3, 8));
            assertEquals(tails, GammaMechanismPrivacy.lemma3Delta(p), 1e-12);
        }
    }

    @Test
    void privacyDependsOnlyOnTheShapes() {
        for (double c : new double[] {1e-3, 10, 1e4}) {
            Params a = new Params(0.7, 2, 1, 3);
            Params b = new Params(0.7, 2 * c, c, 3 * c);
            assertEquals(GammaMechanismPrivacy.lemma3Delta(a), GammaMechanismPrivacy.lemma3Delta(b), 1e-10);
            assertEquals(GammaMechanismPrivacy.exactDelta(a, 9).delta(), GammaMechanismPrivacy.exactDelta(b, 9).delta(), 1e-10);
        }
    }

    @Test
    void largeThetaApproachesTheExponentialLimit() {
        for (double e : new double[] {0.2, 1, 3}) {
            double th = 1e9;
            double exact = Math.max(GammaMechanismPrivacy.pairDelta(e, th, 2, 1), GammaMechanismPrivacy.pairDelta(e, th, 1, 2));
            assertEquals(GammaMechanismPrivacy.exactFloor(e, 1, 2), exact, 1e-6);
            assertEquals(GammaMechanismPrivacy.lemma3Floor(e, 1, 2), GammaMechanismPrivacy.lemma3Delta(new Params(e, th, 1, 2)), 1e-6);
        }
    }

    @Test
    void exactDeltaDecreasesInTheta() {
        double prev = 2;
        for (int k = 0; k <= 60; k++) {
            double th = Math.pow(10, -3 + 9.0 * k / 60);
            double d = GammaMechanismPrivacy.exactDelta(new Params(1, th, 1, 2), 9).delta();
            assertTrue(d <= prev + 1e-12, "not monotone at θ=" + th);
            prev = d;
        }
    }

    @Test
    void inverseProblemReturnsTheSmallestTheta() {
        GammaMechanismPrivacy.ThetaSearch s = GammaMechanismPrivacy.thetaForLemma3(3, 0.03, 1, 2);
        assertTrue(s.reachable());
        assertTrue(GammaMechanismPrivacy.lemma3Delta(new Params(3, s.theta(), 1, 2)) <= 0.03);
        assertTrue(GammaMechanismPrivacy.lemma3Delta(new Params(3, s.theta() * (1 - 1e-6), 1, 2)) > 0.03);
        GammaMechanismPrivacy.ThetaSearch e = GammaMechanismPrivacy.thetaForExact(3, 0.03, 1, 2);
        assertTrue(e.theta() < s.theta());
        assertFalse(GammaMechanismPrivacy.thetaForExact(3, 0.03, 11, 605).reachable());
    }

    @Property(tries = 200)
    void lemma3BoundsEveryPair(@ForAll @DoubleRange(min = 0, max = 5) double eps,
                               @ForAll @DoubleRange(min = -3, max = 6) double logTheta,
                               @ForAll @DoubleRange(min = 0, max = 1) double a,
                               @ForAll @DoubleRange(min = 0, max = 1) double b) {
        double th = Math.pow(10, logTheta);
        double lMin = 1;
        double lMax = 4;
        double l = lMin + a * (lMax - lMin);
        double lp = lMin + b * (lMax - lMin);
        double bound = GammaMechanismPrivacy.lemma3Delta(new Params(eps, th, lMin, lMax));
        double pair = GammaMechanismPrivacy.pairDelta(eps, th, l, lp);
        assertTrue(pair >= 0 && pair <= 1);
        assertTrue(bound >= pair * (1 - 1e-9) - 1e-15, "pair (" + l + ", " + lp + ") θ=" + th + ": " + pair + " > " + bound);
    }
}
