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

class DfedrwCliTest {
    private static List<String> keys(JsonNode j) {
        List<String> k = new ArrayList<>();
        for (Iterator<String> it = j.fieldNames(); it.hasNext();) {
            k.add(it.next());
        }
        return k;
    }

    @Test
    void quantizerVarianceIsSigmaSquaredDSSquaredOverFour() throws Exception {
        CliTest.Run r = CliTest.run("bound", "quantizer-variance", "--d", "100", "--s", "0.1", "--norm", "3");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertEquals(List.of("bound"), keys(j));
        assertEquals(9 * 100 * 0.01 / 4, j.get("bound").asDouble(), 1e-12);
    }

    /** ψ uses −ζ'(3/2) = 3.93223973743 and κ uses ζ(3/2) = 2.61237534869 when q = 3/4 (OEIS A114875, A078434). */
    @Test
    void dfedrwBoundHasTheSpecKeysAndTheLiteratureSeries() throws Exception {
        CliTest.Run r = CliTest.run("bound", "dfedrw", "--n", "10", "--q", "0.75", "--R", "1", "--lambda-p", "0.6", "--D", "2",
                "--delta2", "3", "--gamma-hat", "0.5", "--w0-dist", "1.5", "--k", "81");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertEquals(List.of("psi", "kappa", "lambda", "bound"), keys(j));
        assertEquals(11 * 2 * 4 * 3.9322397374311 / Math.log(1 / 0.6), j.get("psi").asDouble(), 1e-6);
        assertEquals(3.25 * 4 / 4 * 2.6123753486854883, j.get("kappa").asDouble(), 1e-8);
        double num = 0.5 * 2.25 + j.get("psi").asDouble() + j.get("kappa").asDouble() + j.get("lambda").asDouble();
        assertEquals(num / 3, j.get("bound").asDouble(), 1e-9 * num);
    }

    @Test
    void everySimulationRunsAndWritesItsCsv(@TempDir Path dir) throws Exception {
        for (String alg : List.of("dfedrw", "qdfedrw", "fedavg", "dfedavg", "dsgd")) {
            Path csv = dir.resolve(alg + ".csv");
            CliTest.Run r = CliTest.run("simulate", alg, "--rounds", "3", "--train", "400", "--test", "100", "--stragglers", "0.5",
                    "--csv", csv.toString());
            assertEquals(0, r.code(), alg + ": " + r.err());
            JsonNode j = Json.mapper().readTree(r.out());
            assertEquals(alg.equals("qdfedrw") ? "qdfedrw(8)" : alg, j.get("algorithm").asText());
            assertTrue(j.get("final_accuracy").asDouble() >= 0 && j.get("final_accuracy").asDouble() <= 1);
            assertEquals(4, Files.readAllLines(csv).size(), alg);
        }
    }

    @Test
    void badInputGivesOneLineExitTwoAndNoFile(@TempDir Path dir) {
        Path csv = dir.resolve("out.csv");
        for (String[] args : List.of(
                new String[] {"simulate", "dfedrw", "--partition", "zipf:2", "--csv", csv.toString()},
                new String[] {"simulate", "qdfedrw", "--bits", "1", "--rounds", "2", "--csv", csv.toString()},
                new String[] {"simulate", "dfedavg", "--M", "50", "--csv", csv.toString()},
                new String[] {"simulate", "fedavg", "--data", "file:/no/such.csv", "--csv", csv.toString()},
                new String[] {"bound", "dfedrw", "--n", "5", "--q", "0.75", "--lambda-p", "1.2", "--D", "1", "--k", "10"},
                new String[] {"bound", "quantizer-variance", "--d", "0", "--s", "0.1", "--norm", "1"})) {
            CliTest.Run r = CliTest.run(args);
            assertEquals(2, r.code(), String.join(" ", args) + " -> " + r.err());
            assertEquals(1, r.err().strip().lines().count(), String.join(" ", args) + " -> " + r.err());
            assertFalse(r.err().contains("Exception"), r.err());
            assertTrue(r.out().isEmpty());
            assertFalse(Files.exists(csv));
        }
    }
}
