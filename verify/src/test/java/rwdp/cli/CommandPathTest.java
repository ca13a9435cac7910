package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * {@link Main#commandLine(String[])} builds only the commands a command line names: each of them must be the command
 * of the whole tree (same help, same options with the same defaults), and anything else must get the whole tree.
 */
class CommandPathTest {
    /** Every command by its path below rwdp ("bound pndp", "graph info", "report"). */
    private static Map<String, CommandLine> commands(CommandLine c, String path, Map<String, CommandLine> out) {
        if (!path.isEmpty()) {
            out.put(path, c);
        }
        for (Map.Entry<String, CommandLine> e : c.getSubcommands().entrySet()) {
            commands(e.getValue(), (path + " " + e.getKey()).strip(), out);
        }
        return out;
    }

    /** What a command is to a user: its help, and each option's names, arity, default and whether it is required. */
    private static String describe(CommandLine c) {
        StringBuilder sb = new StringBuilder(c.getUsageMessage(CommandLine.Help.Ansi.OFF));
        for (OptionSpec o : c.getCommandSpec().options()) {
            sb.append('\n').append(String.join("|", o.names())).append(' ').append(o.arity()).append(' ')
                    .append(o.defaultValue()).append(' ').append(o.defaultValueString()).append(' ').append(o.required());
        }
        return sb.toString();
    }

    @Test
    void everyCommandOnItsOwnPathIsTheCommandOfTheWholeTree() {
        Map<String, CommandLine> whole = commands(Main.commandLine(), "", new TreeMap<>());
        for (Map.Entry<String, CommandLine> e : whole.entrySet()) {
            String[] path = e.getKey().split(" ");
            List<String> args = new ArrayList<>(List.of(path));
            args.add("--help");
            Map<String, CommandLine> built = commands(Main.commandLine(args.toArray(String[]::new)), "", new TreeMap<>());
            assertEquals(describe(e.getValue()), describe(built.get(e.getKey())), e.getKey());
        }
    }

    @Test
    void onlyTheNamedPathIsBuilt() {
        Map<String, CommandLine> built = commands(Main.commandLine(new String[] {"bound", "pndp", "--graph", "ring:5"}), "",
                new TreeMap<>());
        assertEquals(List.of("bound", "bound pndp"), new ArrayList<>(built.keySet()));
        assertEquals(List.of("graph", "graph info"),
                new ArrayList<>(commands(Main.commandLine(new String[] {"graph", "info"}), "", new TreeMap<>()).keySet()));
    }

    @Test
    void anythingElseGetsTheWholeTree() {
        int all = commands(Main.commandLine(), "", new TreeMap<>()).size();
        for (String[] args : List.of(new String[0], new String[] {"--help"}, new String[] {"bound"},
                new String[] {"bound", "--help"}, new String[] {"bound", "pndpx"}, new String[] {"simulate", "pndp"},
                new String[] {"bogus", "pndp"}, new String[] {"--version"})) {
            assertEquals(all, commands(Main.commandLine(args), "", new TreeMap<>()).size(), String.join(" ", args));
        }
    }
}
