package rwdp.cli.yakimenka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.jupiter.api.Test;
import rwdp.cli.CliTest;
import rwdp.cli.common.UserException;

/**
 * The {@code bound skip-*} commands and their option helpers against independent closed forms:
 * the classical Gaussian σ = Δ sqrt(2 ln(1.25/δ))/ε, the exact δ(ε) of the Gaussian mechanism
 * and of μ-GDP (Balle and Wang 2018; Dong, Roth and Su 2022) with commons-math's normal law, and
 * Lemma 1's expected latency for exponential computation times, E min(X, t) = (1 − e^{−t/m}) m.
 */
class SkipBoundCommandsTest {
    private static final NormalDistribution PHI = new NormalDistribution();

    /** δ(ε) of the Gaussian mechanism with sensitivity Δ and noise σ (Balle and Wang 2018, Thm. 8). */
    static double gaussianDelta(double sensitivity, double sigma, double eps) {
        double a = sensitivity / (2 * sigma);
        double b = eps * sigma / sensitivity;
        return PHI.cumulativeProbability(a - b) - Math.exp(eps) * PHI.cumulativeProbability(-a - b);
    }

    /** δ(ε) of μ-GDP: Φ(−ε/μ + μ/2) − e^ε Φ(−ε/μ − μ/2). */
    static double gdpDelta(double mu, double eps) {
        return PHI.cumulativeProbability(-eps / mu + mu / 2) - Math.exp(eps) * PHI.cumulativeProbability(-eps / mu - mu / 2);
    }

    /** Returns the noise options at (ε, δ) and {@code calibration}, as picocli would fill them. */
    static NoiseOptions noise(String calibration, double eps, double delta) {
        NoiseOptions o = new NoiseOptions();
        o.calibration = rwdp.cli.common.Labelled.Converter.of(NoiseOptions.Calibration.class).convert(calibration);
        o.epsilon = eps;
        o.delta = delta;
        return o;
    }

    @Test
    void calibrationsGiveTheClassicalFormulaAndTheSmallestExactSigma() {
        double eps = 0.5;
        double delta = 1e-5;
        assertEquals(2 * Math.sqrt(2 * Math.log(1.25 / delta)) / eps, noise("classical", eps, delta).sigmaOverK(), 1e-12);
        double s = noise("analytic", eps, delta).sigmaOverK();
        assertEquals(delta, gaussianDelta(2, s, eps), 1e-9 * delta);
        assertTrue(gaussianDelta(2, s * (1 - 1e-6), eps) > delta, "a smaller σ must miss δ");
        assertTrue(s < noise("classical", eps, delta).sigmaOverK());
        assertThrows(picocli.CommandLine.TypeConversionException.class, () -> noise("laplace", eps, delta));
        // A subnormal delta is refused by name: ln(1.25/delta) would overflow and the refusal blame epsilon.
        assertTrue(assertThrows(UserException.class, () -> noise("classical", eps, 4.9e-324).sigmaOverK())
                .getMessage().startsWith("--delta"));
    }

    @Test
    void theClassicalWarningFollowsTheExactDelta() {
        assertNull(noise("classical", 0.9, 1e-6).classicalWarning());
        assertNull(noise("analytic", 5, 1e-6).classicalWarning());
        for (double eps : new double[] {1, 4, 20}) {
            double sigma = 2 * Math.sqrt(2 * Math.log(1.25 / 1e-6)) / eps;
            boolean dp = gaussianDelta(2, sigma, eps) <= 1e-6;
            String w = noise("classical", eps, 1e-6).classicalWarning();
            assertTrue(w.contains(dp ? "is still (epsilon, delta)-DP" : "is NOT (epsilon, delta)-DP"), eps + ": " + w);
        }
    }

    private static SkipSchemeOptions scheme(String name) {
        SkipSchemeOptions o = new SkipSchemeOptions();
        o.scheme = rwdp.cli.common.Labelled.Converter.of(SkipSchemeOptions.Scheme.class).convert(name);
        return o;
    }

    private static SkipBoundCommands.Accounting accounting(String name) {
        return new SkipBoundCommands.Accounting.Converter().convert(name);
    }

