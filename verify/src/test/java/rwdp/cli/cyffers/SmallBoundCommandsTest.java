package rwdp.cli.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import rwdp.bounds.pndp.PndpParams;
import rwdp.check.InvalidArgumentException;
import rwdp.cli.CliTest;

/**
 * {@code bound pndp-ring}, {@code pndp-star} and {@code rdp-to-dp} against independent
 * computations: the series α/σ² Σ_{t≤T} (W^t)_uv/t by dense matrix-vector products on the lazy
 * ring and the doubly stochastic star, and the two RDP conversions from their printed formulas.
 */
class SmallBoundCommandsTest {

    /** Returns Σ_{t≤T} (W^t)_{uv}/t by T dense products (0-based u, v). */
    static double series(double[][] w, int u, int v, long steps) {
        int n = w.length;
        double[] row = new double[n];
        row[u] = 1;
        double sum = 0;
        for (long t = 1; t <= steps; t++) {
            double[] next = new double[n];
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    next[j] += row[i] * w[i][j];
                }
            }
            row = next;
            sum += row[v] / t;
        }
        return sum;
    }

    /** The lazy ring: self-loop κ, each neighbour (1 − κ)/2. */
    static double[][] lazyRing(int n, double kappa) {
        double[][] w = new double[n][n];
        for (int i = 0; i < n; i++) {
            w[i][i] += kappa;
            w[i][(i + 1) % n] += (1 - kappa) / 2;
            w[i][(i + n - 1) % n] += (1 - kappa) / 2;
        }
        return w;
    }

    /** The doubly stochastic star, centre 0: centre self-loop κ, centre-leaf (1 − κ)/(n − 1), the rest a leaf's self-loop. */
    static double[][] star(int n, double kappa) {
        double[][] w = new double[n][n];
        double c = (1 - kappa) / (n - 1);
        w[0][0] = kappa;
        for (int i = 1; i < n; i++) {
            w[0][i] = c;
            w[i][0] = c;
            w[i][i] = 1 - c;
        }
        return w;
    }

    /**
     * The general ring formula computed here: α/σ² times the series on the lazy ring, with the
     * k = 0 eigenvalue's harmonic sum H_T/n written as ln T/n (0-based u, v). The other
     * eigenvalues' tails are below |λ|^T, negligible at the T used.
     */
    static double ringGeneral(int n, double kappa, int u, int v, long steps, double alpha, double sigma) {
        double harmonic = 0;
        for (long t = 1; t <= steps; t++) {
            harmonic += 1.0 / t;
        }
        return alpha / (sigma * sigma) * (series(lazyRing(n, kappa), u, v, steps) + (Math.log(steps) - harmonic) / n);
    }

    @Test
    void ringGeneralIsTheSeriesWithLnTForTheHarmonicSum() throws Exception {
        JsonNode j = CliTest.json("bound", "pndp-ring", "--n", "7", "--u", "2", "--v", "5", "--alpha", "2", "--sigma", "3",
                "--T", "3000", "--kappa", "0.4");
        assertEquals(ringGeneral(7, 0.4, 1, 4, 3000, 2, 3), j.get("general").asDouble(), 1e-10);
        assertEquals(0.4, j.get("kappa").asDouble());
        assertEquals(1.0 / 3, j.get("as_printed_kappa").asDouble());
    }

    @Test
    void ringCorrectedIsTheGeneralFormulaAtEqualProbabilities() throws Exception {
        // Theorem 5 with a = (u − v) mod n is the κ = 1/3 formula; the printed index (u + v − 2) mod n
        // names another pair unless u and v sit symmetrically about node 1.
        JsonNode j = CliTest.json("bound", "pndp-ring", "--n", "9", "--u", "3", "--v", "7", "--alpha", "4", "--sigma", "5",
                "--T", "2000");
        double general = ringGeneral(9, 1.0 / 3, 2, 6, 2000, 4, 5);
        assertEquals(general, j.get("general").asDouble(), 1e-10);
        assertEquals(general, j.get("corrected").asDouble(), 1e-9);
        assertTrue(Math.abs(j.get("as_printed").asDouble() - general) > 1e-6, "the printed index is another pair here");
    }

    @Test
    void starGeneralIsTheExactSeriesOnTheDoublyStochasticStar() throws Exception {
        int n = 6;
        double kappa = 0.25;
        for (int[] uv : new int[][] {{1, 2}, {2, 1}, {2, 3}, {4, 6}}) {
            JsonNode j = CliTest.json("bound", "pndp-star", "--n", "6", "--u", String.valueOf(uv[0]), "--v", String.valueOf(uv[1]),
                    "--alpha", "3", "--sigma", "2", "--kappa", "0.25", "--T", "500");
            double expected = 3 / 4.0 * series(star(n, kappa), uv[0] - 1, uv[1] - 1, 500);
            assertEquals(expected, j.get("general").asDouble(), 1e-11 * Math.max(1, expected), uv[0] + "->" + uv[1]);
            assertEquals(500, j.get("T").asLong());
        }
    }

    @Test
    void rdpToDpApplyBothPrintedConversions() throws Exception {
        double eps = 0.8;
        double alpha = 8;
        double delta = 1e-5;
        JsonNode j = CliTest.json("bound", "rdp-to-dp", "--epsilon-rdp", "0.8", "--alpha", "8", "--delta", "1e-5");
        assertEquals(eps + Math.log(1 / delta) / (alpha - 1), j.get("mironov").asDouble(), 1e-12);
        assertEquals(eps + Math.log((alpha - 1) / alpha) - (Math.log(delta) + Math.log(alpha)) / (alpha - 1),
                j.get("improved").asDouble(), 1e-12);
        assertFalse(j.has("improved_unclamped"));
        assertTrue(j.get("improved").asDouble() < j.get("mironov").asDouble(), "the improved conversion is never worse");
    }

    @Test
    void rdpToDpClampsANegativeEpsilonAtZero() throws Exception {
        // ε_α = 0.01 at α = 50 and δ = 0.5: the improved formula goes below 0, which is no guarantee; 0 is the floor.
        JsonNode j = CliTest.json("bound", "rdp-to-dp", "--epsilon-rdp", "0.01", "--alpha", "50", "--delta", "0.5");
        double improved = 0.01 + Math.log(49 / 50.0) - (Math.log(0.5) + Math.log(50)) / 49;
        double mironov = 0.01 + Math.log(2) / 49;
        assertEquals(Math.max(0, mironov), j.get("mironov").asDouble(), 1e-12);
        assertEquals(0, j.get("improved").asDouble());
        if (improved < 0) {
            assertEquals(improved, j.get("improved_unclamped").asDouble(), 1e-12);
        }
    }

    @Test
    void aLossFactorBeyondTheDoubleRangeIsRefusedWithTheSmallestSigma() {
        PndpParams p = new PndpParams(2, 1e-160, 1000);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> AccountingOptions.representable(p));
        // alpha T/sigma^2 <= 1e300 needs sigma >= sqrt(alpha T/1e300) = sqrt(2e-297).
        assertTrue(e.getMessage().contains(String.format(java.util.Locale.ROOT, "%.3g", Math.sqrt(2000 / 1e300))), e.getMessage());
        AccountingOptions.representable(new PndpParams(2, 1e-100, 1000));
        CliTest.Run r = CliTest.run("bound", "pndp-star", "--n", "5", "--u", "1", "--v", "2", "--alpha", "2", "--sigma", "1e-160",
                "--kappa", "0.5");
        assertEquals(2, r.code());
        assertTrue(r.out().isBlank());
    }
}
