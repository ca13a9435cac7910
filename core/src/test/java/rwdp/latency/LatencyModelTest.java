package rwdp.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;

class LatencyModelTest {
    static final List<LatencyModel> MODELS = List.of(LatencyModels.paperExponential(), LatencyModels.paperGamma(),
            LatencyModels.paperLomax(), LatencyModels.parse("gamma:3,0.5"), LatencyModels.parse("weibull:1.5,1"));

    @Test
    void quantileInvertsTheCdf() {
        for (LatencyModel m : MODELS) {
            for (double u : new double[] {1e-6, 0.01, 0.3, 0.5, 0.7, 0.99, 1 - 1e-6}) {
                assertEquals(u, m.cdf(m.quantile(u)), 1e-9, m.spec() + " at u=" + u);
            }
        }
    }

    @Test
    void drawsFollowTheCdf() {
        KolmogorovSmirnovTest ks = new KolmogorovSmirnovTest();
        for (LatencyModel m : MODELS) {
            SplittableRandom rng = new SplittableRandom(7);
            double[] xs = new double[20_000];
            for (int i = 0; i < xs.length; i++) {
                xs[i] = m.sample(rng);
            }
            java.util.Arrays.sort(xs);
            double dmax = 0;
            for (int i = 0; i < xs.length; i++) {
                double f = m.cdf(xs[i]);
                dmax = Math.max(dmax, Math.max(Math.abs(f - (double) i / xs.length), Math.abs(f - (i + 1.0) / xs.length)));
            }
            double p = 1 - ks.cdf(dmax, xs.length);
            assertTrue(p > 1e-4, m.spec() + " KS p-value " + p);
        }
    }

    @Test
    void truncatedMeanTendsToTheMeanAndGammaMatchesCommons() {
        for (LatencyModel m : MODELS) {
            assertEquals(m.mean(), m.expectedTruncated(Double.POSITIVE_INFINITY), 0);
            assertEquals(m.mean(), m.partialMean(m.quantile(1 - 1e-12)), 1e-6 * m.mean(), m.spec());
        }
        GammaDistribution g = new GammaDistribution(0.25, 1);
        for (double t : new double[] {0.01, 0.5, 3}) {
            assertEquals(g.density(t), LatencyModels.paperGamma().density(t), 1e-10 * g.density(t));
        }
        // Lomax(3, 2): E[T] = 1 (Yakimenka et al., §VI-B).
        assertEquals(1.0, LatencyModels.paperLomax().mean(), 1e-15);
    }

    @Test
    void badSpecsAreRejected() {
        for (String s : new String[] {"foo:1", "exp", "gamma:1", "lomax:1,2", "exp:-1", "gamma:a,b", "uniform:2,1"}) {
            assertThrows(IllegalArgumentException.class, () -> LatencyModels.parse(s), s);
        }
    }

    @Test
    void extremeParametersGiveTheLawsLimitsOrAreRefusedByName() {
        // gamma:1,θ is the exponential law of mean θ: its median is θ ln 2 at any scale (commons' solver, absolute to
        // 1e-14, could not bracket it at θ = 1e-300).
        LatencyModel tiny = LatencyModels.parse("gamma:1,1e-300");
        assertEquals(1e-300 * Math.log(2), tiny.quantile(0.5), 1e-12 * 1e-300 * Math.log(2));
        assertEquals(-1e-300 * Math.log1p(-0.99), tiny.quantile(0.99), 1e-12 * -1e-300 * Math.log1p(-0.99));
        // lognormal:MU,SIGMA has the closed quantile e^{MU + SIGMA z_u}: z_0.3 = -0.5244005127080409 (to 16 digits).
        LatencyModel ln = LatencyModels.parse("lognormal:0.5,2");
        assertEquals(Math.exp(0.5 + 2 * -0.5244005127080409), ln.quantile(0.3), 1e-12);
        // lognormal:-1e3,1: every quantile is e^{-1000 + z}, below the smallest double, so 0, and so is every draw.
        LatencyModel under = LatencyModels.parse("lognormal:-1e3,1");
        assertEquals(0, under.quantile(0.999999), 0);
        assertEquals(0, under.sample(new SplittableRandom(1)), 0);
        // Refused in one message naming the parameter: subnormal values and shapes beyond the incomplete gamma's accuracy.
        String sub = assertThrows(rwdp.check.InvalidArgumentException.class, () -> LatencyModels.parse("uniform:0,1e-320")).getMessage();
        assertTrue(sub.contains("1e-320") && sub.contains("subnormal"), sub);
        String shape = assertThrows(rwdp.check.InvalidArgumentException.class, () -> LatencyModels.parse("gamma:1e300,1")).getMessage();
        assertTrue(shape.contains("shape"), shape);
        assertThrows(rwdp.check.InvalidArgumentException.class, () -> LatencyModels.parse("gamma:1e6,1e303"));
    }
}
