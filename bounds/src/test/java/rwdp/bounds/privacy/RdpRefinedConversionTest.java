package rwdp.bounds.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;

/** {@link RdpConversion#refined}: dp_accounting's floors on top of the improved conversion, checked against Gaussians' exact curves. */
class RdpRefinedConversionTest {
    private static final NormalDistribution PHI = new NormalDistribution();

    @Test
    void equalsTheImprovedConversionAwayFromTheFloors() {
        // By hand: 1 + ln(0.9) − (ln 1e-5 + ln 10)/9 = 1 − 0.1053605 + (11.5129255 − 2.3025851)/9 = 1.9180107.
        assertEquals(1.9180107, RdpConversion.refined(1, 10, 1e-5), 1e-7);
        assertEquals(RdpConversion.improved(1, 10, 1e-5), RdpConversion.refined(1, 10, 1e-5), 0);
    }

    @Test
    void totalVariationFloorGivesZeroOnlyWhenDeltaCoversIt() {
        // μ-GDP with μ = 1e-6: its RDP is αμ²/2, and TV = δ(0) = 2Φ(μ/2) − 1 ≈ 4e-7.
        double mu = 1e-6;
        double tv = 2 * PHI.cumulativeProbability(mu / 2) - 1;
        assertEquals(0, RdpConversion.refined(1.0001 * mu * mu / 2, 1.0001, 1e-5));
        assertTrue(1e-5 >= tv);
        // At α = 2 the improved formula alone is positive (ln(1/2) − ln(2e-5) ≈ 10.1); the floor gives 0.
        assertTrue(RdpConversion.improved(2 * mu * mu / 2, 2, 1e-5) > 10);
        assertEquals(0, RdpConversion.refined(2 * mu * mu / 2, 2, 1e-5));
        // δ² + expm1(−r) > 0 is the exact rule: just below and just above it.
        double r = -Math.log1p(-1e-10);
        assertEquals(0, RdpConversion.refined(r * (1 - 1e-6), 2, 1e-5));
        assertTrue(RdpConversion.refined(r * (1 + 1e-3), 2, 1e-5) >= 0);
        assertThrows(IllegalArgumentException.class, () -> RdpConversion.refined(Double.NaN, 2, 1e-5));
        assertThrows(IllegalArgumentException.class, () -> RdpConversion.refined(1, 1, 1e-5));
    }

    @Property(tries = 300)
    void neverBelowTheExactCurveOfTheGaussian(@ForAll @DoubleRange(min = -5, max = 1) double log10Mu,
                                              @ForAll @DoubleRange(min = 0, max = 3) double log10AlphaMinus1,
                                              @ForAll @DoubleRange(min = -12, max = -0.5) double log10Delta) {
        double mu = Math.pow(10, log10Mu);
        double alpha = 1 + Math.pow(10, log10AlphaMinus1 - 2);
        double delta = Math.pow(10, log10Delta);
        double eps = RdpConversion.refined(alpha * mu * mu / 2, alpha, delta);
        double exact = new GaussianPrivacyCurve(mu).epsilon(delta);
        // A valid conversion of the Gaussian's Rényi curve can never beat its exact (ε, δ).
        assertTrue(eps >= exact * (1 - 1e-9) - 1e-12, eps + " < exact " + exact);
        if (eps == 0) {
            assertTrue(delta >= 2 * PHI.cumulativeProbability(mu / 2) - 1 - 1e-15);
        }
    }
}
