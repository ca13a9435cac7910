package rwdp.quantize;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class StochasticQuantizerProperties {

    private static double[] vector(int d, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] w = new double[d];
        for (int k = 0; k < d; k++) {
            w[k] = r.nextGaussian() * Math.exp(2 * r.nextGaussian());
        }
        return w;
    }

    /**
     * Exact enumeration of the 2^d outcomes of Q(w) (each coordinate independently at its lower or
     * upper level) gives E[Q(w)] and E||Q(w) − w||²: the quantiser must be unbiased and its
     * closed-form variance must equal the enumerated one.
     */
    @Property(tries = 200)
    void enumerationConfirmsUnbiasednessAndVariance(@ForAll @IntRange(min = 1, max = 8) int d,
                                                    @ForAll @IntRange(min = 2, max = 12) int bits,
                                                    @ForAll @DoubleRange(min = 1, max = 5) double stretch,
                                                    @ForAll long seed) {
        double[] w = vector(d, seed);
        StochasticQuantizer q = new StochasticQuantizer(bits, stretch / StochasticQuantizer.maxLevel(bits));
        double norm = Math.sqrt(java.util.Arrays.stream(w).map(x -> x * x).sum());
        double[] lo = new double[d];
        double[] hi = new double[d];
        double[] phi = new double[d];
        for (int k = 0; k < d; k++) {
            double r = Math.abs(w[k]) / (q.step() * norm);
            double l = Math.floor(r);
            phi[k] = r - l;
            lo[k] = Math.signum(w[k]) * q.step() * l * norm;
            hi[k] = Math.signum(w[k]) * q.step() * (l + 1) * norm;
        }
        double[] mean = new double[d];
        double var = 0;
        for (int mask = 0; mask < (1 << d); mask++) {
            double p = 1;
            double sq = 0;
            for (int k = 0; k < d; k++) {
                boolean up = ((mask >> k) & 1) == 1;
                p *= up ? phi[k] : 1 - phi[k];
                double v = up ? hi[k] : lo[k];
                sq += (v - w[k]) * (v - w[k]);
            }
            for (int k = 0; k < d; k++) {
                mean[k] += p * ((((mask >> k) & 1) == 1) ? hi[k] : lo[k]);
            }
            var += p * sq;
        }
        for (int k = 0; k < d; k++) {
            assertEquals(w[k], mean[k], 1e-9 * norm);
        }
        assertEquals(var, q.exactVariance(w), 1e-9 * (var + 1e-300) + 1e-12 * norm * norm);
        assertTrue(q.exactVariance(w) <= norm * norm * d * q.step() * q.step() / 4 * (1 + 1e-12));
    }

    @Property(tries = 200)
    void outputsLieOnTheTwoNeighbouringLevels(@ForAll @IntRange(min = 1, max = 50) int d,
                                              @ForAll @IntRange(min = 2, max = 32) int bits, @ForAll long seed) {
        double[] w = vector(d, seed);
        StochasticQuantizer q = StochasticQuantizer.finest(bits);
        double[] out = new double[d];
        double norm = q.quantize(w, out, new SplittableRandom(seed));
        for (int k = 0; k < d; k++) {
            double level = Math.abs(out[k]) / (q.step() * norm);
            double r = Math.abs(w[k]) / (q.step() * norm);
            assertTrue(Math.abs(level - Math.rint(level)) < 1e-6, "level must be an integer, got " + level);
            assertTrue(Math.rint(level) <= StochasticQuantizer.maxLevel(bits), "level above 2^(b-1)-1");
            assertTrue(Math.rint(level) == Math.floor(r) || Math.rint(level) == Math.floor(r) + 1 || Math.abs(level - r) < 1e-6);
            assertTrue(out[k] == 0 || Math.signum(out[k]) == Math.signum(w[k]));
        }
    }

    @Test
    void zeroAndOneHotAreExactAndTheStepMustCoverTheUnitInterval() {
        StochasticQuantizer q = StochasticQuantizer.finest(4);
        double[] out = new double[3];
        assertEquals(0, q.quantize(new double[3], out, new SplittableRandom(1)));
        assertArrayEquals(new double[3], out);
        // |w_0|/||w|| = 1 = 7 s: the top level, drawn with probability 1.
        q.quantize(new double[] {-2.5, 0, 0}, out, new SplittableRandom(1));
        assertArrayEquals(new double[] {-2.5, 0, 0}, out, 1e-12);
        assertEquals(64 + 4 * 3, q.messageBits(3));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> new StochasticQuantizer(4, 0.1));
        assertTrue(e.getMessage().contains("s*(2^(b-1)-1) >= 1"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> StochasticQuantizer.finest(1));
    }
}
