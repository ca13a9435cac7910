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
}
