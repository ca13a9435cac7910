package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

/** Holm and Bonferroni against their definitions (Holm 1979, §2). */
class MultiplicityTest {

    @Test
    void holmStepsDownAndStops() {
        // alpha = 0.05, m = 4: thresholds 0.0125, 0.01667, 0.025, 0.05 on the sorted p-values.
        double[] p = {0.04, 0.001, 0.03, 0.012};
        assertArrayEquals(new boolean[] {false, true, false, true}, Multiplicity.holmRejects(p, 0.05));
        // 0.03 > 0.05/2 stops the procedure although 0.04 < 0.05.
        assertArrayEquals(new boolean[] {true, false, false}, Multiplicity.holmRejects(new double[] {0.01, 0.03, 0.04}, 0.05));
    }

    @Test
    void bonferroniLevel() {
        assertEquals(0.999, Multiplicity.bonferroniLevel(0.95, 50), 1e-15);
        assertThrows(IllegalArgumentException.class, () -> Multiplicity.bonferroniLevel(1.0, 3));
        assertThrows(IllegalArgumentException.class, () -> Multiplicity.bonferroniLevel(0.9, 0));
    }

    /** Holm rejects everything Bonferroni rejects (it is uniformly more powerful). */
    @Property
    void holmContainsBonferroni(@ForAll @Size(min = 1, max = 30) double[] raw,
                                @ForAll @IntRange(min = 1, max = 200) int alphaPermille) {
        double alpha = alphaPermille / 1000.0;
        double[] p = new double[raw.length];
        for (int i = 0; i < p.length; i++) {
            p[i] = Math.abs(raw[i]) % 1.0;
            if (Double.isNaN(p[i])) {
                p[i] = 0.5;
            }
        }
        boolean[] holm = Multiplicity.holmRejects(p, alpha);
        for (int i = 0; i < p.length; i++) {
            if (p[i] <= alpha / p.length) {
                assertEquals(true, holm[i], "Bonferroni rejects " + i + " but Holm does not");
            }
        }
    }

    /** Under the global null (uniform p-values), Holm's family-wise error is at most alpha. */
    @Property(tries = 20)
    void holmControlsFamilyWiseError(@ForAll @IntRange(min = 2, max = 40) int m, @ForAll long seed) {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
        int families = 4000;
        int anyRejected = 0;
        for (int f = 0; f < families; f++) {
            double[] p = new double[m];
            for (int i = 0; i < m; i++) {
                p[i] = rng.nextDouble();
            }
            for (boolean b : Multiplicity.holmRejects(p, 0.05)) {
                if (b) {
                    anyRejected++;
                    break;
                }
            }
        }
        // 4000 families at FWER <= 0.05: mean <= 200, sd <= 13.8; 6 sd above is 283.
        org.junit.jupiter.api.Assertions.assertTrue(anyRejected <= 283, "family-wise rejections " + anyRejected + " of " + families);
    }
}
