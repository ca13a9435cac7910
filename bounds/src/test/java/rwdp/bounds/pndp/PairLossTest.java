package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The affine loss and the means it gives through F𝟙 = 0, checked on matrices built with that property by hand (not by
 * the accountant): the mean of a + b·F_uv over v ≠ u is a − b·F_uu/(n − 1), over all ordered pairs a − b·tr F/(n(n − 1)).
 */
class PairLossTest {

    /** Returns a random symmetric n×n matrix whose rows sum to 0: B − row means − column means + grand mean. */
    private static double[][] rowsSumToZero(int n, long seed) {
        Random r = new Random(seed);
        double[][] b = new double[n][n];
        for (int u = 0; u < n; u++) {
            for (int v = 0; v <= u; v++) {
                b[u][v] = r.nextGaussian();
                b[v][u] = b[u][v];
            }
        }
        double[] m = new double[n];
        double all = 0;
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                m[u] += b[u][v] / n;
            }
            all += m[u] / n;
        }
        double[][] f = new double[n][n];
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                f[u][v] = b[u][v] - m[u] - m[v] + all;
            }
        }
        return f;
    }

    @Test
    void theMeansFollowFromTheDiagonalAndTheTrace() {
        for (long seed = 1; seed <= 5; seed++) {
            int n = 7 + (int) seed;
            double[][] f = rowsSumToZero(n, seed);
            PairLoss loss = new PairLoss(0.3 * seed, 1.7 / seed);
            double total = 0;
            double trace = 0;
            for (int u = 0; u < n; u++) {
                double row = 0;
                for (int v = 0; v < n; v++) {
                    if (v != u) {
                        row += 0.3 * seed + 1.7 / seed * f[u][v];
                    }
                }
                assertEquals(row / (n - 1), loss.offset() - loss.perDiagonal(n) * f[u][u], 1e-12, "row " + u);
                total += row;
                trace += f[u][u];
            }
            assertEquals(total / ((double) n * (n - 1)), loss.pairMean(trace, n), 1e-12, "seed " + seed);
            assertEquals(0.3 * seed + 1.7 / seed * f[0][1], loss.at(f[0][1]), 0.0);
        }
    }
}
