package rwdp.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Paper;
import rwdp.claims.Verdict;

class ErrataTest {
    private static final ReportWriter.RunInfo RUN = new ReportWriter.RunInfo("quick", 7, 1.0, "Java 17", "test");

    private static ClaimResult result(Claim c, Verdict v, Evidence e) {
        return new ClaimResult(c, new Outcome(v, e), 0.1, null);
    }

    private static List<ClaimResult> sample() {
        Claim wrong = Claim.violated("cyffers.thm9", Paper.CYFFERS.at("§5, Theorem 9"), "The loss is at most 2.",
                        "the loss reaches 3 on a ring", "cyffers.thm9-corrected", ctx -> null)
                .quote("the privacy loss is at most two");
        Claim fixed = Claim.holds("cyffers.thm9-corrected", Paper.CYFFERS.at("§5, Theorem 9"), "The loss is at most 4.", ctx -> null);
        Claim open = Claim.depends("ayache.step", Paper.AYACHE.at("§3, eq. (7)"), "The step size suffices.",
                "holds for q below 0.7, fails above", ctx -> null);
        Claim fine = Claim.holds("ayache.ok", Paper.AYACHE.at("§2"), "Something true.", ctx -> null);
        return List.of(
                result(wrong, Verdict.VIOLATED, new Evidence().put("cases", 5).put("counterexample", "ring:5, T=3")
                        .put("counterexample_bound", 2.0).put("counterexample_value", 3.0)
                        .put("effect_size", "the loss exceeds the bound by 50% (3 vs 2)").cell("ring:5", Verdict.VIOLATED)),
                result(fixed, Verdict.HOLDS, new Evidence()),
                result(open, Verdict.DEPENDS, new Evidence().put("q_grid", "0.5..0.9")),
                result(fine, Verdict.HOLDS, new Evidence()));
    }

    @Test
    void oneEntryPerExpectedViolatedOrDependsClaim() {
        String md = Errata.markdown(sample(), RUN);
        assertEquals(2, md.split("\n### ", -1).length - 1, md);
        assertTrue(md.contains("### `cyffers.thm9` — erratum"), md);
        assertTrue(md.contains("### `ayache.step` — finding"), md);
        assertFalse(md.contains("ayache.ok"), md);
        assertFalse(md.contains("### `cyffers.thm9-corrected`"), md);
    }

    @Test
    void anEntryCitesQuotesShowsTheCounterexampleTheCorrectionAndTheCommand() {
        String md = Errata.markdown(sample(), RUN);
        String entry = md.substring(md.indexOf("### `cyffers.thm9`"), md.indexOf("### `", md.indexOf("### `cyffers.thm9`") + 5));
        assertTrue(entry.contains("E. Cyffers, A. Bellet, J. Upadhyay"), entry);
        assertTrue(entry.contains("arXiv:2402.07471, §5, Theorem 9"), entry);
        assertTrue(entry.contains("“the privacy loss is at most two”"), entry);
        assertTrue(entry.contains("the loss reaches 3 on a ring"), entry);
        assertTrue(entry.contains("counterexample: ring:5, T=3"), entry);
        assertTrue(entry.contains("counterexample_value: 3"), entry);
        assertFalse(entry.contains("cases"), "only counterexample keys: " + entry);
        assertTrue(entry.contains("(`cyffers.thm9-corrected`, HOLDS in this run): The loss is at most 4."), entry);
        assertTrue(entry.contains("`./rwdp report --only cyffers.thm9 --profile quick --seed 7`"), entry);
        assertTrue(entry.contains("**Effect size (this run):** the loss exceeds the bound by 50% (3 vs 2)"), entry);
        assertTrue(entry.contains("**Cells decided in this run:** ring:5: against the paper"), entry);
        String open = md.substring(md.indexOf("### `ayache.step`"));
        assertTrue(open.contains("not recorded in the evidence"), open);
        assertTrue(open.contains("holds for q below 0.7, fails above"), open);
        assertTrue(open.contains("**Effect size (this run):** not recorded"), open);
    }

    @Test
    void anEmptyRunSaysSo() {
        String md = Errata.markdown(List.of(sample().get(3)), RUN);
        assertTrue(md.contains("No claim of this run"), md);
    }
}
