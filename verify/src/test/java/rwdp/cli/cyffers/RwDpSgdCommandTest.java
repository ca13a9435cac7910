package rwdp.cli.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.cli.CliTest;

/**
 * {@code simulate rw-dp-sgd} through the whole command line, checked against what holds whatever
 * the draws: f(x) − f(x*) = ||x − x*||² for the averaging task (a quadratic with identity
 * Hessian), the noise scale σ·2C, the mean contribution T/n, the trajectory's rows and the cap;
 * and {@link Progress}, the stderr bar of the PNDP commands.
 */
class RwDpSgdCommandTest {

    @Test
    void averagingSummaryObeysTheQuadraticIdentityAndTheNoiseScale() throws Exception {
        JsonNode j = CliTest.json("simulate", "rw-dp-sgd", "--graph", "ring:12", "--T", "600", "--sigma", "0.5", "--clip", "2",
                "--gamma", "0.05", "--dim", "3", "--seed", "4");
        double gap = j.get("final_objective").asDouble() - j.get("optimal_objective").asDouble();
        double dist = j.get("final_distance_squared").asDouble();
        assertEquals(dist, gap, 1e-12 * Math.max(1, j.get("final_objective").asDouble()));
        assertEquals(4.0, j.get("sensitivity").asDouble(), "Δ defaults to 2C");
        assertEquals(0.5 * 4.0, j.get("noise_std").asDouble(), 1e-15);
        assertEquals(600 / 12.0, j.get("contributions_mean").asDouble(), 1e-12);
        assertTrue(j.get("contributions_max").asLong() >= 50, "some node gets at least the mean");
        assertEquals("averaging", j.get("task").asText());
        assertEquals(4, j.get("seed").asLong());
    }

    @Test
    void aHalfStepWithoutNoiseLandsOnTheVisitedNodesValue(@TempDir Path dir) throws Exception {
        // f_v(x) = ||x − y_v||² has gradient 2(x − y_v): with γ = 1/2, no clipping and σ = 0 one update
        // sets x = y_v, so after each step the objective depends only on the node just updated at.
        Path csv = dir.resolve("t.csv");
        CliTest.json("simulate", "rw-dp-sgd", "--graph", "ring:5", "--T", "200", "--gamma", "0.5", "--sigma", "0", "--clip", "inf",
                "--sensitivity", "1", "--every", "1", "--csv", csv.toString());
        List<String[]> rows = Files.readAllLines(csv).stream().skip(1).map(l -> l.split(",")).toList();
        assertEquals(201, rows.size());
        java.util.Map<String, Double> objectiveAfter = new java.util.HashMap<>();
        for (int t = 1; t < rows.size(); t++) {
            // A row's node is where the walk goes next; the update was made at the previous row's node.
            String updatedAt = rows.get(t - 1)[1];
            double objective = Double.parseDouble(rows.get(t)[2]);
            Double seen = objectiveAfter.putIfAbsent(updatedAt, objective);
            if (seen != null) {
                assertEquals(seen, objective, 1e-12 * Math.max(1, seen), "after an update at node " + updatedAt);
            }
        }
        assertEquals(5, objectiveAfter.size(), "a 200-step walk on ring:5 visits every node");
    }

    @Test
    void theTrajectoryHasOneRowPerEveryStepsAndEndsAtTheSummary(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("traj.csv");
        JsonNode j = CliTest.json("simulate", "rw-dp-sgd", "--graph", "ring:10", "--T", "250", "--every", "100", "--csv", csv.toString(),
                "--task", "logistic", "--samples", "4");
        List<String> lines = Files.readAllLines(csv);
        assertEquals("t,node,objective,distance_squared", lines.get(0));
        // Rows at t = 0, 100, 200 and the last step 250.
        assertEquals(List.of("0", "100", "200", "250"), lines.subList(1, lines.size()).stream().map(l -> l.split(",")[0]).toList());
        String[] last = lines.get(lines.size() - 1).split(",");
        assertEquals(j.get("final_objective").asDouble(), Double.parseDouble(last[2]), 0);
        assertEquals(j.get("final_distance_squared").asDouble(), Double.parseDouble(last[3]), 0);
        assertTrue(j.get("final_objective").asDouble() >= j.get("optimal_objective").asDouble() - 1e-12,
                "x* minimises the logistic objective");
        assertEquals(csv.toString(), j.get("csv").asText());
    }

    @Test
    void theCapBoundsEveryNodesContributionsAndTheSeedFixesTheRun() throws Exception {
        JsonNode capped = CliTest.json("simulate", "rw-dp-sgd", "--graph", "star:6", "--T", "60", "--cap", "7", "--seed", "9");
        assertTrue(capped.get("contributions_max").asLong() <= 7);
        JsonNode again = CliTest.json("simulate", "rw-dp-sgd", "--graph", "star:6", "--T", "60", "--cap", "7", "--seed", "9");
        assertEquals(capped, again);
        JsonNode other = CliTest.json("simulate", "rw-dp-sgd", "--graph", "star:6", "--T", "60", "--cap", "7", "--seed", "10");
        assertNotEquals(capped.get("final_objective"), other.get("final_objective"));
    }

    @Test
    void noClippingIsEchoedAsTheWordInf() throws Exception {
        JsonNode j = CliTest.json("simulate", "rw-dp-sgd", "--graph", "ring:5", "--T", "20", "--clip", "inf", "--sensitivity", "3",
                "--sigma", "2");
        assertEquals("inf", j.get("clip").asText());
        assertEquals(6.0, j.get("noise_std").asDouble(), 1e-15);
    }

    @Test
    void badInputExitsTwoWithoutOutput() {
        for (String[] bad : new String[][] {
            {"simulate", "rw-dp-sgd", "--graph", "ring:5", "--task", "regression"},
            {"simulate", "rw-dp-sgd", "--graph", "ring:5", "--start", "5"},
            {"simulate", "rw-dp-sgd", "--graph", "ring:5", "--every", "0"},
            {"simulate", "rw-dp-sgd", "--graph", "ring:5", "--ridge", "-1"},
        }) {
            CliTest.Run r = CliTest.run(bad);
            assertEquals(2, r.code(), String.join(" ", bad) + ": " + r.err());
            assertTrue(r.out().isBlank(), r.out());
        }
    }

    @Test
    void progressDrawsOnStderrOnlyWhenNotQuietAndNeverGoesBack() {
        PrintStream old = System.err;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setErr(new PrintStream(buf, true, StandardCharsets.UTF_8));
            try (Progress quiet = Progress.start(true, "silent", 10)) {
                quiet.accept(5);
            }
            assertEquals("", buf.toString(StandardCharsets.UTF_8), "--quiet draws nothing");
            try (Progress p = Progress.start(false, "senders", 10)) {
                p.accept(7);
                p.accept(3);
            }
        } finally {
            System.setErr(old);
        }
        String drawn = buf.toString(StandardCharsets.UTF_8);
        assertTrue(drawn.contains("senders"), drawn);
        assertTrue(drawn.contains("7/10"), drawn);
        assertFalse(drawn.contains("3/10"), "a smaller count never moves the bar back: " + drawn);
    }
}
