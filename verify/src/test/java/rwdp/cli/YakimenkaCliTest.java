package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.report.Json;

class YakimenkaCliTest {
    static List<String> keys(JsonNode j) {
        List<String> k = new ArrayList<>();
        for (Iterator<String> it = j.fieldNames(); it.hasNext();) {
            k.add(it.next());
        }
        return k;
    }

    @Test
    void skipEpsilonPrintsTheSpecKeys() throws Exception {
        CliTest.Run r = CliTest.run("bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "20", "--hmax", "2000", "--p", "0.5");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        // The spec's keys come first; keys are added, never renamed.
        assertEquals(List.of("epsilon_skip", "htilde", "a", "alpha"), keys(j).subList(0, 4));
        CliTest.Run ring = CliTest.run("bound", "skip-epsilon", "--scheme", "ring", "--n", "20", "--hmax", "2000", "--p", "0.5");
        assertEquals(List.of("epsilon_skip", "htilde"), keys(Json.mapper().readTree(ring.out())).subList(0, 2));
    }

    @Test
    void calibrationOptionWarnsOutsideTheClassicalRangeAndOffersTheAnalyticSigma() throws Exception {
        String[] base = {"bound", "skip-epsilon", "--scheme", "ring", "--n", "10", "--hmax", "1000", "--p", "0.5", "--delta", "1e-6"};
        JsonNode small = Json.mapper().readTree(CliTest.run(concat(base, "--epsilon", "0.5")).out());
        assertFalse(small.has("warning"));
        JsonNode one = Json.mapper().readTree(CliTest.run(concat(base, "--epsilon", "1")).out());
        assertTrue(one.get("warning").asText().contains("still (epsilon, delta)-DP"), one.toString());
        JsonNode ten = Json.mapper().readTree(CliTest.run(concat(base, "--epsilon", "10")).out());
        assertTrue(ten.get("warning").asText().contains("NOT (epsilon, delta)-DP"), ten.toString());
        CliTest.Run a = CliTest.run(concat(base, "--epsilon", "1", "--calibration", "analytic"));
        assertEquals(0, a.code(), a.err());
        JsonNode an = Json.mapper().readTree(a.out());
        assertFalse(an.has("warning"));
        // Balle and Wang's σ at ε = 1, δ = 1e-6, sensitivity 2 (SciPy reference): about 20% below 10.5976.
        assertEquals(8.449357778653644, an.get("sigma_over_k").asDouble(), 1e-8);
        assertTrue(an.get("epsilon_skip").asDouble() > one.get("epsilon_skip").asDouble());
        CliTest.Run bad = CliTest.run(concat(base, "--calibration", "laplace"));
        assertEquals(2, bad.code());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
    }

    static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    @Test
    void skipTimeoutReproducesTheGammaOptimum() throws Exception {
        CliTest.Run r = CliTest.run("bound", "skip-timeout", "--latency", "gamma:0.25,1", "--chi", "0.01");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        // Yakimenka et al., §VI-B: p = 0.710 for the gamma model.
        assertEquals(0.710, j.get("p").asDouble(), 5e-4);
        CliTest.Run e = CliTest.run("bound", "skip-timeout", "--latency", "exp:1");
        JsonNode je = Json.mapper().readTree(e.out());
        assertEquals("inf", je.get("t_skip").asText());
        assertTrue(je.get("never_skip").asBoolean());
    }

    @Test
    void latencyAndErrorBoundsPrintOneObject() throws Exception {
        CliTest.Run r = CliTest.run("bound", "skip-latency", "--latency", "exp:1", "--chi", "0", "--t-skip", "inf", "--hmax", "100");
        assertEquals(0, r.code(), r.err());
        assertEquals(100, Json.mapper().readTree(r.out()).get("expected_latency").asDouble(), 1e-12);
        CliTest.Run b = CliTest.run("bound", "skip-error", "--scheme", "ring", "--n", "10", "--hmax", "100", "--p", "0.5");
        assertEquals(0, b.code(), b.err());
        assertTrue(Json.mapper().readTree(b.out()).get("bound").asDouble() > 0);
    }

    @Test
    void simulateWritesTheTrajectory(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        CliTest.Run r = CliTest.run("simulate", "skip-rand-ring", "--n", "5", "--hmax", "200", "--p", "0.5", "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertEquals(200, j.get("hmax").asInt());
        assertTrue(Files.readAllLines(csv).get(0).startsWith("hop,latency"));
    }

    @Test
    void simulateReadsACsvDataset(@TempDir Path dir) throws Exception {
        Path data = dir.resolve("d.csv");
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            sb.append(Math.sin(i)).append(',').append(Math.cos(3 * i)).append(',').append(i % 2).append('\n');
        }
        Files.writeString(data, sb.toString());
        CliTest.Run r = CliTest.run("simulate", "skip-ring", "--n", "4", "--hmax", "40", "--p", "0.3", "--data", "file:" + data);
        assertEquals(0, r.code(), r.err());
        assertEquals("ring", Json.mapper().readTree(r.out()).get("scheme").asText());
    }

    @Test
    void badInputsExitTwoWithOneLine(@TempDir Path dir) {
        Path csv = dir.resolve("never.csv");
        String[][] bad = {
            {"bound", "skip-epsilon", "--scheme", "ring", "--n", "10", "--hmax", "1005", "--p", "0.5"},
            {"bound", "skip-epsilon", "--scheme", "ring", "--n", "10", "--hmax", "1000", "--p", "1"},
            {"bound", "skip-epsilon", "--scheme", "ring", "--n", "10", "--hmax", "1000", "--p", "0.5", "--delta", "1.5"},
            {"bound", "skip-timeout", "--latency", "pareto"},
            {"simulate", "skip-ring", "--p", "-0.2", "--csv", csv.toString()},
            {"simulate", "skip-ring", "--hmax", "15", "--csv", csv.toString()},
        };
        for (String[] args : bad) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertFalse(r.err().contains("Exception"), r.err());
        }
        assertFalse(Files.exists(csv));
    }
}
