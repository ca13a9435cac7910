package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import rwdp.report.Json;

/** {@code simulate skip-ring|skip-rand-ring --calibration}: the same two noise calibrations as {@code bound skip-epsilon}. */
class SkipCalibrationCliTest {
    /** Returns the exact δ(ε) of the Gaussian mechanism with sensitivity Δ and noise σ (Balle and Wang 2018, Thm. 8). */
    static double exactDelta(double sensitivity, double sigma, double eps) {
        NormalDistribution phi = new NormalDistribution(0, 1);
        double a = sensitivity / (2 * sigma);
        double b = eps * sigma / sensitivity;
        return phi.cumulativeProbability(a - b) - Math.exp(eps) * phi.cumulativeProbability(-a - b);
    }

    @Test
    void analyticCalibrationGivesTheSmallestSigmaThatMeetsDelta() throws Exception {
        for (String cmd : new String[] {"skip-ring", "skip-rand-ring"}) {
            JsonNode classical = Json.mapper().readTree(CliTest.run("simulate", cmd, "--n", "5", "--hmax", "100",
                    "--epsilon", "1", "--delta", "1e-6").out());
            CliTest.Run r = CliTest.run("simulate", cmd, "--n", "5", "--hmax", "100", "--epsilon", "1", "--delta", "1e-6",
                    "--calibration", "analytic");
            assertEquals(0, r.code(), r.err());
            JsonNode analytic = Json.mapper().readTree(r.out());
            double s = analytic.get("sigma").asDouble();
            assertEquals("analytic", analytic.get("calibration").asText());
            assertEquals("classical", classical.get("calibration").asText());
            assertTrue(s < classical.get("sigma").asDouble(), "analytic sigma is smaller");
            // Sensitivity 2 (two neighbouring gradients of norm at most 1): delta met with equality at the analytic sigma.
            assertEquals(1e-6, exactDelta(2, s, 1), 1e-9);
            assertTrue(exactDelta(2, s * 0.99, 1) > 1e-6, "and no smaller sigma meets it");
        }
        CliTest.Run bad = CliTest.run("simulate", "skip-ring", "--n", "5", "--hmax", "100", "--calibration", "gaussian");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("'--calibration'") && bad.err().contains("'gaussian'")
                && bad.err().contains("classical, analytic"), bad.err());
    }
}
