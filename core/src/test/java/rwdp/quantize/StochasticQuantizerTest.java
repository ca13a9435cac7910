package rwdp.quantize;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/**
 * The quantiser's draws themselves (not only its closed forms): Monte Carlo frequencies of the
 * upper level, the sample mean and the sample squared error of {@link StochasticQuantizer#quantize}
 * against the two-point rounding law computed here from |w_k|/(s||w||), each inside a 5-sigma
 * interval; the bit counts against exact integer arithmetic.
 */
class StochasticQuantizerTest {
    private static final int DRAWS = 200_000;

    /** The two-point law of one coordinate, computed here: lower level ⌊r⌋, upper ⌊r⌋ + 1 with probability r − ⌊r⌋. */
    private record Rounding(double lower, double upper, double pUp) {
        static Rounding of(double wk, double step, double norm) {
            double r = Math.abs(wk) / (step * norm);
            double l = Math.floor(r);
            double sign = wk < 0 ? -1 : 1;
            return new Rounding(sign * step * l * norm, sign * step * (l + 1) * norm, r - l);
        }
    }

    private static double norm(double[] w) {
        double s = 0;
        for (double x : w) {
            s += x * x;
        }
        return Math.sqrt(s);
    }

    @Test
    void upperLevelFrequenciesMatchTheRoundingProbabilities() {
        double[] w = {0.3, -1.2, 0.05, 2.0, -0.7};
        StochasticQuantizer q = StochasticQuantizer.finest(3);
        double norm = norm(w);
        long[] up = new long[w.length];
        double[] out = new double[w.length];
        SplittableRandom rng = new SplittableRandom(11);
        for (int n = 0; n < DRAWS; n++) {
            q.quantize(w, out, rng);
            for (int k = 0; k < w.length; k++) {
                Rounding r = Rounding.of(w[k], q.step(), norm);
                boolean isUp = Math.abs(out[k] - r.upper()) < 1e-12 * norm;
                boolean isLow = Math.abs(out[k] - r.lower()) < 1e-12 * norm;
                assertTrue(isUp || isLow, "coordinate " + k + " drew " + out[k] + ", neither " + r.lower() + " nor " + r.upper());
                up[k] += isUp && !isLow ? 1 : 0;
            }
        }
        for (int k = 0; k < w.length; k++) {
            double p = Rounding.of(w[k], q.step(), norm).pUp();
            double freq = up[k] / (double) DRAWS;
            // Five binomial standard deviations: a false alarm has probability below 1e-6 per coordinate.
            double half = 5 * Math.sqrt(p * (1 - p) / DRAWS) + 1.0 / DRAWS;
            assertEquals(p, freq, half, "coordinate " + k);
        }
    }

    @Test
    void sampleMeanAndSquaredErrorMatchTheTwoPointLaw() {
        SplittableRandom gen = new SplittableRandom(5);
        double[] w = new double[6];
        for (int k = 0; k < w.length; k++) {
            w[k] = gen.nextGaussian() * 3;
        }
        StochasticQuantizer q = new StochasticQuantizer(4, 0.2);
        double norm = norm(w);
        // Exact moments over the two rounding outcomes of each coordinate (independent across coordinates).
        double expectedSq = 0;
        double expectedSq2 = 0;
        double[] var = new double[w.length];
        for (int k = 0; k < w.length; k++) {
            Rounding r = Rounding.of(w[k], q.step(), norm);
            double eLow = r.lower() - w[k];
            double eUp = r.upper() - w[k];
            double m1 = (1 - r.pUp()) * eLow * eLow + r.pUp() * eUp * eUp;
            double m2 = (1 - r.pUp()) * Math.pow(eLow, 4) + r.pUp() * Math.pow(eUp, 4);
            var[k] = m1;
            expectedSq2 += m2 - m1 * m1;
            expectedSq += m1;
        }
        double[] sum = new double[w.length];
        double sumSq = 0;
        double[] out = new double[w.length];
        SplittableRandom rng = new SplittableRandom(23);
        for (int n = 0; n < DRAWS; n++) {
            q.quantize(w, out, rng);
            double sq = 0;
            for (int k = 0; k < w.length; k++) {
                sum[k] += out[k];
                sq += (out[k] - w[k]) * (out[k] - w[k]);
            }
            sumSq += sq;
        }
        for (int k = 0; k < w.length; k++) {
            assertEquals(w[k], sum[k] / DRAWS, 5 * Math.sqrt(var[k] / DRAWS) + 1e-12, "E[Q(w)_" + k + "] must be w_" + k);
        }
        assertEquals(expectedSq, sumSq / DRAWS, 5 * Math.sqrt(expectedSq2 / DRAWS) + 1e-12);
        assertEquals(expectedSq, q.exactVariance(w), 1e-12 * expectedSq + 1e-15);
    }

