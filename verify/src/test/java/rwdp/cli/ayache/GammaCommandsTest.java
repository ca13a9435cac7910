package rwdp.cli.ayache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import rwdp.cli.CliTest;

/**
 * {@code bound gamma-delta} and {@code bound gamma-theta} against an independent computation of
 * the Gamma mechanism R(L) ~ Gamma(L/θ, θ): Lemma 3 evaluated as printed with commons-math's
 * regularised incomplete gamma, and the tight δ of a pair as the hockey-stick divergence
 * P_L(A) − e^ε P_L'(A) on the set A where the densities' log-ratio exceeds ε, found by root
 * finding on commons-math's Gamma log-densities.
 */
class GammaCommandsTest {
    private static final int PAIR_GRID = 41;

    /** Lemma 3 of Ayache et al. as printed: max{1 − P(sup L/θ, (e^ε G)^{θ/D}), P(inf L/θ, (G/e^ε)^{θ/D})}. */
    static double lemma3(double eps, double theta, double lMin, double lMax) {
        double sMax = lMax / theta;
        double sMin = lMin / theta;
        double logG = Gamma.logGamma(sMax) - Gamma.logGamma(sMin);
        double e = theta / (lMax - lMin);
        double first = 1 - Gamma.regularizedGammaP(sMax, Math.exp(e * (eps + logG)), 1e-15, 100_000);
        double second = Gamma.regularizedGammaP(sMin, Math.exp(e * (logG - eps)), 1e-15, 100_000);
        return Math.max(first, second);
    }

    /**
     * The tight δ(ε) of the ordered pair (L, L'): ∫ max(0, p_L − e^ε p_L') over the set where the
     * Gamma log-densities differ by more than ε. With shapes s = L/θ, s' = L'/θ that difference is
     * (s − s') ln(z/θ) − ln Γ(s) + ln Γ(s'), so the set is a half-line cut at ln z* below.
     */
    static double pairDelta(double eps, double theta, double l, double lPrime) {
        if (l == lPrime) {
            return 0;
        }
        double s = l / theta;
        double sp = lPrime / theta;
        GammaDistribution p = new GammaDistribution(s, theta);
        GammaDistribution q = new GammaDistribution(sp, theta);
        double z = theta * Math.exp((eps + Gamma.logGamma(s) - Gamma.logGamma(sp)) / (s - sp));
        // The difference falls with z when s < s': the set is below the cut, otherwise above it.
        double d = s < sp ? p.cumulativeProbability(z) - Math.exp(eps) * q.cumulativeProbability(z)
                : (1 - p.cumulativeProbability(z)) - Math.exp(eps) * (1 - q.cumulativeProbability(z));
        return Math.max(0, d);
    }

    /** The largest pair δ over a grid of both orders (extremes included). */
    static double gridDelta(double eps, double theta, double lMin, double lMax) {
        double best = 0;
        for (int i = 0; i < PAIR_GRID; i++) {
            for (int j = 0; j < PAIR_GRID; j++) {
                double l = lMin + (lMax - lMin) * i / (PAIR_GRID - 1);
                double lp = lMin + (lMax - lMin) * j / (PAIR_GRID - 1);
                best = Math.max(best, pairDelta(eps, theta, l, lp));
            }
        }
        return best;
    }

    /** The θ → ∞ limit: the tight δ between exponential laws of rates sup L and inf L, both orders. */
    static double exponentialFloor(double eps, double lMin, double lMax) {
        return Math.max(exponentialDelta(eps, lMax, lMin), exponentialDelta(eps, lMin, lMax));
    }

    private static double exponentialDelta(double eps, double a, double b) {
        // a e^{−at} > e^ε b e^{−bt} iff (b − a) t > ε + ln(b/a): a half-line cut at t*.
        double t = (eps + Math.log(b / a)) / (b - a);
        if (a > b) {
            // Below t*: P_a[0, t*) − e^ε P_b[0, t*).
            double tt = Math.max(t, 0);
            return Math.max(0, (1 - Math.exp(-a * tt)) - Math.exp(eps) * (1 - Math.exp(-b * tt)));
        }
        double tt = Math.max(t, 0);
        return Math.max(0, Math.exp(-a * tt) - Math.exp(eps) * Math.exp(-b * tt));
    }

    @Test
    void gammaDeltaMatchesLemma3AndTheHockeyStickComputedHere() throws Exception {
        double eps = 1;
        double theta = 10;
        JsonNode j = CliTest.json("bound", "gamma-delta", "--epsilon", "1", "--theta", "10", "--l-min", "1", "--l-max", "2");
        assertEquals(lemma3(eps, theta, 1, 2), j.get("delta_lemma3").asDouble(), 1e-9);
        double exact = j.get("delta_exact").asDouble();
        double l = j.get("worst_pair").get(0).asDouble();
        double lp = j.get("worst_pair").get(1).asDouble();
        assertEquals(pairDelta(eps, theta, l, lp), exact, 1e-9, "delta_exact must be the δ of its own worst pair");
        assertTrue(exact >= gridDelta(eps, theta, 1, 2) - 1e-9, "no pair of a 41 x 41 grid may beat the reported supremum");
        assertEquals(exponentialFloor(eps, 1, 2), j.get("delta_floor_exact").asDouble(), 1e-12);
        assertEquals(Math.log10(exact), j.get("log10_delta_exact").asDouble(), 1e-9);
        assertEquals(Math.log10(j.get("delta_lemma3").asDouble()), j.get("log10_delta_lemma3").asDouble(), 1e-9);
        assertEquals(Math.log10(j.get("delta_floor_exact").asDouble()), j.get("log10_delta_floor_exact").asDouble(), 1e-9);
        assertTrue(j.get("delta_lemma3").asDouble() >= exact, "Lemma 3 is an upper bound on the tight δ");
    }

