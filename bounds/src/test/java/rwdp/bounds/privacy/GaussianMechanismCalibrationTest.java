package rwdp.bounds.privacy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;

class GaussianMechanismCalibrationTest {

    /** δ(ε) = ∫ max(0, p(x) − e^ε q(x)) dx over the output x, p = N(0, σ²), q = N(Δ, σ²) (composite Simpson). */
    static double deltaByOutputIntegral(double sens, double sigma, double eps) {
        // The integrand is positive only for x below the crossing x* = Δ/2 − εσ²/Δ.
        double xStar = sens / 2 - eps * sigma * sigma / sens;
        double lo = Math.min(xStar, 0) - 40 * sigma;
        int m = 400_000;
        double h = (xStar - lo) / m;
        double sum = 0;
        for (int i = 0; i <= m; i++) {
            double x = lo + i * h;
            double p = Math.exp(-x * x / (2 * sigma * sigma));
            double q = Math.exp(eps - (x - sens) * (x - sens) / (2 * sigma * sigma));
            double f = Math.max(0, p - q) / (sigma * Math.sqrt(2 * Math.PI));
            sum += f * (i == 0 || i == m ? 1 : i % 2 == 1 ? 4 : 2);
        }
        return sum * h / 3;
    }

    @Test
    void exactDeltaMatchesTheOutputSpaceIntegral() {
        for (double sigma : new double[] {0.5, 1, 3, 10.5976}) {
            for (double eps : new double[] {0, 0.1, 1, 3}) {
                double closed = GaussianMechanismCalibration.exactDelta(2, sigma, eps);
                double integral = deltaByOutputIntegral(2, sigma, eps);
                if (integral > 1e-12) {
                    assertEquals(integral, closed, 1e-7 * integral, "sigma=" + sigma + ", eps=" + eps);
                }
            }
        }
    }

    @Test
    void reproducesIndependentReferenceValues() {
        // Reference values from SciPy (norm.cdf and brentq), sensitivity 2: the analytic σ at ε = 1, δ = 1e-6,
        // and the ε above which the classical σ stops being (ε, 1e-6)-DP.
        assertEquals(8.449357778653644, GaussianMechanismCalibration.analyticSigma(2, 1, 1e-6), 1e-8);
        assertEquals(3.1999128191407352e-09, GaussianMechanismCalibration.exactDelta(2, 10.597605053700947, 1), 1e-15);
        double below = GaussianMechanismCalibration.exactDelta(2, GaussianMechanismCalibration.classicalSigma(2, 8.77, 1e-6), 8.77);
        double above = GaussianMechanismCalibration.exactDelta(2, GaussianMechanismCalibration.classicalSigma(2, 8.80, 1e-6), 8.80);
        assertTrue(below < 1e-6 && above > 1e-6, below + " / " + above);
    }

    @Property(tries = 200)
    void analyticSigmaIsTheSmallestThatMeetsDelta(@ForAll @DoubleRange(min = 0.01, max = 30) double eps,
                                                  @ForAll @DoubleRange(min = -12, max = -1) double log10Delta,
                                                  @ForAll @DoubleRange(min = 0.1, max = 10) double sens) {
        double delta = Math.pow(10, log10Delta);
        double s = GaussianMechanismCalibration.analyticSigma(sens, eps, delta);
        assertTrue(GaussianMechanismCalibration.exactDelta(sens, s, eps) <= delta);
        assertTrue(GaussianMechanismCalibration.exactDelta(sens, s * (1 - 1e-9), eps) > delta * (1 - 1e-6));
    }

    @Property(tries = 200)
    void classicalSigmaIsValidBelowEpsilonOne(@ForAll @DoubleRange(min = 0.001, max = 0.999) @Scale(4) double eps,
                                              @ForAll @DoubleRange(min = -12, max = -1.5) double log10Delta) {
        double delta = Math.pow(10, log10Delta);
        double s = GaussianMechanismCalibration.classicalSigma(2, eps, delta);
        assertTrue(GaussianMechanismCalibration.exactDelta(2, s, eps) <= delta);
        assertTrue(GaussianMechanismCalibration.analyticSigma(2, eps, delta) <= s);
    }

    @Test
    void refusesMeaninglessArguments() {
        assertThrows(IllegalArgumentException.class, () -> GaussianMechanismCalibration.analyticSigma(2, 0, 1e-6));
        assertThrows(IllegalArgumentException.class, () -> GaussianMechanismCalibration.analyticSigma(2, 1, 1));
        assertThrows(IllegalArgumentException.class, () -> GaussianMechanismCalibration.exactDelta(2, Double.NaN, 1));
        assertThrows(IllegalArgumentException.class, () -> GaussianMechanismCalibration.classicalSigma(-1, 1, 1e-6));
    }
}