    /** The closed form E||Q(w) − w||² against the two-point sum over coordinates, and the bound ||w||² d s²/4 of Lemma 3. */
    @Property(tries = 300)
    void exactVarianceIsTheTwoPointSumAndBelowLemma3(@ForAll @IntRange(min = 1, max = 200) int d,
                                                      @ForAll @IntRange(min = 2, max = 32) int bits,
                                                      @ForAll @DoubleRange(min = 1, max = 50) double stretch,
                                                      @ForAll @DoubleRange(min = -8, max = 8) double logScale,
                                                      @ForAll long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] w = new double[d];
        for (int k = 0; k < d; k++) {
            w[k] = Math.exp(logScale) * r.nextGaussian() * Math.exp(r.nextGaussian());
        }
        StochasticQuantizer q = new StochasticQuantizer(bits, stretch / StochasticQuantizer.maxLevel(bits));
        double norm = norm(w);
        double twoPoint = 0;
        for (double wk : w) {
            Rounding ro = Rounding.of(wk, q.step(), norm);
            twoPoint += (1 - ro.pUp()) * Math.pow(ro.lower() - wk, 2) + ro.pUp() * Math.pow(ro.upper() - wk, 2);
        }
        double exact = q.exactVariance(w);
        // Each level − w_k is off by a few ulp(||w||) and is at most s||w||, so its square by 2 s||w|| times that.
        assertEquals(twoPoint, exact, 1e-9 * twoPoint + 8.0 * d * Math.ulp(norm) * q.step() * norm);
        assertTrue(exact <= norm * norm * d * q.step() * q.step() / 4 * (1 + 1e-12));
    }

    /** Bit counts and the level range against exact integer arithmetic over every admissible b. */
    @Property(tries = 200)
    void bitCountsAndLevelsAreExact(@ForAll @IntRange(min = 2, max = 32) int bits,
                                    @ForAll @IntRange(min = 1, max = 10_000_000) int d) {
        long top = BigInteger.TWO.pow(bits - 1).subtract(BigInteger.ONE).longValueExact();
        assertEquals(top, StochasticQuantizer.maxLevel(bits));
        StochasticQuantizer q = StochasticQuantizer.finest(bits);
        assertEquals(1.0, q.step() * top, 1e-15);
        assertEquals(BigInteger.valueOf(64).add(BigInteger.valueOf(bits).multiply(BigInteger.valueOf(d))).longValueExact(),
                q.messageBits(d));
        assertEquals(32L * d, StochasticQuantizer.fullPrecisionBits(d));
    }

    @Test
    void quantizingInPlaceDrawsWhatAFreshOutputDraws() {
        double[] w = {1.5, -0.25, 0.75, 0, -3};
        StochasticQuantizer q = StochasticQuantizer.finest(5);
        double[] out = new double[w.length];
        double n1 = q.quantize(w, out, new SplittableRandom(3));
        double[] inPlace = w.clone();
        double n2 = q.quantize(inPlace, inPlace, new SplittableRandom(3));
        assertEquals(norm(w), n1, 1e-15);
        assertEquals(n1, n2);
        assertArrayEquals(out, inPlace);
    }

    @Test
    void stepsThatLeaveComponentsUncoveredOrAreNotFiniteAreRefused() {
        // b = 3: levels 0..3, so s must be at least 1/3 for |w_k|/||w|| = 1 to be representable.
        assertThrows(IllegalArgumentException.class, () -> new StochasticQuantizer(3, 1.0 / 3 * (1 - 1e-9)));
        new StochasticQuantizer(3, 1.0 / 3);
        assertThrows(IllegalArgumentException.class, () -> new StochasticQuantizer(3, Double.POSITIVE_INFINITY));
        assertThrows(IllegalArgumentException.class, () -> new StochasticQuantizer(3, Double.NaN));
        assertThrows(IllegalArgumentException.class, () -> new StochasticQuantizer(33, 1));
        assertThrows(IllegalArgumentException.class, () -> StochasticQuantizer.finest(33));
    }
}
