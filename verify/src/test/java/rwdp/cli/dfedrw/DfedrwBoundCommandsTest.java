package rwdp.cli.dfedrw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.cli.CliTest;
import rwdp.quantize.StochasticQuantizer;

/**
 * {@code bound quantizer-variance} and {@code bound dfedrw} against independent computations:
 * Lemma 3's σ²ds²/4 and the quantiser's exact variance below it; Theorem 1's infinite sums in
 * closed form through ζ(s) = Σ k^−s and −ζ'(s) = Σ ln k·k^−s, evaluated here by Euler–Maclaurin
 * summation (not the command's certified truncation).
 */
class DfedrwBoundCommandsTest {

    /** Σ_{k≥1} k^−s (s &gt; 1): the first N terms, the integral of the tail and three Euler–Maclaurin corrections. */
    static double zeta(double s) {
        int n = 2000;
        double sum = 0;
        for (int k = 1; k < n; k++) {
            sum += Math.pow(k, -s);
        }
        double f = Math.pow(n, -s);
        double f1 = -s * Math.pow(n, -s - 1);
        double f3 = -s * (s + 1) * (s + 2) * Math.pow(n, -s - 3);
        return sum + Math.pow(n, 1 - s) / (s - 1) + f / 2 - f1 / 12 + f3 / 720;
    }

    /** Σ_{k≥1} ln k·k^−s (s &gt; 1), summed the same way; the tail integral is N^{1−s}(ln N/(s − 1) + 1/(s − 1)²). */
    static double zetaPrimeNegated(double s) {
        int n = 2000;
        double sum = 0;
        for (int k = 2; k < n; k++) {
            sum += Math.log(k) * Math.pow(k, -s);
        }
        double ln = Math.log(n);
        double f = ln * Math.pow(n, -s);
        double f1 = Math.pow(n, -s - 1) * (1 - s * ln);
        double tail = Math.pow(n, 1 - s) * (ln / (s - 1) + 1 / ((s - 1) * (s - 1)));
        return sum + tail + f / 2 - f1 / 12;
    }

    @Test
    void theEulerMaclaurinSumsHitKnownValues() {
        // ζ(2) = π²/6 and ζ'(2) = π²/6 (γ + ln 2π − 12 ln A), A the Glaisher–Kinkelin constant.
        assertEquals(Math.PI * Math.PI / 6, zeta(2), 1e-13);
        double glaisher = 1.2824271291006226;
        double zp2 = Math.PI * Math.PI / 6 * (0.5772156649015329 + Math.log(2 * Math.PI) - 12 * Math.log(glaisher));
        assertEquals(-zp2, zetaPrimeNegated(2), 1e-11);
    }

    @Test
    void quantizerVarianceIsLemma3AndBoundsTheExactVariance() throws Exception {
        JsonNode j = CliTest.json("bound", "quantizer-variance", "--d", "100", "--s", "0.1", "--norm", "3");
        assertEquals(9 * 100 * 0.01 / 4, j.get("bound").asDouble(), 1e-12);
        // Any w with ||w|| <= 3 quantised with s = 0.1 (b = 5 bits: 15 levels cover 1.5 >= 1) stays below it.
        StochasticQuantizer q = new StochasticQuantizer(5, 0.1);
        SplittableRandom r = new SplittableRandom(8);
        for (int trial = 0; trial < 200; trial++) {
            double[] w = new double[100];
            double nn = 0;
            for (int k = 0; k < w.length; k++) {
                w[k] = r.nextGaussian();
                nn += w[k] * w[k];
            }
            double scale = 3 * r.nextDouble() / Math.sqrt(nn);
            for (int k = 0; k < w.length; k++) {
                w[k] *= scale;
            }
            assertTrue(q.exactVariance(w) <= j.get("bound").asDouble());
        }
    }

    @Test
    void theorem1SumsMatchTheirZetaClosedForms() throws Exception {
        int n = 10;
        double q = 0.75;
        double r = 2;
        double lambdaP = 0.6;
        double d = 2;
        double delta2 = 3;
        double gammaHat = 0.5;
        double w0 = 1.5;
        long k = 81;
        JsonNode j = CliTest.json("bound", "dfedrw", "--n", "10", "--q", "0.75", "--R", "2", "--lambda-p", "0.6", "--D", "2",
                "--delta2", "3", "--gamma-hat", "0.5", "--w0-dist", "1.5", "--k", "81");
        double psi = (1 + n) * 2 * d * d / (r * r) * zetaPrimeNegated(2 * q) / Math.log(1 / lambdaP);
        double kappa = (delta2 + gammaHat * gammaHat) * d * d / 4 / (r * r) * zeta(2 * q);
        double lambda = n / (2 * r) * zeta(1 + q);
        assertEquals(psi, j.get("psi").asDouble(), 1e-8 * psi);
        assertEquals(kappa, j.get("kappa").asDouble(), 1e-8 * kappa);
        assertEquals(lambda, j.get("lambda").asDouble(), 1e-8 * lambda);
        double bound = (w0 * w0 / 2 + psi + kappa + lambda) / Math.pow(k, 1 - q);
        assertEquals(bound, j.get("bound").asDouble(), 1e-8 * bound);
    }

    @Test
    void divergentAndOutOfRangeParametersExitTwo() {
        String[] base = {"bound", "dfedrw", "--n", "4", "--lambda-p", "0.5", "--D", "1", "--k", "10"};
        for (String[] extra : new String[][] {
            {"--q", "0.5"}, {"--q", "1"}, {"--q", "0.7", "--gamma-hat", "1.5"}, {"--q", "0.7", "--delta2", "0.5"},
            {"--q", "0.7", "--w0-dist", "-1"}, {"--q", "0.7", "--k", "0"},
        }) {
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(base), java.util.Arrays.stream(extra))
                    .toArray(String[]::new);
            CliTest.Run run = CliTest.run(args);
            assertEquals(2, run.code(), String.join(" ", args) + ": " + run.err());
            assertTrue(run.out().isBlank());
        }
    }
}
