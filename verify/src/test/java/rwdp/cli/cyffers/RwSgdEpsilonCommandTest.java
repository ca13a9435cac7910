package rwdp.cli.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.cli.CliTest;

/**
 * {@code bound rw-dp-sgd-epsilon} against the Gaussian closed form where the walk is deterministic, the order of its
 * three accountants, and its refusals.
 */
class RwSgdEpsilonCommandTest {

    @Test
    void alternatingWalkIsGaussianForBothExactAccountants() throws Exception {
        // complete:2 from 0 alternates 0, 1, 0, …: u = 0 updates at the T/2 even times, and v = 1 sees each of them
        // alone (a segment of one update at every odd t ≤ T): both views are exactly √(T/2)/σ-GDP.
        double truth = new GaussianPrivacyCurve(Math.sqrt(10) / 1.5).epsilon(1e-3);
        JsonNode none = CliTest.json("bound", "rw-dp-sgd-epsilon", "--graph", "complete:2", "--u", "0", "--v", "1", "--T", "20",
                "--sigma", "1.5", "--accounting", "no-amplification");
        assertEquals(truth, none.get("epsilon").asDouble(), 1e-7);
        JsonNode view = CliTest.json("bound", "rw-dp-sgd-epsilon", "--graph", "complete:2", "--u", "0", "--v", "1", "--T", "20",
                "--sigma", "1.5", "--runs", "100000", "--beta", "1e-6");
        assertTrue(view.get("epsilon_lower").asDouble() <= truth && truth <= view.get("epsilon").asDouble(), view.toString());
        assertTrue(view.get("epsilon").asDouble() < 1.15 * truth, view.toString());
        assertEquals(100000, view.get("runs").asInt());
    }

    @Test
    void accountantsAreOrdered() throws Exception {
        String[] base = {"bound", "rw-dp-sgd-epsilon", "--graph", "ring:6", "--weights", "metropolis", "--u", "0", "--v", "2",
            "--start", "3", "--T", "30", "--sigma", "2", "--runs", "50000", "--beta", "1e-6"};
        JsonNode view = CliTest.json(concat(base, "--accounting", "view"));
        JsonNode none = CliTest.json(concat(base, "--accounting", "no-amplification"));
        JsonNode thm3 = CliTest.json(concat(base, "--accounting", "thm3"));
        double up = view.get("epsilon").asDouble();
        assertTrue(view.get("epsilon_lower").asDouble() <= view.get("epsilon_estimate").asDouble() && view.get("epsilon_estimate").asDouble() <= up);
        assertTrue(up <= none.get("epsilon").asDouble(), up + " vs " + none);
        assertTrue(none.get("epsilon").asDouble() <= thm3.get("epsilon").asDouble(), none + " vs " + thm3);
        assertTrue(thm3.get("count_tail").asDouble() < 1e-3 && thm3.get("count").asInt() >= 5, thm3.toString());
        assertTrue(thm3.get("epsilon_at_mean_count").asDouble() <= thm3.get("epsilon").asDouble(), thm3.toString());
    }

    @Test
    void aKnownSenderNeverLeaksLess() throws Exception {
        String[] base = {"bound", "rw-dp-sgd-epsilon", "--graph", "ring:6", "--weights", "metropolis", "--u", "0", "--v", "1",
            "--start", "3", "--T", "30", "--sigma", "2", "--runs", "50000", "--beta", "1e-6"};
        JsonNode anon = CliTest.json(base);
        JsonNode known = CliTest.json(concat(base, "--sender", "known"));
        assertEquals("known", known.get("sender").asText());
        assertTrue(known.get("epsilon").asDouble() >= anon.get("epsilon_lower").asDouble(), known + " vs " + anon);
        JsonNode t3 = CliTest.json(concat(base, "--accounting", "thm3"));
        JsonNode t3k = CliTest.json(concat(base, "--accounting", "thm3", "--sender", "known"));
        assertTrue(t3k.get("epsilon").asDouble() >= t3.get("epsilon").asDouble(), t3k + " vs " + t3);
        CliTest.Run bad = CliTest.run(concat(base, "--sender", "maybe"));
        assertEquals(2, bad.code());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
    }

    @Test
    void aCoalitionLeaksAtLeastItsMembersAndAtMostTheTranscript() throws Exception {
        // App. D: both neighbours of u = 0 on ring:6 pool their views. Their pooled view is at least each one's and at most
        // the transcript (no amplification, exact); eq. (17) (first arrival) lies between the view and eq. (18) (the sum).
        String[] base = {"bound", "rw-dp-sgd-epsilon", "--graph", "ring:6", "--weights", "metropolis", "--u", "0", "--start", "3",
            "--T", "30", "--sigma", "2", "--runs", "50000", "--beta", "1e-6"};
        JsonNode pooled = CliTest.json(concat(base, "--v", "5,1"));
        assertEquals("[1,5]", pooled.get("coalition").toString());
        JsonNode one = CliTest.json(concat(base, "--v", "1"));
        JsonNode none = CliTest.json(concat(base, "--v", "1,5", "--accounting", "no-amplification"));
        JsonNode thm3 = CliTest.json(concat(base, "--v", "1,5", "--accounting", "thm3"));
        assertTrue(pooled.get("epsilon_lower").asDouble() > one.get("epsilon").asDouble(), pooled + " vs " + one);
        assertTrue(pooled.get("epsilon_lower").asDouble() <= none.get("epsilon").asDouble(), pooled + " vs " + none);
        double first = thm3.get("epsilon_first_passage").asDouble();
        assertTrue(none.get("epsilon").asDouble() < first && first < thm3.get("epsilon").asDouble(), thm3.toString());
        for (String bad : new String[] {"1,1", "0,1", "1,9"}) {
            CliTest.Run run = CliTest.run(concat(base, "--v", bad));
            assertEquals(2, run.code(), bad + ": " + run.err());
            assertEquals(1, run.err().strip().lines().count(), run.err());
        }
    }

    @Test
    void refusesUpFront() {
        CliTest.Run few = CliTest.run("bound", "rw-dp-sgd-epsilon", "--graph", "ring:6", "--u", "0", "--v", "1", "--T", "30",
                "--sigma", "2", "--runs", "1000");
        assertEquals(2, few.code());
        assertTrue(few.err().contains("need at least 9206"), few.err());
        CliTest.Run long_ = CliTest.run("bound", "rw-dp-sgd-epsilon", "--graph", "ring:6", "--u", "0", "--v", "1", "--T", "200000",
                "--sigma", "2", "--accounting", "no-amplification");
        assertEquals(2, long_.code());
        assertTrue(long_.err().contains("operations"), long_.err());
        CliTest.Run asym = CliTest.run("bound", "rw-dp-sgd-epsilon", "--graph", "path:4", "--u", "0", "--v", "1", "--T", "30",
                "--sigma", "2", "--accounting", "thm3");
        assertEquals(2, asym.code(), asym.err());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
