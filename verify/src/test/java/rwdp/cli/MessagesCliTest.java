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

/** Issue 19 §4: refusals name the option, the value and what would work, and point the right way. */
class MessagesCliTest {

    @Test
    void aTinySigmaAsksForALargerOneNeverForAlphaBelowOne() {
        CliTest.Run r = CliTest.run("bound", "pndp", "--graph", "er:30,0.3,1", "--T", "1000", "--alpha", "2", "--sigma", "1e-300");
        SilentInputCliTest.refused(r, "--sigma", "1.0E-300", "--sigma >= 2.0");
        assertFalse(r.err().contains("alpha <= 1.0 "), r.err());
        assertFalse(r.err().contains("smaller values"), r.err());
        CliTest.Run f = CliTest.run("bound", "pndp", "--graph", "er:30,0.3,1", "--T", "1000", "--alpha", "2", "--sigma", "1e-300",
                "--force");
        SilentInputCliTest.refused(f, "--sigma", "too small", "larger");
        for (String cmd : new String[] {"pndp-ring", "pndp-star"}) {
            CliTest.Run s = CliTest.run("bound", cmd, "--n", "10", "--u", "1", "--v", "3", "--alpha", "2", "--sigma", "1e-300",
                    "--T", "10", "--kappa", "0.3");
            SilentInputCliTest.refused(s, "--sigma", "larger");
        }
        // Between the two: a sigma whose largest admissible alpha is above 1 offers both ways out.
        CliTest.Run b = CliTest.run("bound", "pndp", "--graph", "er:30,0.3,1", "--T", "1000", "--alpha", "2", "--sigma", "0.5");
        SilentInputCliTest.refused(b, "--sigma >= 2.0", "--alpha <= 1.11");
    }

    @Test
    void extremeInputRangesNameTheRange() {
        for (String[] lr : new String[][] {{"1e-300", "1e300"}, {"1e-160", "1e160"}}) {
            SilentInputCliTest.refused(CliTest.run("bound", "gamma-theta", "--epsilon", "1", "--delta", "0.5", "--l-min", lr[0],
                    "--l-max", lr[1]), "l-min", "l-max", "narrower");
            CliTest.Run d = CliTest.run("bound", "gamma-delta", "--epsilon", "1", "--theta", "1", "--l-min", lr[0], "--l-max", lr[1]);
            SilentInputCliTest.refused(d, "l-min", "narrower");
            assertFalse(d.err().contains("NaN") || d.err().contains("shape must be positive"), d.err());
        }
    }

    @Test
    void gammaDeltaReportsDeltaBelowTheDoubleRangeInLogSpace() throws Exception {
        CliTest.Run r = CliTest.run("bound", "gamma-delta", "--epsilon", "2062", "--theta", "1", "--l-min", "1", "--l-max", "2");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertEquals(0.0, j.get("delta_exact").asDouble());
        // Shapes 1 and 2: the pair (1, 2) has delta = u/2 - u^2/6 + ..., u = e^{-eps}: log10 = -(eps + ln 2)/ln 10.
        assertEquals(-(2062 + Math.log(2)) / Math.log(10), j.get("log10_delta_exact").asDouble(), 1e-9);
        assertEquals(-2062 / Math.log(10), j.get("log10_delta_lemma3").asDouble(), 1e-9);
        CliTest.Run in = CliTest.run("bound", "gamma-delta", "--epsilon", "1", "--theta", "10", "--l-min", "1", "--l-max", "2");
        JsonNode k = Json.mapper().readTree(in.out());
        assertEquals(Math.log10(k.get("delta_exact").asDouble()), k.get("log10_delta_exact").asDouble(), 1e-9);
        assertEquals(Math.log10(k.get("delta_floor_lemma3").asDouble()), k.get("log10_delta_floor_lemma3").asDouble(), 1e-9);
        SilentInputCliTest.refused(CliTest.run("bound", "gamma-delta", "--epsilon", "1e300", "--theta", "1", "--l-min", "1",
                "--l-max", "2"), "--epsilon", "1.0E300", "at most");
    }

    @Test
    void dfedrwNamesTheOptionThatOverflows() {
        CliTest.Run w = CliTest.run("bound", "dfedrw", "--n", "10", "--q", "0.75", "--lambda-p", "0.6", "--D", "2", "--k", "81",
                "--w0-dist", "1e300");
        SilentInputCliTest.refused(w, "--w0-dist");
        assertFalse(w.err().contains("--lambda-p"), w.err());
        SilentInputCliTest.refused(CliTest.run("bound", "dfedrw", "--n", "10", "--q", "0.75", "--lambda-p", "0.6", "--D", "1e300",
                "--k", "81"), "--D 1.0E300");
    }

    @Test
    void graphFilesAndOutputsAreNamed(@TempDir Path dir) throws Exception {
        CliTest.Run e = CliTest.run("graph", "info", "--graph", "file:");
        SilentInputCliTest.refused(e, "file:", "names no file", "file:PATH");
        assertFalse(e.err().contains("directory"), e.err());
        Path loop = Files.writeString(dir.resolve("onenode.txt"), "0 0\n");
        CliTest.Run one = CliTest.run("graph", "info", "--graph", "file:" + loop);
        SilentInputCliTest.refused(one, "--graph", "1 node", "self-loop", "at least 2 nodes");
        CliTest.Run csv = CliTest.run("simulate", "fedavg", "--rounds", "1", "--csv", "");
        SilentInputCliTest.refused(csv, "--csv", "names no file");
        CliTest.Run folder = CliTest.run("simulate", "fedavg", "--rounds", "1", "--csv", dir.toString());
        SilentInputCliTest.refused(folder, "--csv " + dir, "folder");
    }

    @Test
    void theOverflowFallbackDoesNotSayUseSmallerValues() throws Exception {
        String src = Files.readString(Path.of("src/main/java/rwdp/cli/common/Outputs.java"));
        assertFalse(src.contains("use smaller values"), "printJson's fallback must not point one way for every input");
    }
}
