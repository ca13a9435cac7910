package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import rwdp.report.Json;

/** {@code bound skip-epsilon --accounting rdp|rdp-improved|exact}. */
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
        JsonNode j = json(YakimenkaCliTest.concat(RING, "--accounting", "exact"));
        assertEquals("exact", j.get("accounting").asText());
        assertEquals(10.006207860729306, j.get("epsilon_skip").asDouble(), 1e-10);
        assertEquals(11.429343666612612, j.get("epsilon_skip_rdp").asDouble(), 1e-12);
        assertEquals(10.006207860729306 / 11.429343666612612, j.get("ratio_to_rdp").asDouble(), 1e-11);
        assertEquals(1.8490892841323655, j.get("mu").asDouble(), 1e-13);
        assertEquals(96, j.get("htilde").asLong());
        JsonNode k = json("bound", "skip-epsilon", "--scheme", "ring", "--n", "500", "--hmax", "5000", "--p", "0.7",
                "--epsilon", "0.5", "--delta", "1e-5", "--accounting", "exact");
        assertEquals(1.5537095072903704, k.get("epsilon_skip").asDouble(), 1e-10);
        assertEquals(1.997875540268958, k.get("epsilon_skip_rdp").asDouble(), 1e-12);
        // The analytic σ composes the same way: exact stays below the RDP value at that σ.
        JsonNode a = json(YakimenkaCliTest.concat(RING, "--accounting", "exact", "--calibration", "analytic"));
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
    void exactIsRefusedForRandRingAndUnknownValuesAreRefused() {
        CliTest.Run r = CliTest.run("bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "20", "--hmax", "2000", "--p", "0.5",
                "--accounting", "exact");
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
        assertTrue(r.out().contains("--accounting=rdp|rdp-improved|exact"), r.out());
        assertTrue(r.out().replaceAll("\\s+", " ").contains("(Dong, Roth and Su 2022)"), r.out());
    }
}