    @Test
    void optionWordsParseOrAreRefusedByName() {
        assertTrue(scheme("rand-ring").randomized());
        assertFalse(scheme("ring").randomized());
        assertFalse(scheme(" Ring ").randomized());
        assertTrue(assertThrows(picocli.CommandLine.TypeConversionException.class, () -> scheme("circle")).getMessage()
                .contains("ring, rand-ring"));
        assertEquals(Double.POSITIVE_INFINITY, SkipBoundCommands.timeout(Double.POSITIVE_INFINITY));
        assertEquals(2.5, SkipBoundCommands.timeout(2.5));
        assertTrue(assertThrows(UserException.class, () -> SkipBoundCommands.timeout(0)).getMessage().contains("--t-skip"));
        assertTrue(assertThrows(UserException.class, () -> SkipBoundCommands.timeout(Double.NEGATIVE_INFINITY)).getMessage()
                .contains("--t-skip"));
        SkipBoundCommands.checkAccounting(accounting("gdp"), false);
        SkipBoundCommands.checkAccounting(accounting("mixture"), true);
        SkipBoundCommands.checkAccounting(accounting("rdp-improved"), true);
        assertThrows(UserException.class, () -> SkipBoundCommands.checkAccounting(accounting("gdp"), true));
        assertThrows(picocli.CommandLine.TypeConversionException.class, () -> accounting("exact"));
        assertThrows(picocli.CommandLine.TypeConversionException.class, () -> accounting("pld"));
    }

    @Test
    void gdpAccountingIsTheEpsilonOfMuGdpAtDelta() throws Exception {
        JsonNode j = CliTest.json("bound", "skip-epsilon", "--scheme", "ring", "--n", "10", "--hmax", "100", "--p", "0.1",
                "--accounting", "gdp", "--calibration", "analytic", "--epsilon", "0.5", "--delta", "1e-5");
        double sOverK = j.get("sigma_over_k").asDouble();
        assertEquals(noise("analytic", 0.5, 1e-5).sigmaOverK(), sOverK, 0);
        // Ten rounds (h_max/n): h̃ is capped there, since the node cannot update more often.
        assertEquals(Math.min(j.get("htilde").asLong(), 10), j.get("updates_composed").asLong());
        double mu = 2 * Math.sqrt(j.get("updates_composed").asDouble()) / sOverK;
        assertEquals(mu, j.get("mu").asDouble(), 1e-12 * mu);
        double eps = j.get("epsilon_skip").asDouble();
        assertEquals(1e-5, gdpDelta(mu, eps), 1e-9 * 1e-5, "ε_skip must be μ-GDP's ε at δ");
        assertTrue(eps <= j.get("epsilon_skip_rdp").asDouble(), "the exact composition is never above the Rényi one");
        assertEquals(eps / j.get("epsilon_skip_rdp").asDouble(), j.get("ratio_to_rdp").asDouble(), 1e-12);
    }

    @Test
    void latencyForExponentialTimesIsLemma1InClosedForm() throws Exception {
        double mean = 2;
        double chi = 0.05;
        double t = 1.5;
        long hmax = 40;
        JsonNode j = CliTest.json("bound", "skip-latency", "--latency", "exp:2", "--chi", "0.05", "--t-skip", "1.5", "--hmax", "40");
        double perHop = chi + mean * (1 - Math.exp(-t / mean));
        assertEquals(perHop, j.get("per_hop").asDouble(), 1e-9);
        assertEquals(hmax * perHop, j.get("expected_latency").asDouble(), 1e-9 * hmax);
        assertEquals(Math.exp(-t / mean), j.get("p").asDouble(), 1e-12);
        JsonNode never = CliTest.json("bound", "skip-latency", "--latency", "exp:2", "--chi", "0.05", "--t-skip", "inf", "--hmax", "40");
        assertEquals(hmax * (chi + mean), never.get("expected_latency").asDouble(), 1e-9 * hmax);
        assertEquals(0, never.get("p").asDouble());
    }

    @Test
    void theMemorylessLawNeverSkipsAndTheErrorBoundNeedsAMultipleOfN() throws Exception {
        // Exponential times of mean 1: a hop costs χ + E min(X, t) = χ + 1 − e^{−t} and updates with
        // probability 1 − e^{−t}, so the mean time between updates 1 + χ/(1 − e^{−t}) falls with t
        // and the optimum (Lemma 2) is to wait for every node, at 1 + χ.
        JsonNode t = CliTest.json("bound", "skip-timeout", "--latency", "exp:1", "--chi", "0.01");
        assertEquals("inf", t.get("t_skip").asText());
        assertTrue(t.get("never_skip").asBoolean());
        assertEquals(1.01, t.get("mean_time_between_updates").asDouble(), 1e-9);
        CliTest.Run bad = CliTest.run("bound", "skip-error", "--scheme", "ring", "--n", "10", "--hmax", "25", "--p", "0.1");
        assertEquals(2, bad.code());
        assertTrue(bad.err().contains("multiple of --n"), bad.err());
    }
}
