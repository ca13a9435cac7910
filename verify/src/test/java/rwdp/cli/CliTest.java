package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import rwdp.report.Json;

public class CliTest {
    /** What one command line printed and returned. */
    public record Run(int code, String out, String err) {}

    /** Runs {@code rwdp ARGS} in this JVM, capturing stdout and stderr. */
    public static Run run(String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            CommandLine cl = Main.commandLine(args); // as Main.main builds it: only the commands args name
            StringWriter ew = new StringWriter();
            cl.setErr(new PrintWriter(ew, true));
            int code = cl.execute(args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8) + ew);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /**
     * Runs {@code rwdp ARGS}, which must succeed, and returns its JSON.
     *
     * @throws java.io.IOException when stdout is not JSON
     */
    public static JsonNode json(String... args) throws java.io.IOException {
        Run r = run(args);
        assertEquals(0, r.code(), r.err());
        return Json.mapper().readTree(r.out());
    }

    @Test
    void graphInfoOnTheHypercubeGivesThreeFifths() throws Exception {
        Run r = run("graph", "info", "--graph", "hypercube:4", "--weights", "metropolis");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        List<String> keys = new ArrayList<>();
        for (Iterator<String> it = j.fieldNames(); it.hasNext();) {
            keys.add(it.next());
        }
        assertEquals(List.of("n", "edges", "degree_min", "degree_mean", "degree_max", "connected", "components", "bipartite", "lambda2",
                "lambda_min", "lambda_p", "spectral_gap", "mixing_time_bound", "irreducible", "aperiodic"), keys);
        assertEquals(16, j.get("n").asInt());
        assertEquals(32, j.get("edges").asInt());
        assertEquals(0.6, j.get("lambda2").asDouble(), 1e-12);
        assertEquals(-0.6, j.get("lambda_min").asDouble(), 1e-12);
        assertTrue(j.get("bipartite").asBoolean());
        assertTrue(j.get("aperiodic").asBoolean());
    }

    @Test
    void periodicChainReportsNullMixingBoundAndNotAperiodic() throws Exception {
        Run r = run("graph", "info", "--graph", "ring:10", "--weights", "hamilton");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertFalse(j.get("aperiodic").asBoolean());
        assertEquals("inf", j.get("mixing_time_bound").asText());
        assertEquals(-1, j.get("lambda_min").asDouble(), 1e-12);
    }

    /**
     * The edge list and the expected eigenvalues come from numpy (np.linalg.eigvalsh on
     * D^-1/2 A D^-1/2 for the simple walk, on the metropolis matrix for metropolis); the
     * generating script is in src/test/resources/numpy-spectrum.py.
     */
    @Test
    void fileGraphSpectrumMatchesNumpy() throws Exception {
        Path edges = Path.of(getClass().getResource("/snap-sample.txt").toURI());
        JsonNode expected = Json.mapper().readTree(getClass().getResource("/snap-sample-numpy.json"));
        for (String w : List.of("simple", "metropolis")) {
            Run r = run("graph", "info", "--graph", "file:" + edges, "--weights", w);
            assertEquals(0, r.code(), r.err());
            assertTrue(r.err().contains("renumbered"), r.err());
            JsonNode j = Json.mapper().readTree(r.out());
            JsonNode e = expected.get(w);
            assertEquals(expected.get("n").asInt(), j.get("n").asInt());
            assertEquals(expected.get("edges").asInt(), j.get("edges").asInt());
            assertEquals(e.get("lambda2").asDouble(), j.get("lambda2").asDouble(), 1e-10, w);
            assertEquals(e.get("lambda_min").asDouble(), j.get("lambda_min").asDouble(), 1e-10, w);
        }
    }

    @Test
    void badInputGivesOneLineAndExitTwo() {
        for (String[] args : List.of(
                new String[] {"graph", "info", "--graph", "ring:x"},
                new String[] {"graph", "info", "--graph", "file:/no/such/file.txt"},
                new String[] {"graph", "info", "--graph", "ring:5", "--weights", "nope"},
                new String[] {"graph", "info", "--graph", "star:5", "--weights", "mh-weighted"},
                new String[] {"graph", "info"},
                new String[] {"report", "--profile", "medium"},
                new String[] {"report", "--only", "nosuchpaper."},
                new String[] {"bound"},
                new String[] {"frobnicate"})) {
            Run r = run(args);
            assertEquals(2, r.code(), String.join(" ", args) + " -> " + r.err());
            assertEquals(1, r.err().strip().lines().count(), String.join(" ", args) + " -> " + r.err());
            assertFalse(r.err().contains("Exception"), r.err());
            assertTrue(r.out().isEmpty());
        }
    }

    @Test
    void reportWritesTheFourOutputs(@TempDir Path dir) throws Exception {
        Run r = run("report", "--only", "core.generators-exact", "--out", dir.toString(), "--quiet");
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.exists(dir.resolve("index.html")));
        assertTrue(Files.exists(dir.resolve("report.md")));
        JsonNode j = Json.mapper().readTree(dir.resolve("claims.json").toFile());
        JsonNode c = j.get("claims").get(0);
        for (String k : List.of("id", "source", "statement", "verdict", "expected", "evidence")) {
            assertTrue(c.has(k), k);
        }
        for (String k : List.of("paper", "authors", "venue", "year", "where")) {
            assertTrue(c.get("source").has(k), "source." + k);
        }
        assertEquals("HOLDS", c.get("verdict").asText());
    }

    @Test
    void helpOnEveryLevel() {
        for (String[] args : List.of(new String[] {"--help"}, new String[] {"report", "--help"},
                new String[] {"graph", "info", "--help"}, new String[] {"bound", "--help"}, new String[] {"simulate", "--help"})) {
            Run r = run(args);
            assertEquals(0, r.code());
            assertTrue(r.out().contains("Usage"), r.out());
        }
    }
}
