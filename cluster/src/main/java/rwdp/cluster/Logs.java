package rwdp.cluster;

import java.net.URISyntaxException;
import java.net.URL;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LoggerContext;

/**
 * Spark's messages at WARN. Under a real spark-submit the application jar is not on the JVM's class path, so log4j
 * never sees its log4j2.properties and Spark installs its own defaults (INFO): those, and log4j's bare default, are
 * replaced by rwdp's configuration; a configuration the user chose (SPARK_CONF_DIR, -Dlog4j2.configurationFile) stays.
 */
final class Logs {
    private Logs() {}

    /**
     * Returns whether log4j runs on its bare default or Spark's INFO defaults (no configuration the user chose), in the
     * context Spark's own classes log to.
     */
    static boolean sparkDefaults() {
        try {
            if (LogManager.getContext(org.apache.spark.SparkConf.class.getClassLoader(), false) instanceof LoggerContext ctx) {
                String where = ctx.getConfiguration().getConfigurationSource().getLocation();
                return where == null || where.contains("log4j2-defaults") || where.endsWith("rwdp-cluster.jar!/log4j2.properties");
            }
        } catch (LinkageError e) {
            // another logging backend
        }
        return false;
    }

    /** Turns every logger of Spark's log context off (the process is ending on a signal). */
    static void silence() {
        try {
            if (LogManager.getContext(org.apache.spark.SparkConf.class.getClassLoader(), false) instanceof LoggerContext ctx) {
                ctx.getConfiguration().getLoggers().values().forEach(l -> l.setLevel(org.apache.logging.log4j.Level.OFF));
                ctx.getConfiguration().getRootLogger().setLevel(org.apache.logging.log4j.Level.OFF);
                ctx.updateLoggers();
            }
        } catch (LinkageError e) {
            // another logging backend
        }
    }

    /** Applies rwdp's log configuration unless the user chose one. */
    static void quiet() {
        try {
            // The context Spark's own classes log to: under spark-submit this class comes from another class loader,
            // whose context (log4j selects one per loader) is not the one Spark configured.
            if (!(LogManager.getContext(org.apache.spark.SparkConf.class.getClassLoader(), false) instanceof LoggerContext ctx)) {
                return;
            }
            String where = ctx.getConfiguration().getConfigurationSource().getLocation();
            if (where == null || where.contains("log4j2-defaults")) {
                URL ours = Logs.class.getResource("/log4j2.properties");
                if (ours != null) {
                    ctx.setConfigLocation(ours.toURI());
                }
            }
        } catch (URISyntaxException | LinkageError e) {
            // another logging backend: leave it
        }
    }
}
