package rwdp.cli.common;

import java.util.ArrayList;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The defaults a command gives to the shared option groups ({@link GraphOptions}, {@link WeightOptions}): an option
 * group is declared once, and a command whose paper fixes another default (Ayache et al.'s ER graph, Wang et al.'s 20
 * devices, Cyffers et al.'s Metropolis weights) says so in {@link Declared#optionDefaults()}. A required option with a
 * command default is optional in that command, and its help says the default.
 */
public final class CommandDefaults implements CommandLine.IDefaultValueProvider {
    /** Implemented by a command that gives shared options defaults of its own. */
    public interface Declared {
        /** Returns the command's default value of each shared option it sets, by the option's long name. */
        Map<String, String> optionDefaults();
    }

    /** Returns the command's own default of {@code arg}, or null for the option's declared one. */
    @Override
    public String defaultValue(ArgSpec arg) {
        if (arg instanceof OptionSpec o && arg.command() != null && arg.command().userObject() instanceof Declared d) {
            return d.optionDefaults().get(o.longestName());
        }
        return null;
    }

    /**
     * Installs the defaults on {@code root} and every command below it (call after the last subcommand is added), and
     * appends "(default: X)" to the help of each option declared without a default (a required one) that a command gives one.
     */
    public static void install(CommandLine root) {
        CommandDefaults provider = new CommandDefaults();
        root.setDefaultValueProvider(provider);
        describe(root, provider);
    }

    private static void describe(CommandLine cl, CommandDefaults provider) {
        CommandSpec spec = cl.getCommandSpec();
        for (OptionSpec o : new ArrayList<>(spec.options())) {
            String def = provider.defaultValue(o);
            // An option declared with a default says it through ${DEFAULT-VALUE}, which picocli takes from this provider;
            // one declared without (a required one) is given the text here.
            if (def != null && o.defaultValue() == null) {
                String[] d = o.description().clone();
                d[d.length - 1] = d[d.length - 1] + " (default: " + def + ")";
                spec.remove(o);
                spec.addOption(o.toBuilder().description(d).build());
            }
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            describe(sub, provider);
        }
    }
}
