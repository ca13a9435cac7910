package rwdp.bounds.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

/**
 * The log-space δ of the Gamma mechanism against independent evaluations: commons-math3's
 * regularised gamma functions inside the double range, closed forms and their ε → ∞ asymptotics
 * (on L ∈ {1, 2}, θ = 1 the shapes are 1 and 2, whose incomplete gammas are elementary) outside it.
 */
class LogDeltaTest {

    /** Lemma 3 as printed, in plain doubles with commons-math3 (no log space). */
    private static double lemma3Plain(double eps, double theta, double lMin, double lMax) {
        double sMax = lMax / theta;
        double sMin = lMin / theta;
        double g = Math.exp(Gamma.logGamma(sMax) - Gamma.logGamma(sMin));
        double e = theta / (lMax - lMin);
        return Math.max(1 - Gamma.regularizedGammaP(sMax, Math.pow(Math.exp(eps) * g, e)),
                Gamma.regularizedGammaP(sMin, Math.pow(g / Math.exp(eps), e)));
    }

    /** The hockey-stick divergence of the ordered pair (L, L') in plain doubles with commons-math3. */
    private static double pairPlain(double eps, double theta, double l, double lp) {
        double s = l / theta;
        double sp = lp / theta;
        double u = Math.exp((eps + Gamma.logGamma(s) - Gamma.logGamma(sp)) / (s - sp));
        if (l > lp) {
            return Gamma.regularizedGammaQ(s, u) - Math.exp(eps) * Gamma.regularizedGammaQ(sp, u);
        }
        return Gamma.regularizedGammaP(s, u) - Math.exp(eps) * Gamma.regularizedGammaP(sp, u);
    }

    @Test
    void insideTheDoubleRangeTheLogsMatchCommonsMath() {
        double[][] cases = {{1, 10, 1, 2}, {3, 2, 1, 4}, {20, 1, 1, 2}, {0.5, 0.7, 2, 3}};
        for (double[] c : cases) {
            GammaMechanismPrivacy.Params p = new GammaMechanismPrivacy.Params(c[0], c[1], c[2], c[3]);
            double want = lemma3Plain(c[0], c[1], c[2], c[3]);
            assertEquals(Math.log(want), GammaMechanismPrivacy.logLemma3Delta(p), 1e-8 * Math.max(1, Math.abs(Math.log(want))));
            for (double[] pair : new double[][] {{c[2], c[3]}, {c[3], c[2]}}) {
                double plain = pairPlain(c[0], c[1], pair[0], pair[1]);
                assertEquals(Math.log(plain), GammaMechanismPrivacy.logPairDelta(c[0], c[1], pair[0], pair[1]),
                        1e-7 * Math.max(1, Math.abs(Math.log(plain))));
            }
            // The log search finds a pair at least as bad as the worst extreme pair, computed independently.
            double extreme = Math.max(pairPlain(c[0], c[1], c[2], c[3]), pairPlain(c[0], c[1], c[3], c[2]));
            double found = GammaMechanismPrivacy.logExactDelta(p, 33).delta();
            assertEquals(true, found >= Math.log(extreme) - 1e-7, found + " vs " + Math.log(extreme));
            assertEquals(Math.log(GammaMechanismPrivacy.exactDelta(p).delta()), found, 1e-7 * Math.max(1, Math.abs(found)));
        }
    }

    @Test
    void floorsMatchTheirClosedForms() {
        for (double eps : new double[] {0, 0.3, 1, 5, 40}) {
            assertEquals(Math.log(GammaMechanismPrivacy.lemma3Floor(eps, 1, 2)), GammaMechanismPrivacy.logLemma3Floor(eps, 1, 2), 1e-9);
            // Exp(1) against Exp(2): the loss t - ln 2 >= eps for t >= t* = eps + ln 2, so
            // delta = e^{-t*} - e^eps e^{-2 t*} = e^{-t*}/2 = e^{-eps}/4; the other order gives less.
            assertEquals(-eps - 2 * Math.log(2), GammaMechanismPrivacy.logExactFloor(eps, 1, 2), 1e-9);
        }
    }

    @Test
    void outsideTheDoubleRangeTheLogsFollowTheAsymptotics() {
        // L in {1, 2}, theta = 1: Lemma 3's second term is P(1, e^-eps) = 1 - exp(-e^-eps), ln = -eps - e^-eps/2 + ...;
        // the first, Q(2, e^eps) = e^{-e^eps}(1 + e^eps), is far smaller. The pair (1, 2) has threshold u = e^-eps and
        // delta = (1 - e^-u) - e^eps (1 - e^-u (1 + u)) = u/2 - u^2/6 + ..., ln = -eps - ln 2; the pair (2, 1) gives e^{-e^eps}.
        for (double eps : new double[] {800, 2062, 1e4, 1e8}) {
            GammaMechanismPrivacy.Params p = new GammaMechanismPrivacy.Params(eps, 1, 1, 2);
            assertEquals(0.0, GammaMechanismPrivacy.lemma3Delta(p), "the plain value underflows here");
            assertEquals(-eps, GammaMechanismPrivacy.logLemma3Delta(p), 1e-12 * eps);
            assertEquals(-eps - Math.log(2), GammaMechanismPrivacy.logPairDelta(eps, 1, 1, 2), 1e-12 * eps);
            assertEquals(-eps - Math.log(2), GammaMechanismPrivacy.logExactDelta(p, 33).delta(), 1e-12 * eps);
            assertEquals(-eps - 2 * Math.log(2), GammaMechanismPrivacy.logExactFloor(eps, 1, 2), 1e-12 * eps);
        }
        // 2062 is the case: delta = e^{-2062}/2 = 10^{-895.816...}.
        GammaMechanismPrivacy.Params p = new GammaMechanismPrivacy.Params(2062, 1, 1, 2);
        assertEquals(-(2062 + Math.log(2)) / Math.log(10), GammaMechanismPrivacy.logExactDelta(p, 33).delta() / Math.log(10), 1e-9);
    }

    @Test
    void rangesBeyondTheShapesAreRefused() {
        assertThrows(InvalidArgumentException.class, () -> new GammaMechanismPrivacy.Params(1, 1, 1e-160, 1e160));
        assertThrows(InvalidArgumentException.class, () -> new GammaMechanismPrivacy.Params(1, 1e308, 1, 2));
        assertThrows(InvalidArgumentException.class, () -> GammaMechanismPrivacy.lemma3Floor(1, 1e-300, 1e300));
    }
}
