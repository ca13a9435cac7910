package rwdp.bounds.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegrator;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import org.junit.jupiter.api.Test;

class GaussianPrivacyCurveTest {

    private static final GaussIntegratorFactory GAUSS = new GaussIntegratorFactory();

    /**
     * Returns ln of the hockey-stick divergence ∫ (p(x) − e^ε q(x))₊ dx, p = N(μ, 1), q = N(0, 1), by
     * composite 16-point Gauss-Legendre quadrature of the output-space densities, without any
     * normal CDF. The integrand is positive for x above x* = ε/μ + μ/2; with x = x* + u and
     * c = x* − μ it is φ(c) e^{−cu − u²/2}(1 − e^{−μu}), so ln φ(c) is split off and no term cancels.
     */
    static double logHockeyStick(double mu, double eps) {
        double c = eps / mu - mu / 2;
        double top = Math.max(-c, 0) + (c > 1 ? 45 / c : 12);
        double shift = c < 0 ? c * c / 2 : 0; // the largest exponent −cu − u²/2, taken out against overflow
        int panels = 4000;
        double sum = 0;
        for (int k = 0; k < panels; k++) {
            GaussIntegrator g = GAUSS.legendre(16, top * k / panels, top * (k + 1) / panels);
            sum += g.integrate(u -> Math.exp(-c * u - u * u / 2 - shift) * -Math.expm1(-mu * u));
        }
        return -c * c / 2 + shift - 0.5 * Math.log(2 * Math.PI) + Math.log(sum);
    }

    @Test
    void closedFormEqualsTheQuadratureOfTheHockeyStickDivergence() {
        for (double mu : new double[] {0.01, 0.05, 0.3, 1, 1.8490892841323655, 5, 30, 200}) {
            for (double target : new double[] {0.5, 1e-2, 1e-4, 1e-6, 1e-9, 1e-12}) {
                GaussianPrivacyCurve curve = new GaussianPrivacyCurve(mu);
                double eps = curve.epsilon(target);
                // A grid of ε around each δ level, ε = 0 included: closed δ(ε) vs the integral, relative 1e-9.
                for (double e : new double[] {0, 0.5 * eps, eps, 1.5 * eps}) {
                    double closed = curve.logDelta(e);
                    double quad = logHockeyStick(mu, e);
                    assertEquals(quad, closed, 1e-9, "mu=" + mu + ", eps=" + e);
                }
                if (eps > 0) {
                    assertEquals(Math.log(target), logHockeyStick(mu, eps), 1e-9, "mu=" + mu + ", delta=" + target);
                }
            }
        }
    }

    @Test
    void quadratureReferenceCanFail() {
        // The check above can fail: a 1% change of μ moves the integral far beyond its tolerance.
        GaussianPrivacyCurve curve = new GaussianPrivacyCurve(1.0);
        assertTrue(Math.abs(curve.logDelta(2) - logHockeyStick(1.01, 2)) > 1e-3);
    }

    @Test
    void reproducesIndependentHighPrecisionValues() {
        // 40-digit values from mpmath (ncdf, bisection on δ(ε)), rounded to 17 digits.
        double[][] epsOfDelta = {
            {1, 1e-5, 4.3771780956812246},
            {1, 1e-12, 7.2384944201788584},
            {5, 1e-12, 47.049232172701764},
            {50, 1e-12, 1600.7886583055774},
            {0.05, 1e-12, 0.31710576680329392},
            {0.2, 1e-6, 0.83411754862405239},
            {1000, 1e-12, 507033.48732646218},
            {1e4, 1e-12, 50070343.838604574},
            {2, 1e-100, 44.316167708408008},
            {0.001, 1e-12, 0.0056995464684262822},
        };
        for (double[] r : epsOfDelta) {
            double got = new GaussianPrivacyCurve(r[0]).epsilon(r[1]);
            assertEquals(r[2], got, 1e-11 * r[2], "mu=" + r[0] + ", delta=" + r[1]);
        }
        assertEquals(0.12693673750664395, new GaussianPrivacyCurve(1).delta(1), 1e-13 * 0.127);
        assertEquals(5.4814402007468726e-10, new GaussianPrivacyCurve(0.01).delta(0.05), 1e-9 * 5.48e-10);
        assertEquals(7.5120257223582012e-28, new GaussianPrivacyCurve(0.001).delta(0.01), 1e-8 * 7.51e-28);
        // δ below the smallest double: its logarithm, ln(4.3827293591194154813e-2133).
        assertEquals(Math.log(4.3827293591194155) - 2133 * Math.log(10), new GaussianPrivacyCurve(2).logDelta(200), 1e-10 * 4911);
    }

