package rwdp.bench;

import org.openjdk.jmh.runner.options.CommandLineOptionException;
import org.openjdk.jmh.runner.options.CommandLineOptions;

/**
 * {@code ./rwdp bench [JMH options]}: checks the options the way JMH reads them and refuses a bad
 * one with one line on stderr and exit 2 (JMH itself prints its whole help and exits 1), then runs
 * JMH's own main.
 */
public final class JmhLauncher {
    private JmhLauncher() {}

    /**
     * Runs JMH with {@code args} after checking them.
     *
     * @throws Exception whatever JMH's main throws
     */
    public static void main(String[] args) throws Exception {
        try {
            new CommandLineOptions(args);
        } catch (CommandLineOptionException e) {
            String why = e.getMessage() == null ? "bad option" : e.getMessage().lines().findFirst().orElse("bad option");
            System.err.println("rwdp bench: " + why + " (JMH options: ./rwdp bench -h; the regression gate: ./rwdp bench --gate)");
            System.exit(2);
        }
        org.openjdk.jmh.Main.main(args);
    }
}
