package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.report.Json;

/** Issue 19 §3: nothing silent. Bad cells, out-of-range targets and undefined values are refused or named. */
class SilentInputCliTest {

    /** Exit 2, one line on stderr holding every {@code parts}, nothing on stdout. */
    static void refused(CliTest.Run r, String... parts) {
        assertEquals(2, r.code(), r.err() + r.out());
        assertEquals("", r.out());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), err);
        for (String p : parts) {
            assertTrue(err.contains(p), "'" + p + "' missing from: " + err);
        }
    }

    /** Writes a housing CSV in the scikit-learn layout (count header, names, 60 rows of 3 features and a target). */
    static Path housing(Path dir, int badRow, int badCol, String bad) throws Exception {
        StringBuilder sb = new StringBuilder("60,3\nCRIM,ZN,RM,MEDV\n");
        Random rng = new Random(7);
        for (int i = 0; i < 60; i++) {
            for (int j = 0; j < 4; j++) {
                sb.append(i == badRow && j == badCol ? bad : String.format(java.util.Locale.ROOT, "%.4f", 1 + rng.nextDouble()));
                sb.append(j < 3 ? "," : "\n");
            }
        }
        Files.writeString(dir.resolve("boston_house_prices.csv"), sb.toString());
        return dir;
    }

    @Test
    void housingCellsThatAreNotFiniteAreRefusedWithLineAndColumn(@TempDir Path dir) throws Exception {
        for (String bad : new String[] {"NaN", "Infinity", "1e400", "-inf"}) {
            housing(dir, 4, 1, bad);
            CliTest.Run r = CliTest.run("simulate", "skip-ring", "--data", "housing", "--data-dir", dir.toString(), "--n", "10",
                    "--hmax", "100");
            // Row 4 is file line 7 (count header, names, rows 0..3 before it); column 2 is ZN.
            refused(r, "line 7", "column 2", "ZN", bad);
        }
        housing(dir, 59, 3, "NaN");
        refused(CliTest.run("simulate", "skip-ring", "--data", "housing", "--data-dir", dir.toString(), "--n", "10", "--hmax", "100"),
                "line 62", "column 4", "MEDV");
        housing(dir, -1, -1, "");
        CliTest.Run ok = CliTest.run("simulate", "skip-ring", "--data", "housing", "--data-dir", dir.toString(), "--n", "10",
                "--hmax", "100");
        assertEquals(0, ok.code(), ok.err());
    }

    @Test
    void dataFileCellsThatAreNotFiniteAreRefused(@TempDir Path dir) throws Exception {
        for (String bad : new String[] {"NaN", "1e400"}) {
            StringBuilder sb = new StringBuilder("a,b,y\n");
            for (int i = 0; i < 40; i++) {
                sb.append(i == 3 ? bad : String.valueOf(i)).append(',').append(i % 7).append(',').append(i % 2).append('\n');
            }
            Path f = Files.writeString(dir.resolve("t.csv"), sb.toString());
            refused(CliTest.run("simulate", "skip-ring", "--data", "file:" + f, "--n", "10", "--hmax", "100"), "line 5", "column 1", bad);
            // A first line that is all NaN is data, not a header.
            Path g = Files.writeString(dir.resolve("g.csv"), "NaN,NaN,1\n" + sb.substring(6));
            refused(CliTest.run("simulate", "skip-ring", "--data", "file:" + g, "--n", "10", "--hmax", "100"), "line 1");
        }
        StringBuilder fed = new StringBuilder();
        for (int i = 0; i < 40; i++) {
            fed.append(i % 2).append(',').append(i == 9 ? "NaN" : "0.5").append(",1\n");
        }
        Path f = Files.writeString(dir.resolve("fed.csv"), fed.toString());
        refused(CliTest.run("simulate", "fedavg", "--data", "file:" + f, "--rounds", "1"), "line 10", "column 2", "NaN");
        Path bin = Files.write(dir.resolve("bin.csv"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0xc3, 0x28});
        refused(CliTest.run("simulate", "fedavg", "--data", "file:" + bin, "--rounds", "1"), bin.toString(), "not", "UTF-8");
        refused(CliTest.run("simulate", "skip-ring", "--data", "file:" + bin, "--n", "10", "--hmax", "100"), bin.toString(), "UTF-8");
    }

    @Test
    void aTargetSigmaOutsideTheorem3IsNamedNotPrinted() throws Exception {
        for (String target : new String[] {"100", "1e300"}) {
            CliTest.Run r = CliTest.run("bound", "pndp", "--graph", "er:30,0.3,1", "--T", "1000", "--alpha", "2", "--sigma", "3",
                    "--target-epsilon", target);
            assertEquals(0, r.code(), r.err());
            JsonNode j = Json.mapper().readTree(r.out());
            // Theorem 3 admits sigma >= sqrt(2 alpha (alpha - 1)) = 2 at alpha = 2.
            assertEquals(2.0, j.get("sigma_for_target").asDouble(), 1e-12);
            assertEquals("theorem3_range", j.get("sigma_for_target_set_by").asText());
            // The loss at sigma = 2 is the mean at sigma = 3 scaled by 9/4.
            assertEquals(j.get("mean").asDouble() * 9 / 4, j.get("epsilon_at_sigma_for_target").asDouble(), 1e-9);
            assertTrue(j.get("warning").asText().contains("slack"), r.out());
            // The reported sigma is accepted by the same command.
            CliTest.Run again = CliTest.run("bound", "pndp", "--graph", "er:30,0.3,1", "--T", "1000", "--alpha", "2", "--sigma",
                    j.get("sigma_for_target").asText());
            assertEquals(0, again.code(), again.err());
        }
        CliTest.Run in = CliTest.run("bound", "pndp", "--graph", "er:30,0.3,1", "--T", "1000", "--alpha", "2", "--sigma", "3",
                "--target-epsilon", "1");
        JsonNode j = Json.mapper().readTree(in.out());
        assertEquals(Math.sqrt(9 * j.get("mean").asDouble()), j.get("sigma_for_target").asDouble(), 1e-9);
        assertEquals("target", j.get("sigma_for_target_set_by").asText());
        assertTrue(j.get("warning") == null, in.out());
        CliTest.Run dp = CliTest.run("bound", "pndp", "--graph", "er:30,0.3,1", "--T", "1000", "--alpha", "2", "--sigma", "3",
                "--target-epsilon", "1e300", "--delta", "1e-5");
        JsonNode d = Json.mapper().readTree(dp.out());
        assertEquals("search_floor", d.get("sigma_for_target_set_by").asText());
        assertTrue(d.get("warning").asText().contains("every sigma >= 0.001"), dp.out());
    }

    @Test
    void dfedrwRefusesDelta2BelowOne() throws Exception {
        String[] base = {"bound", "dfedrw", "--n", "10", "--q", "0.75", "--lambda-p", "0.6", "--D", "2", "--k", "81"};
        for (String d2 : new String[] {"0", "1e-300", "0.5"}) {
            String[] a = java.util.Arrays.copyOf(base, base.length + 2);
            a[base.length] = "--delta2";
            a[base.length + 1] = d2;
            refused(CliTest.run(a), "--delta2", ">= 1");
        }
        refused(CliTest.run("bound", "dfedrw", "--n", "10", "--q", "0.4", "--lambda-p", "0.6", "--D", "2", "--k", "81"), "--q", "0.4");
        refused(CliTest.run("bound", "dfedrw", "--n", "10", "--q", "0.75", "--lambda-p", "0.6", "--D", "2", "--k", "81",
                "--w0-dist", "1e300"), "--w0-dist", "1.0E300");
    }

    @Test
    void gammaThetaPrintsNoNull() throws Exception {
        CliTest.Run r = CliTest.run("bound", "gamma-theta", "--epsilon", "0", "--delta", "0.5", "--l-min", "1", "--l-max", "2");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertEquals("not reached", j.get("theta_lemma3").asText());
        assertEquals("not reached", j.get("delta_lemma3_at_theta").asText());
        // Lemma 3's theta -> infinity limit at eps = 0, r = 2: max(1 - e^{-2 ln 2}, 2^{-1}) = 3/4 > 0.5.
        assertTrue(j.get("smallest_delta_lemma3").asDouble() > 0.5);
        assertFalse(r.out().contains("null"), r.out());
    }

    @Test
    void undefinedValuesAreTheDocumentedStrings() throws Exception {
        String readme = Files.readString(Path.of("..", "README.md"));
        assertTrue(readme.contains("`\"inf\"` for `mixing_time_bound`"), "README names the string");
        assertFalse(readme.contains("null only where"), "README no longer promises null");
        String dfedrw = Files.readString(Path.of("..", "docs", "dfedrw.md"));
        assertFalse(dfedrw.contains("prints `null`"), "docs/dfedrw.md no longer promises null");
        CliTest.Run g = CliTest.run("graph", "info", "--graph", "ring:4", "--weights", "simple");
        assertEquals("inf", Json.mapper().readTree(g.out()).get("mixing_time_bound").asText());
        CliTest.Run h = CliTest.run("graph", "info", "--help");
        assertFalse(h.out().contains("null"), h.out());
        CliTest.Run d = CliTest.run("bound", "dfedrw", "--help");
        assertFalse(d.out().contains("null"), d.out());
    }
}
