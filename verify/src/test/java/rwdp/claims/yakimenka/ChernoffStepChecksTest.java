package rwdp.claims.yakimenka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.ClaimRunner;
import rwdp.claims.LabelRules;
import rwdp.claims.Profile;
import rwdp.claims.yakimenka.YakimenkaClaims;

/** The Chernoff step and Theorem 2's end guarantee: their verdicts, labels, and the example the finding quotes. */
class ChernoffStepChecksTest {
    @TempDir
    Path figures;

    @Test
    void stepFailsForSmallMeansWhileTheEndGuaranteeHolds() {
        ClaimRunner runner = new ClaimRunner(Profile.QUICK, 1, figures, 1);
        for (Claim c : new YakimenkaClaims().claims()) {
            if (!c.id().equals("yakimenka.chernoff-step") && !c.id().equals("yakimenka.thm2-end-guarantee")) {
                continue;
            }
            ClaimResult r = runner.runOne(c);
            assertNull(r.error(), c.id());
            assertEquals(c.expected(), r.outcome().verdict(), c.id() + ": " + r.outcome().evidence().values());
            List<String> broken = LabelRules.problems(r);
            assertTrue(broken.isEmpty(), String.join("\n", broken));
        }
        // The finding's example by hand: 1 − 0.999^20 − 20·0.001·0.999^19.
        double tail = 1 - Math.pow(0.999, 20) - 20 * 0.001 * Math.pow(0.999, 19);
        var ev = ChernoffStepChecks.chernoffStep(null).evidence().values();
        assertEquals(tail, ((Number) ev.get("example_tail")).doubleValue(), 1e-15);
        assertEquals(1L, ((Number) ev.get("example_htilde")).longValue());
    }
}
