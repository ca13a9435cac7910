package rwdp.cluster;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.Locale;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import rwdp.cli.common.UserException;

/** Starts the Spark context of a job, after its input has been checked on the driver. */
final class SparkJobs {
    private SparkJobs() {}

    /** How many contexts this JVM started (a test sees that bad input started none). */
    static final java.util.concurrent.atomic.AtomicInteger STARTED = new java.util.concurrent.atomic.AtomicInteger();

    private static final Pattern MASTER = Pattern.compile(
            "local(\\[(\\*|[1-9][0-9]*)(,[1-9][0-9]*)?])?|local-cluster\\[[1-9][0-9]*,[1-9][0-9]*,[1-9][0-9]*]"
                    + "|spark://[^\\s]+|yarn|k8s://[^\\s]+");

    /**
     * Returns the master URL to use: {@code option} when given (checked), else the one {@code spark-submit} set.
     *
     * @throws UserException when neither is given, the URL is not one Spark takes, or its cluster manager (YARN,
     *     Kubernetes) is not on the class path
     */
    static String master(String option) {
        String m = option != null ? option.strip() : System.getProperty("spark.master");
        if (m == null || m.isEmpty()) {
            throw new UserException("--master is required (local[*], spark://HOST:PORT, yarn, k8s://...) unless spark-submit sets it");
        }
        if (m.startsWith("mesos://")) {
            throw new UserException("--master " + m + ": Spark 4 has no Mesos support; use local[*], spark://HOST:PORT, yarn or k8s://URL");
        }
        if (!MASTER.matcher(m).matches()) {
            throw new UserException("--master must be local, local[N], local[*], spark://HOST:PORT, yarn or k8s://URL, got '" + m + "'");
        }
        String manager = m.equals("yarn") ? "org.apache.spark.deploy.yarn.YarnClusterManager"
                : m.startsWith("k8s://") ? "org.apache.spark.scheduler.cluster.k8s.KubernetesClusterManager" : null;
        if (manager != null && !present(manager)) {
            throw new UserException("--master " + m + " needs Spark's " + (m.equals("yarn") ? "YARN" : "Kubernetes")
                    + " module, which ./rwdp cluster does not carry: run cluster/target/rwdp-cluster.jar with spark-submit from a Spark"
                    + " distribution (docs/cluster.md)");
        }
        return m;
    }

    private static boolean present(String cls) {
        try {
            Class.forName(cls, false, SparkJobs.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }

    /**
     * Checks that a standalone master ({@code spark://HOST:PORT[,HOST:PORT...]}) accepts connections (within 5 s
     * each), so a wrong address is refused before Spark retries it for minutes.
     *
     * @throws UserException when no listed master accepts a connection
     */
    static void reachable(String master) {
        if (!master.startsWith("spark://")) {
            return;
        }
        String why = null;
        for (String hp : master.substring("spark://".length()).split(",")) {
            int colon = hp.lastIndexOf(':');
            int port;
            try {
                port = colon > 0 ? Integer.parseInt(hp.substring(colon + 1)) : -1;
            } catch (NumberFormatException e) {
                port = -1;
            }
            if (port < 1 || port > 65535) {
                throw new UserException("--master " + master + ": '" + hp + "' is not HOST:PORT");
            }
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(hp.substring(0, colon), port), 5000);
                return;
            } catch (IOException e) {
                why = hp + ": " + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
            }
        }
        throw new UserException("--master " + master + ": no Spark master answers (" + why + ")");
    }

    /** Returns a started Spark context on {@code master} named {@code app}, its UI link printed on stderr. */
    static JavaSparkContext start(String master, String app) {
        Logs.quiet();
        SparkConf conf = new SparkConf(true).setMaster(master).setAppName(app);
        if (!conf.contains("spark.log.level") && Logs.sparkDefaults()) {
            // Spark reloads its INFO defaults while its context starts, over the configuration Logs installed.
            conf.set("spark.log.level", "WARN");
        }
        if (!conf.contains("spark.driver.host") && master.startsWith("local")) {
            conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1");
        }
        if (!master.startsWith("local") && !conf.contains("spark.jars")) {
            // Started without spark-submit (./rwdp cluster --master spark://...): ship this application jar to executors.
            String jar = JavaSparkContext.jarOfClass(SparkJobs.class).length > 0 ? JavaSparkContext.jarOfClass(SparkJobs.class)[0] : null;
            if (jar != null && jar.endsWith(".jar")) {
                conf.setJars(new String[] {jar});
            }
        }
        STARTED.incrementAndGet();
        JavaSparkContext sc = new JavaSparkContext(conf);
        sc.setLogLevel("WARN");
        String ui = sc.sc().uiWebUrl().isDefined() ? sc.sc().uiWebUrl().get() : "disabled (spark.ui.enabled=false)";
        System.err.printf(Locale.ROOT, "rwdp cluster: %s on %s, Spark %s, UI %s%n", app, master, sc.version(), ui);
        return sc;
    }
}
