package rwdp.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.Evidence;
import rwdp.claims.Paper;
import rwdp.claims.Power;
import rwdp.claims.Source;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.report.ReportWriter.RunInfo;

/** The {@code claims.json} of a report: every claim with its source, verdict and evidence, as a tree for {@link Json}. */
public final class ClaimsJson {
    private ClaimsJson() {}

    /**
     * Returns the claims.json tree: {"run":{…}, "claims":[{id, source, quote, statement, reading,
     * verdict, expected, erratum|finding, corrected, power, slack, seconds, evidence}]}.
     */
    public static Map<String, Object> toJson(List<ClaimResult> results, RunInfo info) {
        Map<String, Object> root = new LinkedHashMap<>();
        Map<String, Object> run = new LinkedHashMap<>();
        run.put("profile", info.profile());
        run.put("seed", info.seed());
        run.put("seconds", info.seconds());
        run.put("java", info.java());
        run.put("machine", info.machine());
        run.put("claims", results.size());
        run.put("as_expected", results.stream().filter(ClaimResult::asExpected).count());
        long errors = results.stream().filter(ClaimResult::internalError).count();
        if (errors > 0) {
            // Present only when a check threw, so a clean run's file keeps its shape.
            run.put("internal_errors", errors);
        }
        root.put("run", run);
        List<Map<String, Object>> claims = new ArrayList<>();
        for (ClaimResult r : results) {
            Map<String, Object> c = new LinkedHashMap<>();
            Claim cl = r.claim();
            c.put("id", cl.id());
            c.put("source", sourceJson(cl.source()));
            if (cl.quote() != null) {
                c.put("quote", cl.quote());
            }
            c.put("statement", cl.statement());
            if (cl.reading() != null) {
                c.put("reading", cl.reading());
            }
            c.put("verdict", r.label());
            if (r.internalError()) {
                c.put("internal_error", r.error());
            }
            c.put("expected", cl.expected().name());
            if (cl.erratum() != null) {
                c.put(cl.expected() == Verdict.VIOLATED ? "erratum" : "finding", cl.erratum());
            }
            if (cl.corrected() != null) {
                c.put("corrected", cl.corrected());
            }
            Power pw = r.outcome().evidence().power();
            if (pw != null) {
                Map<String, Object> pm = new LinkedHashMap<>();
                pm.put("level", pw.levelName());
                pm.put("why", pw.why());
                c.put("power", pm);
            }
            double slack = r.outcome().evidence().slack();
            if (!Double.isNaN(slack)) {
                c.put("slack", Double.isInfinite(slack) ? String.valueOf(slack) : (Object) slack);
            }
            c.put("seconds", r.seconds());
            Evidence e = r.outcome().evidence();
            Map<String, Object> ev = new LinkedHashMap<>(e.values());
            if (!e.tables().isEmpty()) {
                List<Map<String, Object>> tables = new ArrayList<>();
                for (Table t : e.tables()) {
                    Map<String, Object> tm = new LinkedHashMap<>();
                    tm.put("title", t.title());
                    tm.put("columns", t.columns());
                    tm.put("rows", t.rows());
                    tables.add(tm);
                }
                ev.put("tables", tables);
            }
            if (!e.figures().isEmpty()) {
                List<String> figs = new ArrayList<>();
                e.figures().forEach(f -> figs.add("figures/" + f.file()));
                ev.put("figures", figs);
            }
            if (!e.notes().isEmpty()) {
                ev.put("notes", e.notes());
            }
            c.put("evidence", ev);
            claims.add(c);
        }
        root.put("claims", claims);
        return root;
    }

    /** Returns the source object of claims.json: paper, authors, venue, year, id, where. */
    static Map<String, Object> sourceJson(Source src) {
        Map<String, Object> m = new LinkedHashMap<>();
        Paper p = src.paper();
        m.put("paper", p.title());
        m.put("authors", p.authors());
        m.put("venue", p.venue());
        m.put("year", p.year());
        if (!p.id().isEmpty()) {
            m.put("id", p.id());
        }
        m.put("where", src.where());
        return m;
    }
}
