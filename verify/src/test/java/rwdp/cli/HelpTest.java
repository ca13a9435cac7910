package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --help} of every command and sub-command renders without a picocli warning. */
class HelpTest {
    static void collect(CommandLine c, List<List<String>> out, List<String> path) {
        out.add(path);
        for (var e : c.getSubcommands().entrySet()) {
            if (e.getValue().getCommandName().equals(e.getKey())) {
                List<String> p = new ArrayList<>(path);
                p.add(e.getKey());
                collect(e.getValue(), out, p);
            }
        }
    }

    @Test
    void everyHelpPageRendersWithoutWarnings() {
        List<List<String>> commands = new ArrayList<>();
        collect(Main.commandLine(), commands, List.of());
        assertTrue(commands.size() > 20, "found " + commands.size() + " commands");
        for (List<String> cmd : commands) {
            List<String> args = new ArrayList<>(cmd);
            args.add("--help");
            CliTest.Run r = CliTest.run(args.toArray(String[]::new));
            assertEquals(0, r.code(), args + ": " + r.err());
            // picocli reports an unformattable description (a lone % sign) as a WARN line on stderr.
            assertFalse(r.err().contains("WARN"), args + " printed a warning: " + r.err());
            assertTrue(r.err().isBlank(), args + " printed on stderr: " + r.err());
            assertTrue(r.out().startsWith("Usage: rwdp"), args + ": " + r.out());
        }
    }

    @Test
    void descriptionsAreNotBrokenWhereTheSourceLineEnded() {
        CliTest.Run r = CliTest.run("bound", "skip-epsilon", "--help");
        // The description's source lines break after "Theorem 3 for"; the help must not.
        assertTrue(r.out().replace("\n", " ").contains("Theorem 3 for rand-ring"), r.out());
        assertFalse(r.out().contains("Theorem 3 for\n"), r.out());
    }
}
