package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.report.Json;

/** Messages for graph inputs say what is wrong, and what an edge list lost is said on stderr. */
class GraphInputCliTest {
    @Test
    void droppedSelfLoopsAndDuplicatesAreCounted(@TempDir Path dir) throws Exception {
        // 4-cycle plus a chord, with 2 self-loops and 3 duplicates (one reversed).
        Path f = Files.writeString(dir.resolve("e.txt"), "0 1\n1 2\n2 3\n3 0\n0 2\n1 1\n3 3\n1 0\n0 1\n2 0\n");
        CliTest.Run r = CliTest.run("graph", "info", "--graph", "file:" + f);
        assertEquals(0, r.code(), r.err());
        assertTrue(r.err().contains("dropped 2 self-loop(s) and 3 duplicate edge(s)"), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertEquals(5, j.get("edges").asInt());
    }

    @Test
    void aByteOrderMarkIsAccepted(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("bom.txt"), "\uFEFF0 1\n1 2\n2 0\n", StandardCharsets.UTF_8);
        CliTest.Run r = CliTest.run("graph", "info", "--graph", "file:" + f);
        assertEquals(0, r.code(), r.err());
        assertEquals(3, Json.mapper().readTree(r.out()).get("n").asInt());
    }

    @Test
    void messagesNameTheProblem(@TempDir Path dir) throws Exception {
        Path bin = Files.write(dir.resolve("b.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0x80, 0x28});
        Path nul = Files.write(dir.resolve("n.bin"), new byte[] {'0', ' ', '1', 0, '\n'});
        String[][] cases = {
            {"file:" + dir, "is a directory"},
            {"file:" + bin, "not a text edge list"},
            {"file:" + nul, "binary file"},
            {"ring:99999999999", "too large"},
            {"complete:100000", "too large"},
            {"complete:1", "at least 2 nodes"},
        };
        for (String[] c : cases) {
            CliTest.Run r = CliTest.run("graph", "info", "--graph", c[0]);
            assertEquals(2, r.code(), c[0] + ": " + r.err());
            assertTrue(r.err().contains(c[1]), c[0] + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
    }

    @Test
    void anOutputThatIsAnInputIsRefused(@TempDir Path dir) throws Exception {
        Path f = Files.writeString(dir.resolve("e.txt"), "5 6\n6 7\n7 5\n");
        CliTest.Run r = CliTest.run("graph", "info", "--graph", "file:" + f, "--mapping", f.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals("5 6\n6 7\n7 5\n", Files.readString(f));
    }
}
