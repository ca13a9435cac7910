package rwdp.claims.cyffers;

import java.util.List;
import rwdp.graph.GraphSpec;

/** What the checks of the PNDP accountant share: graph families, the eigen-tail bound (Cyffers et al., Thm. 3, eq. (16)). */
final class PndpClaims {
    private PndpClaims() {}

    /** The graph families of spec claim 2 (random families are drawn at each claim's seed). */
    static List<GraphSpec> families(boolean quick) {
        return quick
                ? List.of(GraphSpec.er(40, 0.2, 0), GraphSpec.grid(5, 6), GraphSpec.hypercube(4), GraphSpec.geometric(40, 0.35, 0),
                        GraphSpec.sbm(List.of(15, 15), 0.5, 0.1, 0), GraphSpec.star(12))
                : List.of(GraphSpec.er(120, 0.08, 0), GraphSpec.grid(9, 11), GraphSpec.hypercube(7), GraphSpec.geometric(120, 0.2, 0),
                        GraphSpec.sbm(List.of(40, 40, 40), 0.3, 0.02, 0), GraphSpec.star(64));
    }

    /** Σ_{t>T} s^t/t ≤ s^{T+1}/((T+1)(1 − s)): the O(λ^T) tail of eq. (16), with s the SLEM. */
    static double tailBound(double slem, long T) {
        return slem >= 1 ? Double.POSITIVE_INFINITY : Math.pow(slem, T + 1) / ((T + 1) * (1 - slem));
    }

    /** Returns max |m_ij|. */
    static double maxAbs(double[][] m) {
        double x = 0;
        for (double[] r : m) {
            for (double y : r) {
                x = Math.max(x, Math.abs(y));
            }
        }
        return x;
    }
}
