package rwdp.cluster;

import sun.misc.Signal;

/**
 * SIGTERM (what YARN and Kubernetes send) and SIGINT (Ctrl-C) end a cluster command with one line and exit 143 or 130.
 * Checkpoint files are whole (each is renamed into place), so a rerun resumes; the failure the stopping Spark context
 * raises in the command's own thread is not reported.
 */
final class Signals {
    private Signals() {}

    private static volatile String stopping;

    /** Installs the handlers; {@code state} completes the line, e.g. "; the checkpoint keeps the finished blocks". */
    static void install(String state) {
        for (String name : new String[] {"TERM", "INT"}) {
            try {
                Signal.handle(new Signal(name), sig -> {
                    if (stopping != null) {
                        return;
                    }
                    stopping = name;
                    System.err.println("rwdp cluster: stopped by SIG" + name + state);
                    System.err.flush();
                    // Spark's shutdown hooks stop the context while tasks run: what they log and print then is not news.
                    Logs.silence();
                    System.setErr(new java.io.PrintStream(java.io.OutputStream.nullOutputStream()));
                    System.exit(128 + sig.getNumber());
                });
            } catch (IllegalArgumentException e) {
                // a JVM that reserves the signal (-Xrs): the default exit stays
            }
        }
    }

    /** Returns whether a signal is ending the process. */
    static boolean stopping() {
        return stopping != null;
    }

    /**
     * When a signal is ending the process, waits for the exit (so {@code e}, the stopping context's failure, is not
     * reported); else rethrows {@code e}.
     */
    static RuntimeException failure(RuntimeException e) {
        if (stopping != null) {
            while (true) {
                try {
                    Thread.sleep(60_000);
                } catch (InterruptedException ie) {
                    // the exit is under way
                }
            }
        }
        return e;
    }
}
