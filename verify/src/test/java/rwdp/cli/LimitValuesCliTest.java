package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import rwdp.report.Json;

/**
 * The third hostile run's internal errors, unguarded sizes and misleading messages (issue 28, items 3 to 5, outside the
 * cluster): each exits 0 with the value the law's limit gives, or 2 with one line naming the option at fault.
 */
class LimitValuesCliTest {
    /** Returns the run, checked to be a one-line refusal (exit 2, nothing on stdout) whose line contains {@code names}. */
    static String refused(String names, String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(2, r.code(), String.join(" ", args) + "\n" + r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertFalse(r.err().contains("internal error") || r.err().contains("\tat "), r.err());
        assertTrue(r.out().isBlank(), r.out());
        assertTrue(r.err().contains(names), "names " + names + ": " + r.err());
        return r.err();
    }

    static JsonNode ok(String... args) throws Exception {
        CliTest.Run r = CliTest.run(args);
        assertEquals(0, r.code(), String.join(" ", args) + "\n" + r.err());
        return Json.mapper().readTree(r.out());
    }

    @Test
    void tinyOrVanishingLatenciesGiveNeverSkipAtTheCommunicationCost() throws Exception {
        // gamma:1,θ is exponential: memoryless, so the objective χ/(1 − e^{−t/θ}) + θ of Lemma 2 decreases in t and the
        // optimum is never to skip, at χ + θ; lognormal:-1e3,1 has every draw below 1e-300, so the optimum is χ.
        for (String law : new String[] {"gamma:1,1e-300", "lognormal:-1e3,1"}) {
            JsonNode j = ok("bound", "skip-timeout", "--latency", law, "--chi", "0.01");
            assertEquals("inf", j.get("t_skip").asText(), law);
            assertTrue(j.get("never_skip").asBoolean(), law);
            assertEquals(0.01, j.get("mean_time_between_updates").asDouble(), 1e-15, law);
        }
        // skip-latency gave 1.0 for this law already; the simulation must agree: every hop costs χ alone.
        JsonNode sim = ok("simulate", "skip-ring", "--latency", "lognormal:-1e3,1", "--n", "10", "--hmax", "1000", "--chi", "0.01");
        assertEquals(10.0, sim.get("latency").asDouble(), 1e-9);
        assertEquals(10.0, sim.get("expected_latency").asDouble(), 1e-12);
        assertEquals(1.0, ok("bound", "skip-latency", "--latency", "lognormal:-1e3,1", "--hmax", "100", "--t-skip", "1")
                .get("expected_latency").asDouble(), 1e-12);
    }

    @Test
    void lawsBeyondDoublePrecisionAreRefusedByTheirParameter() {
        refused("shape", "bound", "skip-timeout", "--latency", "gamma:1e300,1");
        refused("1e-320", "bound", "skip-timeout", "--latency", "uniform:0,1e-320");
        refused("1e-320", "bound", "skip-latency", "--latency", "uniform:0,1e-320", "--hmax", "100", "--t-skip", "1");
    }

    @Test
    void theRandRingTermsAreRefusedBeforeAMinuteOfWork() {
        String m = refused("--hmax", "bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "100", "--hmax", "1000000000", "--p", "0.1");
        assertTrue(m.contains("s of CPU"), m);
        refused("--n", "bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "1000000", "--hmax", "1000000000", "--p", "0.5");
    }

    @Test
    void messagesBlameTheOptionAtFault() {
        for (String cmd : new String[] {"skip-epsilon", "skip-error"}) {
            String m = refused("--delta", "bound", cmd, "--scheme", "ring", "--n", "10", "--hmax", "100", "--p", "0.1",
                    "--delta", "4.9e-324");
            assertFalse(m.contains("epsilon is too large"), m);
        }
        refused("--delta", "bound", "rdp-to-dp", "--alpha", "2", "--delta", "4.9e-324", "--epsilon-rdp", "1");
        refused("--delta", "bound", "pndp", "--graph", "ring:10", "--alpha", "2", "--sigma", "3", "--T", "1000", "--delta", "4.9e-324");
        for (String scheme : new String[] {"ring", "rand-ring"}) {
            String m = refused("--epsilon", "bound", "skip-epsilon", "--scheme", scheme, "--n", "10", "--hmax", "100", "--p", "0.1",
                    "--accounting", "rdp-improved", "--epsilon", "1e-300");
            assertFalse(m.contains("alpha_min"), m);
        }
        refused("--level", "bound", "pndp", "--graph", "ring:10", "--alpha", "2", "--sigma", "3", "--T", "1000", "--sample", "5",
                "--level", "0.9999999999999999");
    }

    @Test
    void pndpSizesAreRefusedBeforeTheirWork() {
        // --sample 1 is refused before the graph: complete:200000 would itself be refused for its memory.
        refused("--sample", "bound", "pndp", "--graph", "complete:200000", "--alpha", "2", "--sigma", "3", "--T", "1000", "--sample", "1");
        // n = 2·10^5 senders: refused from the spec alone (at least 2(2E + 4n) flops a row), before the graph is built.
        String[] big = {"bound", "pndp", "--graph", "regular:200000,8,1", "--alpha", "2", "--sigma", "2.5", "--T", "100000"};
        String m = refused("--sample", concat(big, "--sample", "200000"));
        assertTrue(m.contains("about 2.00e+05 nodes") && m.contains("more than 120 s"), m);
        // All sources on 5·10^4 nodes pass the spec's lower bound (degree 1: 6 s); the plan's degree 28 (168 s) refuses them
        // before any row.
        refused("--all-sources", "bound", "pndp", "--graph", "regular:50000,8,1", "--alpha", "2", "--sigma", "2.5", "--T", "100000",
                "--all-sources");
    }

    private static String[] concat(String[] a, String... b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }
}
