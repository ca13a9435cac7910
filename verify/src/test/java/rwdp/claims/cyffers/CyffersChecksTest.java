package rwdp.claims.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpClosedForms;

/** The helpers behind the Cyffers checks, against their definitions. */
class CyffersChecksTest {

    @Property(tries = 200)
    void tailBoundDominatesTheGeometricTail(@ForAll @DoubleRange(min = 0.0, max = 0.99) double s,
                                           @ForAll @LongRange(min = 1, max = 400) long T) {
        // Σ_{t>T} s^t/t summed directly until the terms vanish.
        double sum = 0;
        double p = Math.pow(s, T);
        for (long t = T + 1; t < T + 100_000; t++) {
            p *= s;
            double term = p / t;
            sum += term;
            if (term < 1e-300) {
                break;
            }
        }
        assertTrue(PndpClaims.tailBound(s, T) >= sum * (1 - 1e-12), "s=" + s + ", T=" + T);
    }

    @Property(tries = 300)
    void theorem5AsPrintedDependsOnlyOnUPlusV(@ForAll @IntRange(min = 3, max = 40) int n,
                                              @ForAll @IntRange(min = 1, max = 40) int u0,
                                              @ForAll @IntRange(min = 1, max = 40) int v0) {
        int u = 1 + (u0 - 1) % n;
        int v = 1 + (v0 - 1) % n;
        int a = Math.floorMod(u + v - 2, n);
        if (u == v || a == 0) {
            return;
        }
        PndpParams p = new PndpParams(2, 2, 1000);
        // The value of (u, v) is that of (1, 1 + a), where the printed index agrees with u − v.
        assertEquals(PndpClosedForms.ringAsPrinted(n, 1, 1 + a, p), PndpClosedForms.ringAsPrinted(n, u, v, p), 1e-12);
        assertEquals(PndpClosedForms.ringGeneral(n, 1, 1 + a, 1.0 / 3, p), PndpClosedForms.ringAsPrinted(n, 1, 1 + a, p), 1e-9);
    }

    @Property(tries = 100)
    void starFailureIsMonotoneInT(@ForAll @IntRange(min = 3, max = 64) int n, @ForAll @LongRange(min = 1, max = 5000) long T) {
        // The bisection in the thm4 check assumes that once Theorem 4 is below, it stays below.
        for (int[] uv : new int[][] {{1, 2}, {2, 3}}) {
            if (StarTheoremChecks.starFails(n, uv[0], uv[1], false, 0.01, T)) {
                assertTrue(StarTheoremChecks.starFails(n, uv[0], uv[1], false, 0.01, 2 * T), "n=" + n + ", T=" + T);
            }
        }
    }

    @Property(tries = 5)
    void fig5BlockModelHasThePrintedDensities(@ForAll long seed) {
        PndpGraphs.Case c = FigureClaims.fig5Sbm(seed);
        assertEquals(200, c.graph().n());
        assertTrue(c.graph().isConnected());
        // Block 2 (nodes 150..199) has 1225 pairs at p = 0.40: sd ≈ 17 edges; 6 sd either side.
        int inside = 0;
        for (int u = 150; u < 200; u++) {
            for (int k = 0; k < c.graph().degree(u); k++) {
                int w = c.graph().neighbor(u, k);
                if (w >= 150 && w > u) {
                    inside++;
                }
            }
        }
        assertTrue(Math.abs(inside - 490) < 6 * 17.2, "edges inside block 2: " + inside);
    }
}
