package rwdp.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Verdict;
import rwdp.claims.audit.Rungs;
import rwdp.registry.ClaimRegistry;

/** The privacy section leads with the privacy a user actually gets and states the error of all audits together. */
class AuditSectionTest {
    @Test
    void leadsWithTheTightestValidBoundAndTheReportLevelError() {
        Claim c = ClaimRegistry.matching("cyffers.audit-thm3").get(0);
        Evidence ev = new Evidence();
        Rungs r = Rungs.of(ev, "guarantee G", "case", "exact", "tightest");
        r.row("setting A", 1, 2.0, 3.0, 4.0, 16.0);
        ev.put("family_error", 1e-4);
        Evidence ev2 = new Evidence();
        Rungs.of(ev2, "guarantee H", "case", "exact", "tightest").row("setting B", 1, 1.0, 1.5, 2.0, 3.0);
        ev2.put("family_error", 1e-4);
        Claim d = ClaimRegistry.matching("ayache.audit-gamma").get(0);
        String md = AuditSection.markdown(List.of(new ClaimResult(c, new Outcome(Verdict.HOLDS, ev), 0, null),
                new ClaimResult(d, new Outcome(Verdict.HOLDS, ev2), 0, null)));
        int lead = md.indexOf("The privacy you actually get");
        assertTrue(lead >= 0 && lead < md.indexOf("Each privacy guarantee"), md);
        assertTrue(md.contains("| guarantee G | setting A | 4 | 16 | 4 |"), md);
        assertTrue(md.contains("at most 2e-04") || md.contains("at most 0.0002"), md);
        String html = AuditSection.html(List.of(new ClaimResult(c, new Outcome(Verdict.HOLDS, ev), 0, null)));
        assertTrue(html.indexOf("The privacy you actually get") < html.indexOf("Each privacy guarantee"), html);
    }
}
