package rwdp.cli;

import java.util.Locale;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The checks every numeric option gets before a command runs: NaN is never a meaningful value,
 * and ±∞ only where the option's description offers {@code inf} (e.g. {@code --clip inf}).
 * Ranges specific to an option are the command's to check, with {@link rwdp.check.Checks}.
 */
final class NumericOptions {
    private NumericOptions() {}

    private static final Pattern OFFERS_INF = Pattern.compile("\\binf(inity)?\\b", Pattern.CASE_INSENSITIVE);

    /** Throws a ParameterException naming the first option of the invoked command with NaN or a refused ±∞. */
    static void check(CommandLine.ParseResult parsed) {
        CommandLine.ParseResult leaf = parsed;
        while (leaf.hasSubcommand()) {
            leaf = leaf.subcommand();
        }
        for (OptionSpec o : leaf.matchedOptions()) {
            Class<?> t = o.type();
            if (t != double.class && t != Double.class && t != float.class && t != Float.class) {
                continue;
            }
            Object v = o.getValue();
            if (!(v instanceof Number num)) {
                continue;
            }
            double x = num.doubleValue();
            if (Double.isNaN(x)) {
                throw new CommandLine.ParameterException(leaf.commandSpec().commandLine(),
                        o.longestName() + " must be a number, got NaN");
            }
            if (Double.isInfinite(x) && !offersInfinity(o)) {
                throw new CommandLine.ParameterException(leaf.commandSpec().commandLine(),
                        o.longestName() + " must be finite, got " + (x > 0 ? "" : "-") + "inf");
            }
        }
    }

    private static boolean offersInfinity(OptionSpec o) {
        return OFFERS_INF.matcher(String.join(" ", o.description()).toLowerCase(Locale.ROOT)).find()
                || OFFERS_INF.matcher(o.paramLabel()).find();
    }
}