    @Test
    void reproducesTwoSkipRingCompositions() {
        // Skip-Ring (Yakimenka et al., Thm. 2): h̃ Gaussian updates of sensitivity 2k, σ/k = √(8 ln(1.25/δ))/ε, so
        // μ = 2√h̃/(σ/k). Google's dp_accounting PLD and Microsoft's prv_accountant give 10.006 and 1.554;
        // mpmath to 17 digits gives 10.006207860729306 and 1.5537095072903704.
        double s1 = GaussianMechanismCalibration.classicalSigma(2, 1, 1e-6);
        assertEquals(10.006207860729306, GaussianPrivacyCurve.ofComposition(96, s1 / 2).epsilon(1e-6), 1e-11 * 10);
        double s2 = GaussianMechanismCalibration.classicalSigma(2, 0.5, 1e-5);
        assertEquals(1.5537095072903704, GaussianPrivacyCurve.ofComposition(15, s2 / 2).epsilon(1e-5), 1e-11 * 1.55);
    }

    @Test
    void epsilonIsZeroWhereDeltaCoversTheTotalVariation() {
        GaussianPrivacyCurve curve = new GaussianPrivacyCurve(0.5);
        double tv = 2 * new org.apache.commons.math3.distribution.NormalDistribution().cumulativeProbability(0.25) - 1;
        assertEquals(tv, curve.delta(0), 1e-15);
        assertEquals(0, curve.epsilon(tv * 1.0000001));
        assertTrue(curve.epsilon(tv * 0.99) > 0);
    }

    @Property(tries = 300)
    void deltaFallsInEpsilonAndRisesInMu(@ForAll @DoubleRange(min = -3, max = 3) double log10Mu,
                                         @ForAll @DoubleRange(min = 0, max = 1) double fraction,
                                         @ForAll @DoubleRange(min = 1.0001, max = 2) @Scale(6) double factor) {
        double mu = Math.pow(10, log10Mu);
        GaussianPrivacyCurve curve = new GaussianPrivacyCurve(mu);
        // ε up to where δ ≈ 1e-250, μ(μ/2 + 34).
        double eps = fraction * mu * (mu / 2 + 34);
        double ld = curve.logDelta(eps);
        assertTrue(ld <= 0 && ld > -700, "ln delta = " + ld);
        // Strictly, unless δ is 1 to double precision (large μ, small ε).
        boolean saturated = ld > -1e-15;
        double further = curve.logDelta(eps * factor + 1e-12);
        assertTrue(saturated ? further <= ld : further < ld, "delta must fall in epsilon");
        double wider = new GaussianPrivacyCurve(mu * factor).logDelta(eps);
        assertTrue(saturated ? wider >= ld : wider > ld, "delta must rise in mu");
    }

    @Property(tries = 300)
    void epsilonInvertsDeltaAndStaysBelowRenyiAccounting(@ForAll @DoubleRange(min = -3, max = 4) double log10Mu,
                                                        @ForAll @DoubleRange(min = -14, max = -0.5) double log10Delta,
                                                        @ForAll @DoubleRange(min = 1.001, max = 3) @Scale(6) double factor) {
        double mu = Math.pow(10, log10Mu);
        double delta = Math.pow(10, log10Delta);
        GaussianPrivacyCurve curve = new GaussianPrivacyCurve(mu);
        double eps = curve.epsilon(delta);
        assertTrue(eps >= 0 && Double.isFinite(eps));
        if (eps > 0) {
            assertEquals(Math.log(delta), curve.logDelta(eps), 1e-9);
        }
        // Monotone: more δ, less ε; more μ, more ε.
        assertTrue(curve.epsilon(Math.min(0.99, delta * factor)) <= eps);
        assertTrue(new GaussianPrivacyCurve(mu * factor).epsilon(delta) >= eps);
        // The RDP curve of μ-GDP is αμ²/2; any valid conversion is an upper bound of the exact ε.
        double mironov = mu * mu / 2 + mu * Math.sqrt(2 * Math.log(1 / delta));
        assertTrue(eps <= mironov * (1 + 1e-12), eps + " > " + mironov);
        RdpConversion.Optimum improved = RdpConversion.optimise(a -> a * mu * mu / 2, 1 + 1e-9, 1e9, delta, RdpConversion::improved);
        // (The improved conversion can dip below 0, which still certifies (0, δ).)
        assertTrue(eps <= Math.max(0, improved.epsilon()) * (1 + 1e-9) + 1e-12, eps + " > " + improved.epsilon());
    }

    @Test
    void refusesMeaninglessArguments() {
        assertThrows(IllegalArgumentException.class, () -> new GaussianPrivacyCurve(0));
        assertThrows(IllegalArgumentException.class, () -> new GaussianPrivacyCurve(Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new GaussianPrivacyCurve(Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new GaussianPrivacyCurve(1).epsilon(0));
        assertThrows(IllegalArgumentException.class, () -> new GaussianPrivacyCurve(1).epsilon(1));
        assertThrows(IllegalArgumentException.class, () -> new GaussianPrivacyCurve(1).delta(-1));
        assertThrows(IllegalArgumentException.class, () -> GaussianPrivacyCurve.ofComposition(0, 1));
        assertThrows(IllegalArgumentException.class, () -> GaussianPrivacyCurve.ofComposition(3, 0));
    }
}
