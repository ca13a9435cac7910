package rwdp.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.commons.math3.special.Gamma;
import org.junit.jupiter.api.Test;

/**
 * E[T; T ≤ t] of a quadrature-backed latency against closed forms, including Weibull shapes
 * below 1 whose survival function has an infinite slope at 0 (a single quadrature rule over
 * [0, t] spent minutes there).
 */
class DistributionLatencyTest {
    /** Returns E[T; T ≤ t] of Weibull(shape k, scale λ): λ Γ(1 + 1/k) P(1 + 1/k, (t/λ)^k). */
    static double weibullPartialMean(double k, double lambda, double t) {
        double a = 1 + 1 / k;
        return lambda * Math.exp(Gamma.logGamma(a)) * Gamma.regularizedGammaP(a, Math.pow(t / lambda, k));
    }

    @Test
    void weibullPartialMeansMatchTheIncompleteGammaForm() {
        for (double k : new double[] {0.3, 0.5, 0.7, 1, 1.5, 3}) {
            LatencyModel m = LatencyModels.parse("weibull:" + k + ",2");
            for (double t : new double[] {1e-6, 0.01, 0.5, 2, 10, 200}) {
                double exact = weibullPartialMean(k, 2, t);
                assertEquals(exact, m.partialMean(t), 1e-10 * Math.max(exact, 1e-300) + 1e-15, "weibull:" + k + ",2 at t = " + t);
            }
        }
    }

    @Test
    void uniformPartialMeanIsExactBelowAndInsideItsSupport() {
        LatencyModel m = LatencyModels.parse("uniform:1,3");
        assertEquals(0, m.partialMean(0.5), 1e-12);
        // E[T; T <= t] = (t^2 - 1) / 4 on [1, 3].
        assertEquals((2.5 * 2.5 - 1) / 4, m.partialMean(2.5), 1e-12);
        assertEquals(2, m.partialMean(5), 1e-12);
    }
}
