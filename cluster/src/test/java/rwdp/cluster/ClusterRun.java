package rwdp.cluster;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import rwdp.cli.Main;

/** Runs rwdp's command line (local commands through {@link Main}, cluster ones through {@link ClusterMain}) in this JVM. */
final class ClusterRun {
    private ClusterRun() {}

    record Run(int code, String out, String err) {}

    static Run local(String... args) {
        return run(Main.commandLine(), args);
    }

    static Run cluster(String... args) {
        return run(ClusterMain.commandLine(), args);
    }

    private static synchronized Run run(CommandLine cl, String... args) {
        PrintStream oldOut = System.out;
        PrintStream oldErr = System.err;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            StringWriter ew = new StringWriter();
            cl.setErr(new PrintWriter(ew, true));
            int code = cl.execute(args);
            return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8) + ew);
        } finally {
            System.setOut(oldOut);
            System.setErr(oldErr);
        }
    }

    /** Returns the JSON text without its {@code seconds} line (the one field that is a measurement). */
    static String withoutSeconds(String json) {
        return json.replaceAll("(?m)^\\s*\"seconds\" : [^\\n]*\\n", "");
    }
}
