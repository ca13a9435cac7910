package rwdp.claims.ayache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.claims.CheckContext;
import rwdp.claims.Outcome;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;
import rwdp.random.SummaryStats;

/** How the swept Ayache claims combine their cells, and that the run seed reaches them. */
class AyacheChecksTest {

    @Test
    void sweepVerdicts() {
        assertEquals(Verdict.DEPENDS, AyacheCheckKit.overSweep(List.of(Verdict.HOLDS, Verdict.VIOLATED, Verdict.INCONCLUSIVE)));
        assertEquals(Verdict.HOLDS, AyacheCheckKit.overSweep(List.of(Verdict.HOLDS, Verdict.HOLDS)));
        assertEquals(Verdict.VIOLATED, AyacheCheckKit.overSweep(List.of(Verdict.VIOLATED, Verdict.VIOLATED)));
        // Rule 1 (README, "Reading the report"): decided cells against the paper and none for it is VIOLATED, not INCONCLUSIVE.
        assertEquals(Verdict.VIOLATED, AyacheCheckKit.overSweep(List.of(Verdict.VIOLATED, Verdict.INCONCLUSIVE)));
        assertEquals(Verdict.INCONCLUSIVE, AyacheCheckKit.overSweep(List.of(Verdict.INCONCLUSIVE, Verdict.INCONCLUSIVE)));
        assertEquals(Verdict.VIOLATED, Fig2Checks.allOf(List.of(Verdict.HOLDS, Verdict.VIOLATED)));
        assertEquals(Verdict.INCONCLUSIVE, Fig2Checks.allOf(List.of(Verdict.HOLDS, Verdict.INCONCLUSIVE)));
    }

    @Test
    void aheadNeedsTheMarginBothWays() {
        double m = Fig2Checks.MARGIN;
        assertEquals(Verdict.HOLDS, Fig2Checks.ahead(new SummaryStats(10, -1, 0.1, -1.2, -m - 1e-9, 0.99)));
        assertEquals(Verdict.INCONCLUSIVE, Fig2Checks.ahead(new SummaryStats(10, -0.05, 0.1, -0.08, -0.02, 0.99)));
        assertEquals(Verdict.VIOLATED, Fig2Checks.ahead(new SummaryStats(10, 1, 0.1, m + 1e-9, 1.2, 0.99)));
        assertEquals(Verdict.INCONCLUSIVE, Fig2Checks.ahead(new SummaryStats(10, 0.05, 0.1, 0.01, 0.2, 0.99)));
    }

    /** The run seed draws the Fig. 3 data: two seeds give two L ranges (and the verdict holds at both). */
    @Test
    void runSeedReachesTheFig3Data(@TempDir Path figures) {
        Outcome a = Fig3Checks.fig3PrivacyLevel(new CheckContext("ayache.fig3-privacy-level", Profile.QUICK, 1, figures));
        Outcome b = Fig3Checks.fig3PrivacyLevel(new CheckContext("ayache.fig3-privacy-level", Profile.QUICK, 2, figures));
        assertNotEquals(a.evidence().tables().get(0).rows(), b.evidence().tables().get(0).rows());
        assertEquals(Verdict.DEPENDS, a.verdict());
        assertEquals(Verdict.DEPENDS, b.verdict());
    }

    /** eq. (13)'s counterexample is independent of the seed: the Hessian exceeds the stated L_i by exactly N − 1 at w = 0. */
    @Test
    void printedRegulariserFailsByNMinusOne(@TempDir Path figures) {
        Outcome o = LossChecks.printedRegulariser(new CheckContext("ayache.eq13-regulariser", Profile.QUICK, 5, figures));
        assertEquals(Verdict.VIOLATED, o.verdict());
        for (List<Object> row : o.evidence().tables().get(0).rows()) {
            int n = ((Number) row.get(0)).intValue();
            double li = ((Number) row.get(2)).doubleValue();
            double closed = ((Number) row.get(4)).doubleValue();
            assertEquals(n - 1, closed - li, 1e-9);
        }
    }
}
