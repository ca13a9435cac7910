package rwdp.cli;

import java.lang.reflect.AnnotatedElement;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import rwdp.cli.common.InfinityAllowed;

/**
 * The checks every numeric option gets before a command runs: NaN is never a meaningful value,
 * and ±∞ only where the option is marked {@link InfinityAllowed} (e.g. {@code --clip inf}).
 * Ranges specific to an option are the command's to check, with {@link rwdp.check.Checks}.
 */
final class NumericOptions {
    private NumericOptions() {}

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

    /** Returns whether the option's field or method carries the {@link InfinityAllowed} marker. */
    static boolean offersInfinity(OptionSpec o) {
        return o.userObject() instanceof AnnotatedElement e && e.isAnnotationPresent(InfinityAllowed.class);
    }
}
