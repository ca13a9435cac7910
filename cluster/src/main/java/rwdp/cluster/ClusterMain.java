package rwdp.cluster;

import java.io.PrintWriter;
import picocli.CommandLine;
import rwdp.cli.Main;

/**
 * The main class of the Spark application: rwdp's command line with {@code cluster pndp} and {@code cluster report}
 * attached (so the same checks, exit codes and output rules apply). {@code spark-submit --class rwdp.cluster.ClusterMain
 * rwdp-cluster.jar cluster pndp ...}.
 */
public final class ClusterMain {
    private ClusterMain() {}

    /** Returns rwdp's command line with the {@code cluster} commands attached. */
    public static CommandLine commandLine() {
        CommandLine cl = Main.commandLine();
        CommandLine cluster = new CommandLine(new ClusterCommand());
        Main.configure(cluster);
        cl.addSubcommand("cluster", cluster);
        return cl;
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        Logs.quiet();
        int code;
        try {
            code = commandLine().execute(args);
        } catch (OutOfMemoryError e) {
            new PrintWriter(System.err, true).println("rwdp: internal error: out of memory (" + Runtime.getRuntime().maxMemory()
                    / (1 << 20) + " MB heap); give the driver more memory (--driver-memory or RWDP_JAVA_OPTS=-Xmx...)");
            code = 3;
        }
        System.exit(code);
    }
}
