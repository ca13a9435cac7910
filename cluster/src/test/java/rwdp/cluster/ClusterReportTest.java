package rwdp.cluster;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.spark.SparkConf;
import org.apache.spark.api.java.JavaSparkContext;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.random.MonteCarlo;

/** The claims' Monte Carlo on Spark (local[2]): trial i's number at index i, so the evidence is the local run's. */
class ClusterReportTest {

    @Test
    void sparkTrialsGiveTheLocalNumbersAtTheSameIndices() {
        MonteCarlo.VectorTrial t = (i, rng) -> new double[] {i, rng.nextGaussian(), rng.nextDouble()};
        double[][] local = MonteCarlo.runVectors(101, 5, t);
        JavaSparkContext sc = new JavaSparkContext(new SparkConf().setMaster("local[2]").setAppName("test"));
        try {
            SparkTrials spark = new SparkTrials(sc, true);
            double[][] remote = spark.runVectors(101, 5, t);
            for (int i = 0; i < local.length; i++) {
                assertArrayEquals(local[i], remote[i], "trial " + i);
            }
            assertEquals(1, spark.remoteCalls());
            // A trial capturing what Java cannot serialize runs in the driver, with the same numbers.
            Object notSerializable = new Object();
            MonteCarlo.VectorTrial captured = (i, rng) -> new double[] {notSerializable.hashCode() * 0 + rng.nextDouble()};
            double[][] a = MonteCarlo.runVectors(20, 3, captured);
            double[][] b = spark.runVectors(20, 3, captured);
            assertTrue(Arrays.deepEquals(a, b));
            assertEquals(1, spark.remoteCalls());
            assertTrue(spark.summary().contains("NotSerializableException"), spark.summary());
        } finally {
            sc.stop();
        }
    }

    @Test
    void clusterReportWritesTheLocalEvidence(@TempDir Path tmp) throws IOException {
        String only = "core.alias-sampler";
        ClusterRun.Run local = ClusterRun.local("report", "--only", only, "--out", tmp.resolve("local").toString(), "--quiet");
        assertEquals(0, local.code(), local.err());
        ClusterRun.Run cluster = ClusterRun.cluster("cluster", "report", "--only", only, "--out", tmp.resolve("cluster").toString(),
                "--quiet", "--master", "local[2]");
        assertEquals(0, cluster.code(), cluster.err());
        Matcher m = Pattern.compile("(\\d+) Monte Carlo calls \\((\\d+) trials\\) ran on executors").matcher(cluster.err());
        assertTrue(m.find(), cluster.err());
        assertTrue(Integer.parseInt(m.group(1)) > 0, cluster.err());
        assertEquals(evidence(tmp.resolve("local")), evidence(tmp.resolve("cluster")));
        assertFalse(evidence(tmp.resolve("local")).isEmpty());
    }

    @Test
    void badInputIsRefusedBeforeSparkStarts(@TempDir Path tmp) throws IOException {
        int started = SparkJobs.STARTED.get();
        Path file = Files.writeString(tmp.resolve("file"), "mine");
        for (String[] args : new String[][] {
            {"cluster", "report", "--only", "no-such-claim.", "--master", "local[2]", "--out", tmp.resolve("a").toString()},
            {"cluster", "report", "--profile", "huge", "--master", "local[2]", "--out", tmp.resolve("b").toString()},
            {"cluster", "report", "--only", "ayache.", "--master", "nowhere", "--out", tmp.resolve("c").toString()},
            {"cluster", "report", "--only", "ayache.", "--master", "yarn", "--out", tmp.resolve("d").toString()},
            {"cluster", "report", "--only", "ayache.", "--master", "spark://127.0.0.1:1", "--out", tmp.resolve("e").toString()},
            {"cluster", "report", "--only", "core.alias-sampler", "--master", "local[2]", "--out", file.toString()},
            {"cluster", "report", "--only", "core.alias-sampler", "--master", "local[2]", "--out", file.resolve("sub").toString()},
            {"cluster", "report", "--only", "yakimenka.fig4-housing", "--runs-scale", "10000", "--master", "local[2]",
                "--out", tmp.resolve("f").toString()},
        }) {
            ClusterRun.Run r = ClusterRun.cluster(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
        assertEquals(started, SparkJobs.STARTED.get());
        for (String d : new String[] {"a", "b", "c", "d", "e", "f"}) {
            assertFalse(Files.exists(tmp.resolve(d)), d);
        }
        assertEquals("mine", Files.readString(file));
    }

    @Test
    void theRunsScaleEstimateIsStatedAndScalesWithK(@TempDir Path tmp) {
        ClusterRun.Run r = ClusterRun.cluster("cluster", "report", "--only", "yakimenka.fig4-housing", "--runs-scale", "10000",
                "--master", "local[2]", "--out", tmp.resolve("f").toString());
        // Quick profile: (12 runs x 6 cases + 120 runs x 2 cases) = 312 runs at 0.05 CPU s, times 10,000: 43.3 core-hours.
        assertTrue(r.err().contains("--runs-scale 10000 would take about 43.3 core-hours (3120000 runs"), r.err());
        assertTrue(r.err().contains("--runs-scale <= 461"), r.err());
        // A budget that covers the estimate lets the same scale through.
        RunsScaleCost.check(rwdp.claims.Profile.QUICK, rwdp.registry.ClaimRegistry.matching("yakimenka.fig4-housing"), 10_000, 44);
        assertEquals(2 * 43.33, RunsScaleCost.coreHours(rwdp.claims.Profile.QUICK,
                rwdp.registry.ClaimRegistry.matching("yakimenka.fig4-housing"), 20_000), 0.01);
    }

    /** claims.json without its measured times. */
    private static String evidence(Path dir) throws IOException {
        JsonNode j = new ObjectMapper().readTree(dir.resolve("claims.json").toFile());
        strip(j);
        return j.toString();
    }

    private static void strip(JsonNode j) {
        if (j instanceof ObjectNode o) {
            o.remove("seconds");
            o.remove("run");
        }
        j.forEach(ClusterReportTest::strip);
    }
}
