package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import rwdp.report.Json;

/** {@code bound skip-epsilon --accounting rdp|rdp-improved|gdp|mixture}. */
class SkipAccountingCliTest {
    private static final String[] RING = {"bound", "skip-epsilon", "--scheme", "ring", "--n", "10", "--hmax", "1000", "--p", "0.5",
        "--epsilon", "1", "--delta", "1e-6", "--delta-prime", "1e-6"};

    static JsonNode json(String... args) throws Exception {
        CliTest.Run r = CliTest.run(args);
        assertEquals(0, r.code(), r.err());
        return Json.mapper().readTree(r.out());
    }

    @Test
    void defaultStaysThePapersRenyiAccounting() throws Exception {
        JsonNode j = json(RING);
        assertEquals("rdp", j.get("accounting").asText());
        // Theorem 2's closed form at h̃ = 96 (Yakimenka et al.), by hand: 1.7096 + 9.7197.
        assertEquals(11.429343666612612, j.get("epsilon_skip").asDouble(), 1e-12);
        assertFalse(j.has("epsilon_skip_rdp"));
        assertEquals(j, json(YakimenkaCliTest.concat(RING, "--accounting", "rdp")));
    }

    @Test
    void exactAccountingGivesTheGaussianCompositionCurve() throws Exception {
        // 40-digit mpmath values of ε(δ) for μ-GDP; Google's dp_accounting (PLD) and Microsoft's prv_accountant give 10.006 and 1.554.
        JsonNode j = json(YakimenkaCliTest.concat(RING, "--accounting", "gdp"));
        assertEquals("gdp", j.get("accounting").asText());
        assertEquals(96, j.get("updates_composed").asLong());
        assertEquals(10.006207860729306, j.get("epsilon_skip").asDouble(), 1e-10);
        assertEquals(11.429343666612612, j.get("epsilon_skip_rdp").asDouble(), 1e-12);
        assertEquals(10.006207860729306 / 11.429343666612612, j.get("ratio_to_rdp").asDouble(), 1e-11);
        assertEquals(1.8490892841323655, j.get("mu").asDouble(), 1e-13);
        assertEquals(96, j.get("htilde").asLong());
        JsonNode k = json("bound", "skip-epsilon", "--scheme", "ring", "--n", "500", "--hmax", "5000", "--p", "0.7",
                "--epsilon", "0.5", "--delta", "1e-5", "--accounting", "gdp");
        // h_max/n = 10 rounds, below h̃: the node updates at most 10 times, so 10 updates are composed (μ from the
        // σ of footnote 4 at ε = 0.5, δ = 1e-5), checked by the GDP curve's formula at the printed ε.
        assertTrue(k.get("htilde").asLong() > 10, k.toString());
        assertEquals(10, k.get("updates_composed").asLong());
        double s5 = Math.sqrt(8 * Math.log(1.25 / 1e-5)) / 0.5;
        double mu10 = 2 * Math.sqrt(10) / s5;
        double e10 = k.get("epsilon_skip").asDouble();
        org.apache.commons.math3.distribution.NormalDistribution z = new org.apache.commons.math3.distribution.NormalDistribution();
        double d10 = z.cumulativeProbability(-e10 / mu10 + mu10 / 2) - Math.exp(e10) * z.cumulativeProbability(-e10 / mu10 - mu10 / 2);
        assertEquals(1e-5, d10, 1e-9 * 1e-5);
        assertTrue(e10 < 1.5537095072903704, "capped below the composition of h̃ updates (1.5537, 40-digit mpmath)");
        assertEquals(1.997875540268958, k.get("epsilon_skip_rdp").asDouble(), 1e-12);
        // The analytic σ composes the same way: exact stays below the RDP value at that σ.
        JsonNode a = json(YakimenkaCliTest.concat(RING, "--accounting", "gdp", "--calibration", "analytic"));
        assertTrue(a.get("epsilon_skip").asDouble() < a.get("epsilon_skip_rdp").asDouble(), a.toString());
    }

    @Test
    void improvedConversionLiesBetweenForBothSchemes() throws Exception {
        JsonNode ring = json(YakimenkaCliTest.concat(RING, "--accounting", "rdp-improved"));
        double improved = ring.get("epsilon_skip").asDouble();
        assertTrue(improved > 10.006207860729306 && improved < 11.429343666612612, ring.toString());
        String[] rand = {"bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "20", "--hmax", "2000", "--p", "0.5"};
        JsonNode paper = json(rand);
        JsonNode better = json(YakimenkaCliTest.concat(rand, "--accounting", "rdp-improved"));
        assertEquals(paper.get("epsilon_skip").asDouble(), better.get("epsilon_skip_rdp").asDouble(), 0);
        assertTrue(better.get("epsilon_skip").asDouble() < paper.get("epsilon_skip").asDouble(), better.toString());
        assertTrue(better.get("alpha").asDouble() <= paper.get("alpha").asDouble() + 1e-12, better.toString());
    }

    @Test
    void gdpIsRefusedForRandRingAndUnknownValuesAreRefused() {
        CliTest.Run r = CliTest.run("bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "20", "--hmax", "2000", "--p", "0.5",
                "--accounting", "gdp");
        assertEquals(2, r.code());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("rdp-improved"), r.err());
        CliTest.Run bad = CliTest.run(YakimenkaCliTest.concat(RING, "--accounting", "pld"));
        assertEquals(2, bad.code());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
    }

    @Test
    void helpNamesTheAccountings() {
        CliTest.Run r = CliTest.run("bound", "skip-epsilon", "--help");
        assertTrue(r.out().contains("--accounting=rdp|rdp-improved|gdp|mixture"), r.out());
        assertTrue(r.out().replaceAll("\\s+", " ").contains("(Dong, Roth and Su 2022)"), r.out());
    }

    @Test
    void mixtureIsTheBinomialSumAtTheWholeDeltaAndNeverCallsAnythingExact() throws Exception {
        JsonNode m = json(YakimenkaCliTest.concat(RING, "--accounting", "mixture"));
        assertEquals("mixture", m.get("accounting").asText());
        assertEquals(100, m.get("rounds").asLong());
        // Independently: Σ_j C(100, j) 2^-100 δ_{2√j/s}(ε) at δ + δ' = 2e-6, solved by bisection here.
        double s = m.get("sigma_over_k").asDouble();
        double lo = 0;
        double hi = 50;
        for (int it = 0; it < 200; it++) {
            double mid = 0.5 * (lo + hi);
            double d = 0;
            for (int j = 1; j <= 100; j++) {
                double w = Math.exp(org.apache.commons.math3.util.CombinatoricsUtils.binomialCoefficientLog(100, j) - 100 * Math.log(2));
                d += w * new rwdp.bounds.privacy.GaussianPrivacyCurve(2 * Math.sqrt(j) / s).delta(mid);
            }
            if (d > 2e-6) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        assertEquals(hi, m.get("epsilon_skip").asDouble(), 1e-8);
        assertTrue(m.get("epsilon_skip").asDouble() < json(YakimenkaCliTest.concat(RING, "--accounting", "gdp")).get("epsilon_skip").asDouble());
        JsonNode rand = json("bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "20", "--hmax", "2000", "--p", "0.5",
                "--accounting", "mixture");
        assertTrue(rand.get("chernoff_tail").asDouble() < 1e-6, rand.toString());
        CliTest.Run old = CliTest.run(YakimenkaCliTest.concat(RING, "--accounting", "exact"));
        assertEquals(2, old.code());
        assertTrue(old.err().contains("now called gdp"), old.err());
    }
}
