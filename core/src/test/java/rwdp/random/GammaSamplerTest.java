package rwdp.random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.apache.commons.math3.distribution.GammaDistribution;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

/** The Gamma sampler against commons-math3's {@link GammaDistribution}: KS at fixed seeds, mean and variance. */
class GammaSamplerTest {

    private static final double[] SHAPES = {0.05, 0.3, 0.9, 1, 2.5, 40};

    /** A KS p-value this small at a fixed seed means the draws do not follow the law. */
    private static final double LEVEL = 1e-3;

    private static double[] draws(double shape, GammaSampler.Uniforms u, long seed, int n) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = GammaSampler.standard(shape, rng, u);
        }
        return x;
    }

    private static double ksPValue(double shape, double scale, double[] x) {
        return new KolmogorovSmirnovTest().kolmogorovSmirnovTest(new GammaDistribution(null, shape, scale), x);
    }

    @Test
    void bothStreamsFollowTheCommonsMathCdf() {
        for (GammaSampler.Uniforms u : GammaSampler.Uniforms.values()) {
            for (double shape : SHAPES) {
                double p = ksPValue(shape, 1, draws(shape, u, 11, 20_000));
                assertTrue(p > LEVEL, u + ", shape " + shape + ": KS p-value " + p);
            }
        }
    }

    @Test
    void theKsCheckRejectsAShapeTenPercentOff() {
        // The check above can fail: the same draws against Gamma(1.1·shape) are rejected.
        for (double shape : SHAPES) {
            double p = ksPValue(1.1 * shape, 1, draws(shape, GammaSampler.Uniforms.BOOST_LAST, 11, 20_000));
            assertTrue(p < LEVEL, "shape " + shape + ": KS p-value " + p + " against the wrong shape");
        }
    }

    @Test
    void scaledAndLogDrawsFollowTheCommonsMathCdf() {
        SplittableRandom rng = new SplittableRandom(7);
        for (double shape : SHAPES) {
            double[] x = new double[20_000];
            double[] y = new double[x.length];
            for (int i = 0; i < x.length; i++) {
                x[i] = GammaSampler.sample(shape, 2.0, rng);
                y[i] = Math.exp(GammaSampler.sampleLog(shape, rng));
            }
            assertTrue(ksPValue(shape, 2, x) > LEVEL, "sample, shape " + shape);
            assertTrue(ksPValue(shape, 1, y) > LEVEL, "sampleLog, shape " + shape);
        }
    }

    @Test
    void meanAndVarianceAreTheShape() {
        for (GammaSampler.Uniforms u : GammaSampler.Uniforms.values()) {
            for (double a : new double[] {0.1, 0.5, 1, 3.5}) {
                int n = 200_000;
                double[] x = draws(a, u, 5, n);
                double s = 0;
                double s2 = 0;
                for (double g : x) {
                    s += g;
                    s2 += g * g;
                }
                double mean = s / n;
                double var = s2 / n - mean * mean;
                GammaDistribution ref = new GammaDistribution(null, a, 1);
                // 5 standard errors: sd of the mean √(a/n); of the variance √((μ4 − σ⁴)/n), μ4 = 3a² + 6a.
                assertEquals(ref.getNumericalMean(), mean, 5 * Math.sqrt(a / n), u + ": mean of Gamma(" + a + ")");
                assertEquals(ref.getNumericalVariance(), var, 5 * Math.sqrt((2 * a * a + 6 * a) / n), u + ": variance of Gamma(" + a + ")");
            }
        }
    }

    @Test
    void tinyShapeLogDrawsTendToMinusExponential() {
        // For s → 0, s·ln X with X ~ Gamma(s, 1) tends to −Exp(1): mean −1, variance 1.
        SplittableRandom rng = new SplittableRandom(3);
        int n = 100000;
        double s = 1e-6;
        double sum = 0;
        for (int i = 0; i < n; i++) {
            double v = s * GammaSampler.sampleLog(s, rng);
            assertTrue(Double.isFinite(v));
            sum += v;
        }
        assertEquals(-1, sum / n, 5 * 1 / Math.sqrt(n));
    }

    @Test
    void refusesShapesThatAreNotPositiveAndFinite() {
        SplittableRandom rng = new SplittableRandom(1);
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThrows(InvalidArgumentException.class, () -> GammaSampler.standard(bad, rng));
            assertThrows(InvalidArgumentException.class, () -> GammaSampler.standard(bad, rng, GammaSampler.Uniforms.BOOST_FIRST));
            assertThrows(InvalidArgumentException.class, () -> GammaSampler.sampleLog(bad, rng));
        }
    }
}
