package rwdp.cluster;

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
                    + "|spark://[^\\s]+|yarn|k8s://[^\\s]+|mesos://[^\\s]+");

    /**
     * Returns the master URL to use: {@code option} when given (checked), else the one {@code spark-submit} set.
     *
     * @throws UserException when neither is given or the URL is not one Spark takes
     */
    static String master(String option) {
        String m = option != null ? option.strip() : System.getProperty("spark.master");
        if (m == null || m.isEmpty()) {
            throw new UserException("--master is required (local[*], spark://HOST:PORT, yarn, k8s://...) unless spark-submit sets it");
        }
        if (!MASTER.matcher(m).matches()) {
            throw new UserException("--master must be local, local[N], local[*], spark://HOST:PORT, yarn or k8s://URL, got '" + m + "'");
        }
        return m;
    }

    /** Returns a started Spark context on {@code master} named {@code app}, its UI link printed on stderr. */
    static JavaSparkContext start(String master, String app) {
        SparkConf conf = new SparkConf(true).setMaster(master).setAppName(app);
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
