package rwdp.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.ClaimRunner;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Paper;
import rwdp.claims.Profile;

/** A check that throws is reported loudly as an internal error in every format, never as a verdict. */
class InternalErrorReportTest {
    private static final ReportWriter.RunInfo RUN = new ReportWriter.RunInfo("quick", 7, 1.0, "Java 17", "test");

    private static List<ClaimResult> results() {
        Claim broken = Claim.holds("ayache.broken", Paper.AYACHE.at("§2"), "A statement whose check throws.", ctx -> {
            throw new IllegalArgumentException("need rho > 0, got NaN");
        });
        Claim fine = Claim.holds("ayache.fine", Paper.AYACHE.at("§2"), "A statement that holds.", ctx -> Outcome.of(true, new Evidence()));
        return new ClaimRunner(Profile.QUICK, 7, Path.of("figures"), 1).run(List.of(broken, fine), r -> { });
    }

    @Test
    @SuppressWarnings("unchecked")
    void claimsJsonLabelsItAndCountsIt() {
        Map<String, Object> json = ClaimsJson.toJson(results(), RUN);
        Map<String, Object> run = (Map<String, Object>) json.get("run");
        assertEquals(1L, run.get("internal_errors"));
        Map<String, Object> broken = ((List<Map<String, Object>>) json.get("claims")).get(0);
        assertEquals("INTERNAL_ERROR", broken.get("verdict"));
        assertTrue(String.valueOf(broken.get("internal_error")).contains("need rho > 0, got NaN"));
        Map<String, Object> fine = ((List<Map<String, Object>>) json.get("claims")).get(1);
        assertEquals("HOLDS", fine.get("verdict"));
        assertFalse(fine.containsKey("internal_error"));
    }

    @Test
    void markdownAndHtmlOpenWithTheInternalErrors() {
        String md = MarkdownReport.markdown(results(), RUN);
        assertTrue(md.indexOf("## Internal errors") >= 0 && md.indexOf("## Internal errors") < md.indexOf("| claim | verdict |"), md);
        assertTrue(md.contains("1 INTERNAL ERROR"), md);
        assertTrue(md.contains("`ayache.broken` — INTERNAL_ERROR"), md);
        assertFalse(md.contains("`ayache.broken` — INCONCLUSIVE"), md);
        String html = HtmlReport.html(results(), RUN);
        assertTrue(html.contains("<h2>Internal errors</h2>"));
        assertTrue(html.contains("INTERNAL ERROR</span>"));
    }

    @Test
    void aCleanRunsJsonHasNoInternalErrorField() {
        Claim fine = Claim.holds("ayache.fine", Paper.AYACHE.at("§2"), "A statement that holds.", ctx -> Outcome.of(true, new Evidence()));
        Map<String, Object> json = ClaimsJson.toJson(new ClaimRunner(Profile.QUICK, 7, Path.of("figures"), 1).run(List.of(fine), r -> { }), RUN);
        assertFalse(((Map<?, ?>) json.get("run")).containsKey("internal_errors"));
    }
}