    @Test
    void gammaDeltaAtLargeThetaApproachesTheExponentialFloor() throws Exception {
        JsonNode j = CliTest.json("bound", "gamma-delta", "--epsilon", "0.2", "--theta", "1e5", "--l-min", "1", "--l-max", "3");
        double floor = exponentialFloor(0.2, 1, 3);
        assertEquals(floor, j.get("delta_floor_exact").asDouble(), 1e-12);
        // Shapes 1e-5 and 3e-5: R(L)'s law is within O(shape) of the exponential limit.
        assertEquals(floor, j.get("delta_exact").asDouble(), 1e-3);
    }

    @Test
    void gammaDeltaAtHugeEpsilonStaysFiniteInLogSpace() throws Exception {
        JsonNode j = CliTest.json("bound", "gamma-delta", "--epsilon", "5000", "--theta", "1", "--l-min", "1", "--l-max", "2");
        assertEquals(0, j.get("delta_exact").asDouble());
        double log10 = j.get("log10_delta_exact").asDouble();
        // δ underflows to 0 at this ε, yet its logarithm is an ordinary number.
        assertTrue(Double.isFinite(log10) && log10 < -300, "log10_delta_exact = " + log10);
        assertFalse(j.get("worst_pair").get(0).asDouble() == j.get("worst_pair").get(1).asDouble());
    }

    @Test
    void gammaThetaIsTheSmallestThetaReachingTheTarget() throws Exception {
        double eps = 3;
        double delta = 0.03;
        JsonNode j = CliTest.json("bound", "gamma-theta", "--epsilon", "3", "--delta", "0.03", "--l-min", "1", "--l-max", "2");
        double thetaL3 = j.get("theta_lemma3").asDouble();
        assertTrue(lemma3(eps, thetaL3, 1, 2) <= delta * (1 + 1e-6), "Lemma 3 at theta_lemma3 must reach the target");
        assertTrue(lemma3(eps, thetaL3 * (1 - 1e-4), 1, 2) > delta, "a slightly smaller θ must miss it");
        assertEquals(lemma3(eps, thetaL3, 1, 2), j.get("delta_lemma3_at_theta").asDouble(), 1e-9);
        double thetaEx = j.get("theta_exact").asDouble();
        assertTrue(gridDelta(eps, thetaEx, 1, 2) <= delta * (1 + 1e-6), "the exact δ at theta_exact must reach the target");
        assertTrue(gridDelta(eps, thetaEx * (1 - 1e-3), 1, 2) > delta, "a slightly smaller θ must miss it");
        assertTrue(thetaEx < thetaL3, "the tight δ needs less noise than Lemma 3");
    }

    @Test
    void gammaThetaSaysNotReachedWhenOnlyTheExactDeltaGetsThere() throws Exception {
        // r = 1.5: Lemma 3's θ → ∞ limit at ε = 0.3 is above 0.2, the exact one below.
        double eps = 0.3;
        double delta = 0.2;
        JsonNode j = CliTest.json("bound", "gamma-theta", "--epsilon", "0.3", "--delta", "0.2", "--l-min", "2", "--l-max", "3");
        assertTrue(exponentialFloor(eps, 2, 3) < delta);
        // Lemma 3 misses the target on the whole searched range [1e-6, 1e6] sup L (and at the limit above 0.2).
        for (int k = 0; k <= 1200; k++) {
            double theta = 3 * Math.pow(10, -6 + 12.0 * k / 1200);
            assertTrue(lemma3(eps, theta, 2, 3) > delta, "Lemma 3 reaches the target at θ = " + theta);
        }
        assertEquals("not reached", j.get("theta_lemma3").asText());
        assertEquals("not reached", j.get("delta_lemma3_at_theta").asText());
        assertTrue(j.get("smallest_delta_lemma3").asDouble() > delta);
        assertTrue(j.get("delta_exact_at_theta").asDouble() <= delta);
    }

    @Test
    void theCommandsParseOnTheirOwnAndRefuseBadInputWithOneLine() {
        CommandLine cl = new CommandLine(new GammaDeltaCommand());
        GammaDeltaCommand parsed = cl.parseArgs("--epsilon", "1", "--theta", "2", "--l-min", "1", "--l-max", "4")
                .commandSpec().commandLine().getCommand();
        assertEquals(33, parsed.grid, "the documented default pair grid");
        for (String[] bad : new String[][] {
            {"bound", "gamma-delta", "--epsilon", "2e12", "--theta", "1", "--l-min", "1", "--l-max", "2"},
            {"bound", "gamma-delta", "--epsilon", "1", "--theta", "1", "--l-min", "1", "--l-max", "2", "--grid", "1"},
            {"bound", "gamma-theta", "--epsilon", "1", "--delta", "0", "--l-min", "1", "--l-max", "2"},
        }) {
            CliTest.Run r = CliTest.run(bad);
            assertEquals(2, r.code(), String.join(" ", bad));
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.out().isBlank(), r.out());
        }
    }
}
