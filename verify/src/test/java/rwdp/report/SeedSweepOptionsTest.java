package rwdp.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The sweep's edge: help, bad options and a user's file at {@code --out} end before any claim runs. */
class SeedSweepOptionsTest {
    private final StringWriter err = new StringWriter();
    private final StringWriter out = new StringWriter();

    private int run(String... args) {
        CommandLine cl = SeedSweep.commandLine();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(out, true));
        return cl.execute(args);
    }

    @Test
    void helpPrintsUsageAndRunsNothing() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString().contains("--hashed"), out.toString());
    }

    @Test
    void badOptionsAreOneLineAndExitTwo(@TempDir Path dir) {
        String table = dir.resolve("t.md").toString();
        String[][] cases = {
            {"--hashed", "3", "--out", table, "--bogus", "1"},
            {"--hashed", "0", "--out", table},
            {"--from", "5", "--to", "4", "--out", table},
            {"--hashed", "2", "--profile", "medium", "--out", table},
            {"--hashed", "2", "--threads", "-1", "--out", table},
            {"--hashed", "2"},
            {"--hashed", "2", "--only", "no.such.claim", "--out", table},
        };
        for (String[] c : cases) {
            err.getBuffer().setLength(0);
            assertEquals(2, run(c), String.join(" ", c));
            assertEquals(1, err.toString().strip().lines().count(), err.toString());
            assertTrue(Files.notExists(dir.resolve("t.md")), String.join(" ", c));
        }
    }

    @Test
    void aUsersFileAtOutIsRefusedAndKept(@TempDir Path dir) throws Exception {
        Path mine = Files.writeString(dir.resolve("notes.md"), "# my notes\n");
        assertEquals(2, run("--hashed", "1", "--only", "core.rows-stochastic", "--out", mine.toString()));
        assertEquals("# my notes\n", Files.readString(mine));
        assertEquals(2, run("--hashed", "1", "--only", "core.rows-stochastic", "--out", dir.toString()));
    }

    @Test
    void aSweepTableIsReplacedByTheNextSweep(@TempDir Path dir) throws Exception {
        Path table = dir.resolve("t.md");
        assertEquals(0, run("--from", "1", "--to", "1", "--only", "core.rows-stochastic", "--out", table.toString()));
        String first = Files.readString(table);
        assertTrue(first.startsWith(SeedSweep.MARK) && first.contains("`core.rows-stochastic` | HOLDS | 1 | 1 |"), first);
        assertEquals(0, run("--from", "2", "--to", "3", "--only", "core.rows-stochastic", "--out", table.toString()));
        assertTrue(Files.readString(table).contains("`core.rows-stochastic` | HOLDS | 2 | 2 |"), Files.readString(table));
    }
}
