package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import rwdp.cli.common.GraphOptions;
import rwdp.cli.common.SeedOption;
import rwdp.cli.common.WeightOptions;

/**
 * Each shared concept is declared once: every command's {@code --graph}, {@code --weights}, {@code --node-weights} and
 * {@code --seed} is the field of its option group, so defaults, parsing and help cannot drift between commands.
 */
class OptionGroupsTest {
    private static final Map<String, Class<?>> GROUP = Map.of("--graph", GraphOptions.class, "--weights", WeightOptions.class,
            "--node-weights", WeightOptions.class, "--seed", SeedOption.class);

    @Test
    void everySharedOptionIsItsGroupsField() {
        List<String> seen = new ArrayList<>();
        walk(Main.commandLine(), seen);
        // The groups are in use where the papers need them: graph info, bound pndp and the five simulations that walk a graph.
        assertTrue(seen.stream().filter(s -> s.endsWith(" --graph")).count() >= 8, seen.toString());
        assertTrue(seen.stream().filter(s -> s.endsWith(" --seed")).count() >= 10, seen.toString());
    }

    private static void walk(CommandLine cl, List<String> seen) {
        for (OptionSpec o : cl.getCommandSpec().options()) {
            Class<?> group = GROUP.get(o.longestName());
            if (group != null) {
                Object where = o.userObject();
                assertTrue(where instanceof Field, cl.getCommandSpec().qualifiedName() + " " + o.longestName() + " is not a field");
                assertEquals(group, ((Field) where).getDeclaringClass(),
                        cl.getCommandSpec().qualifiedName() + " declares its own " + o.longestName());
                seen.add(cl.getCommandSpec().qualifiedName() + " " + o.longestName());
            }
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            walk(sub, seen);
        }
    }

    @Test
    void aCommandsOwnDefaultIsUsedAndShown() {
        CommandLine cl = Main.commandLine();
        CommandLine uniform = cl.getSubcommands().get("simulate").getSubcommands().get("uniform-rw");
        CommandLine pndp = cl.getSubcommands().get("bound").getSubcommands().get("pndp");
        assertEquals("er:100,0.3,1", uniform.getCommandSpec().findOption("--graph").defaultValueString());
        assertTrue(uniform.getUsageMessage().contains("(default: er:100,0.3,1)"));
        assertEquals("metropolis", pndp.getCommandSpec().findOption("--weights").defaultValueString());
        // Required where the command has no default of its own.
        assertTrue(pndp.getCommandSpec().findOption("--graph").required());
    }
}
