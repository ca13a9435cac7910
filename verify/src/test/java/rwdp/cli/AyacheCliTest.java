package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.report.Json;

class AyacheCliTest {

    @Test
    void gammaDeltaPrintsTheSpecKeys() throws Exception {
        CliTest.Run r = CliTest.run("bound", "gamma-delta", "--epsilon", "1", "--theta", "10", "--l-min", "1", "--l-max", "2");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertTrue(j.get("delta_lemma3").asDouble() >= j.get("delta_exact").asDouble());
        assertEquals(2, j.get("worst_pair").size());
    }

    @Test
    void gammaThetaFindsThetaOrSaysWhatIsReachable() throws Exception {
        CliTest.Run ok = CliTest.run("bound", "gamma-theta", "--epsilon", "3", "--delta", "0.03", "--l-min", "1", "--l-max", "2");
        assertEquals(0, ok.code(), ok.err());
        JsonNode j = Json.mapper().readTree(ok.out());
        assertTrue(j.get("theta_exact").asDouble() < j.get("theta_lemma3").asDouble());
        CliTest.Run no = CliTest.run("bound", "gamma-theta", "--epsilon", "3", "--delta", "0.03", "--l-min", "11", "--l-max", "605");
        assertEquals(2, no.code());
        assertTrue(no.err().contains("smallest reachable"), no.err());
        assertTrue(no.out().isBlank());
    }

    @Test
    void badParametersExitTwoWithOneLine() {
        String[][] bad = {
            {"bound", "gamma-delta", "--epsilon", "1", "--theta", "0", "--l-min", "1", "--l-max", "2"},
            {"bound", "gamma-delta", "--epsilon", "1", "--theta", "1", "--l-min", "3", "--l-max", "2"},
            {"simulate", "uniform-rw", "--q", "0.4", "--T", "10"},
            {"simulate", "gossip", "--graph", "er:30,0.001,1", "--T", "10"},
            {"simulate", "private-weighted-rw", "--theta", "-1", "--T", "10"},
            {"simulate", "private-weighted-rw", "--gradient-weights", "other", "--T", "10"},
            {"simulate", "private-weighted-rw", "--l-min", "5", "--l-max", "2", "--T", "10"},
            {"simulate", "laplace-weighted-rw", "--calibration", "gauss", "--T", "10"},
            {"bound", "gamma-theta", "--epsilon", "1", "--delta", "1.5", "--l-min", "1", "--l-max", "2"},
        };
        for (String[] args : bad) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args));
            assertFalse(r.err().contains("\tat "), r.err());
        }
    }

    @Test
    void simulateWritesTheTrajectory(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        CliTest.Run r = CliTest.run("simulate", "private-weighted-rw", "--graph", "er:20,0.3,1", "--T", "2000", "--runs", "2",
                "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertTrue(j.get("final_error").asDouble() >= 0);
        assertTrue(j.get("steps_per_second").asDouble() > 0);
        assertEquals("updates,mean_error,mean_error_average", Files.readAllLines(csv).get(0));
    }
}
