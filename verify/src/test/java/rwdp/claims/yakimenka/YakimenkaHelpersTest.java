package rwdp.claims.yakimenka;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import rwdp.bounds.skipping.SkipErrorBound;

/**
 * The Yakimenka claims' kit and decision helpers: the h_max grid, the affine-in-d curves, the
 * ε read off a trade-off curve, and the two quadratures of the Gaussian privacy curve against its
 * closed form (Balle and Wang 2018, Thm. 8) written here with commons-math3's Φ.
 */
class YakimenkaHelpersTest {
    private static final NormalDistribution PHI = new NormalDistribution();

    /** δ(ε) of the Gaussian mechanism with sensitivity Δ and noise σ: Φ(Δ/2σ − εσ/Δ) − e^ε Φ(−Δ/2σ − εσ/Δ). */
    private static double closedDelta(double sensitivity, double sigma, double eps) {
        double a = sensitivity / (2 * sigma);
        double b = eps * sigma / sensitivity;
        return PHI.cumulativeProbability(a - b) - Math.exp(eps) * PHI.cumulativeProbability(-a - b);
    }

    @Test
    void hmaxGridIsLogSpacedMultiplesOfNWithoutRepeats() {
        // rounds^(i/(points−1)) for i = 0, 1, 2 with rounds = 100: 1, 10, 100.
        assertArrayEquals(new long[] {10, 100, 1000}, YakimenkaCheckKit.hmaxGrid(10, 100, 3));
        // rounds = 4, 5 points: 1, √2, 2, 2√2, 4 round to 1, 1, 2, 3, 4; the repeated 1 goes.
        assertArrayEquals(new long[] {7, 14, 21, 28}, YakimenkaCheckKit.hmaxGrid(7, 4, 5));
        // One round: every point is n.
        assertArrayEquals(new long[] {5}, YakimenkaCheckKit.hmaxGrid(5, 1, 4));
        assertEquals(100_000, YakimenkaCheckKit.rounds(10));
        assertEquals(2_000, YakimenkaCheckKit.rounds(500));
        assertEquals("rand-ring", YakimenkaCheckKit.scheme(true));
        assertEquals("ring", YakimenkaCheckKit.scheme(false));
    }

    @Test
    void curveBoundIsAffineInD() {
        YakimenkaCheckKit.Curve c = new YakimenkaCheckKit.Curve(10, 0.5, false, new long[] {10, 20}, new double[] {1, 2},
                new double[] {0.5, 0.25}, new double[] {3, 4});
        assertArrayEquals(new double[] {1 + 13 * 0.5, 2 + 13 * 0.25}, c.bound(13), 0);
        // Theorem 1's bound evaluated directly at d = 13 equals A + 13·B from the two evaluations at d = 1, 2.
        long[] h = {10, 100, 1000};
        for (boolean rand : new boolean[] {false, true}) {
            double[][] ab = YakimenkaCheckKit.affineInD(10, 0.5, rand, h);
            double[] direct = SkipErrorBound.bounds(YakimenkaCheckKit.params(10, 0.5, rand, 13), h);
            for (int i = 0; i < h.length; i++) {
                assertEquals(direct[i], ab[0][i] + 13 * ab[1][i], 1e-9 * direct[i], "rand " + rand + " h " + h[i]);
            }
        }
    }

    @Test
    void epsAtTakesTheBestPrivacyReachingTheError() {
        double[] bound = {3, 2, 1, 2.5};
        double[] eps = {1, 2, 3, 0.5};
        // bound ≤ 2 at points 1 and 2 (ε 2 and 3): the best is 2.
        assertEquals(2, ErrorPrivacyTradeoffChecks.epsAt(bound, eps, 2), 0);
        // bound ≤ 2.5 adds point 3 with ε 0.5.
        assertEquals(0.5, ErrorPrivacyTradeoffChecks.epsAt(bound, eps, 2.5), 0);
        // No point reaches error 0.9.
        assertEquals(Double.POSITIVE_INFINITY, ErrorPrivacyTradeoffChecks.epsAt(bound, eps, 0.9), 0);
    }

    @Test
    void footnoteFourSigmaAtItsPrintedValue() {
        // σ = k√(8 ln(1.25/δ))/ε at k = ε = 1, δ = 1e-6: the paper prints 10.5976.
        assertEquals(Math.sqrt(8 * Math.log(1.25e6)), YakimenkaCheckKit.params(10, 0.5, false, 1).sigma(), 1e-12);
        assertEquals(10.5976, YakimenkaCheckKit.params(10, 0.5, false, 1).sigma(), 5e-5);
    }

    /** The privacy-loss quadrature of δ(ε) agrees with the Φ closed form over a wide range of Δ/σ and ε. */
    @Property(tries = 60)
    void privacyLossQuadratureIsTheClosedForm(@ForAll @DoubleRange(min = 0.05, max = 4) @Scale(4) double ratio,
                                              @ForAll @DoubleRange(min = 0, max = 5) @Scale(4) double eps) {
        double exact = closedDelta(ratio, 1, eps);
        double q = GaussianNoiseChecks.deltaByPrivacyLoss(ratio, 1, eps);
        assertEquals(exact, q, 1e-9 + 1e-6 * exact, "Δ/σ = " + ratio + ", ε = " + eps);
    }

    /** ln of the hockey-stick divergence of N(μ, 1) from N(0, 1) is the log of the same closed form (Δ/σ = μ). */
    @Property(tries = 30)
    void logHockeyStickIsTheClosedForm(@ForAll @DoubleRange(min = 0.2, max = 3) @Scale(4) double mu,
                                       @ForAll @DoubleRange(min = 0, max = 4) @Scale(4) double eps) {
        double exact = closedDelta(mu, 1, eps);
        org.junit.jupiter.api.Assumptions.assumeTrue(exact > 1e-12);
        assertEquals(Math.log(exact), SkipAccountingChecks.logHockeyStick(mu, eps), 1e-6, "μ = " + mu + ", ε = " + eps);
    }

    @Test
    void handCase() {
        // μ = 1, ε = 0: δ = Φ(1/2) − Φ(−1/2) = 2Φ(1/2) − 1 = 0.38292492254802624.
        assertEquals(0.38292492254802624, GaussianNoiseChecks.deltaByPrivacyLoss(1, 1, 0), 1e-9);
        assertEquals(Math.log(0.38292492254802624), SkipAccountingChecks.logHockeyStick(1, 0), 1e-8);
    }
}
