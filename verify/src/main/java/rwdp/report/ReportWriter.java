package rwdp.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.Paper;
import rwdp.claims.Power;
import rwdp.claims.Source;
import rwdp.claims.Evidence;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.plot.Charts;

/**
 * Writes the report of a verification run: {@code index.html} (self-contained, no network),
 * {@code report.md}, {@code claims.json} (spec schema) and {@code errata.md} ({@link Errata}).
 * Figures are already in {@code figures/} (PNG and SVG), written by the checks.
 */
public final class ReportWriter {
    /** Facts about the run printed at the top of the report. */
    public record RunInfo(String profile, long seed, double seconds, String java, String machine) {}

    private ReportWriter() {}

    /** Writes the three report files into {@code dir} atomically (each via a temporary file). */
    public static void write(Path dir, List<ClaimResult> results, RunInfo info) throws IOException {
        Files.createDirectories(dir);
        writeAtomically(dir.resolve("claims.json"), Json.pretty(toJson(results, info)));
        writeAtomically(dir.resolve("report.md"), markdown(results, info));
        writeAtomically(dir.resolve("errata.md"), Errata.markdown(results, info));
        writeAtomically(dir.resolve("index.html"), html(results, info));
    }

    private static void writeAtomically(Path target, String text) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

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
            c.put("verdict", r.outcome().verdict().name());
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

    static String powerCell(ClaimResult r) {
        Power p = r.outcome().evidence().power();
        return p == null ? "—" : p.levelName();
    }

    static String slackCell(ClaimResult r) {
        double s = r.outcome().evidence().slack();
        return Double.isNaN(s) ? "—" : fmt(s);
    }

    static String fmt(Object v) {
        if (v instanceof Double d) {
            if (d.isNaN() || d.isInfinite()) {
                return String.valueOf(d);
            }
            double a = Math.abs(d);
            if (a != 0 && (a < 1e-3 || a >= 1e6)) {
                return String.format(Locale.ROOT, "%.6g", d);
            }
            return String.format(Locale.ROOT, "%.6g", d).replaceAll("(\\.\\d*?)0+$", "$1").replaceAll("\\.$", "");
        }
        if (v instanceof Float f) {
            return fmt(f.doubleValue());
        }
        if (v instanceof double[] arr) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < arr.length; i++) {
                sb.append(i > 0 ? ", " : "").append(fmt(arr[i]));
            }
            return sb.append(']').toString();
        }
        if (v instanceof int[] arr) {
            return java.util.Arrays.toString(arr);
        }
        if (v instanceof long[] arr) {
            return java.util.Arrays.toString(arr);
        }
        if (v instanceof List<?> list) {
            StringBuilder sb = new StringBuilder("[");
            for (int i = 0; i < list.size(); i++) {
                sb.append(i > 0 ? ", " : "").append(fmt(list.get(i)));
            }
            return sb.append(']').toString();
        }
        return String.valueOf(v);
    }

    private static String summaryLine(List<ClaimResult> results) {
        long holds = results.stream().filter(r -> r.outcome().verdict() == Verdict.HOLDS).count();
        long violated = results.stream().filter(r -> r.outcome().verdict() == Verdict.VIOLATED).count();
        long depends = results.stream().filter(r -> r.outcome().verdict() == Verdict.DEPENDS).count();
        long inconclusive = results.size() - holds - violated - depends;
        long unexpected = results.stream().filter(r -> !r.asExpected()).count();
        long notRun = results.stream().filter(ClaimResult::notRun).count();
        return results.size() + " claims: " + holds + " HOLDS, " + violated + " VIOLATED, " + depends + " DEPENDS, " + inconclusive
                + " INCONCLUSIVE; " + (notRun == 0 ? "" : notRun + " not run (data package missing, see docs); ") + (unexpected == 0 ? "every verdict as expected" : unexpected + " NOT as expected");
    }

    /** Returns the Markdown report. */
    public static String markdown(List<ClaimResult> results, RunInfo info) {
        StringBuilder sb = new StringBuilder();
        sb.append("# rwdp verification report\n\n");
        sb.append("Profile `").append(info.profile()).append("`, seed ").append(info.seed())
                .append(", ").append(String.format(Locale.ROOT, "%.1f", info.seconds())).append(" s on ")
                .append(info.machine()).append(", ").append(info.java()).append(".\n\n");
        sb.append("**").append(summaryLine(results)).append(".** Errata and findings: [errata.md](errata.md).\n\n");
        sb.append("| claim | verdict | expected | power | slack | statement |\n|---|---|---|---|---|---|\n");
        for (ClaimResult r : results) {
            sb.append("| [`").append(r.claim().id()).append("`](#").append(anchor(r.claim().id())).append(") | ")
                    .append(r.outcome().verdict()).append(r.asExpected() ? "" : " ⚠").append(" | ")
                    .append(r.claim().expected()).append(" | ").append(powerCell(r)).append(" | ").append(slackCell(r))
                    .append(" | ").append(mdCell(r.claim().statement())).append(" |\n");
        }
        sb.append(AuditSection.markdown(results));
        String paper = null;
        for (ClaimResult r : results) {
            if (!r.claim().paper().equals(paper)) {
                paper = r.claim().paper();
                sb.append("\n## ").append(paperTitle(paper)).append("\n");
            }
            sb.append("\n### <a id=\"").append(anchor(r.claim().id())).append("\"></a>`").append(r.claim().id())
                    .append("` — ").append(r.outcome().verdict()).append("\n\n");
            sb.append(r.claim().statement()).append("\n\n");
            if (r.claim().quote() != null) {
                sb.append("> “").append(mdCell(r.claim().quote())).append("”\n\n");
            }
            if (r.claim().reading() != null) {
                sb.append("*Our reading:* ").append(r.claim().reading()).append("\n\n");
            }
            Power pw = r.outcome().evidence().power();
            if (pw != null) {
                sb.append("*Power:* ").append(pw.levelName()).append(" — ").append(pw.why())
                        .append(Double.isNaN(r.outcome().evidence().slack()) ? "" : " *Slack:* " + slackCell(r) + ".")
                        .append("\n\n");
            }
            sb.append("*Source:* ").append(r.claim().source().citation())
                    .append(". *Expected:* ").append(r.claim().expected())
                    .append(r.asExpected() ? " (as expected)" : " — **verdict differs from expectation**")
                    .append(String.format(Locale.ROOT, ". *Time:* %.2f s.", r.seconds())).append("\n\n");
            if (r.claim().erratum() != null) {
                sb.append("> **").append(findingLabel(r.claim())).append(".** ").append(r.claim().erratum())
                        .append(r.claim().corrected() == null ? "" : " Corrected claim: `" + r.claim().corrected() + "`.")
                        .append("\n\n");
            }
            Evidence e = r.outcome().evidence();
            if (!e.values().isEmpty()) {
                sb.append("| evidence | value |\n|---|---|\n");
                e.values().forEach((k, v) -> sb.append("| ").append(k).append(" | ").append(mdCell(fmt(v))).append(" |\n"));
                sb.append('\n');
            }
            for (Table t : e.tables()) {
                sb.append("**").append(t.title()).append("**\n\n| ");
                t.columns().forEach(c -> sb.append(mdCell(c)).append(" | "));
                sb.append("\n|");
                sb.append("---|".repeat(t.columns().size())).append('\n');
                for (List<Object> row : t.rows()) {
                    sb.append("| ");
                    for (Object o : row) {
                        sb.append(mdCell(fmt(o))).append(" | ");
                    }
                    sb.append('\n');
                }
                sb.append('\n');
            }
            for (Evidence.Figure f : e.figures()) {
                sb.append("![").append(f.caption()).append("](figures/").append(f.file()).append(")\n\n*")
                        .append(f.caption()).append("* ([PNG](figures/").append(f.file()).append("), [SVG](figures/")
                        .append(Charts.svgOf(f.file())).append("))\n\n");
            }
            for (String note : e.notes()) {
                if (r.error() != null) {
                    sb.append("```\n").append(note).append("\n```\n\n");
                } else {
                    sb.append("- ").append(note).append('\n');
                }
            }
        }
        return sb.toString();
    }

    static String findingLabel(Claim c) {
        return switch (c.expected()) {
            case VIOLATED -> "Erratum";
            case DEPENDS -> "Finding";
            default -> "Note";
        };
    }

    static String mdCell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }

    static String anchor(String id) {
        return id.replace('.', '-');
    }

    static String paperTitle(String paper) {
        return switch (paper) {
            case "core" -> "Foundations (graphs, transition matrices, sampling)";
            default -> {
                Paper p = Paper.forKey(paper);
                yield p == Paper.RWDP ? paper : p.authors() + " — " + p.title() + " (" + p.venue() + ", " + p.year() + ")";
            }
        };
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String badge(Verdict v) {
        return "<span class=\"v " + v.name().toLowerCase(Locale.ROOT) + "\">" + v + "</span>";
    }

    /** Returns the self-contained HTML page (inline CSS, figures by relative path). */
    public static String html(List<ClaimResult> results, RunInfo info) {
        StringBuilder sb = new StringBuilder();
        sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
                .append("<title>rwdp verification report</title><style>\n")
                .append("body{font-family:system-ui,-apple-system,Segoe UI,Helvetica,Arial,sans-serif;max-width:1100px;margin:2em auto;padding:0 1em;color:#222;line-height:1.45}\n")
                .append("table{border-collapse:collapse;margin:.6em 0;font-size:.92em}td,th{border:1px solid #ccc;padding:.25em .55em;text-align:left;vertical-align:top}\n")
                .append("th{background:#f3f3f3}code{background:#f5f5f5;padding:0 .2em}.v{font-weight:600;padding:.05em .4em;border-radius:3px;color:#fff}\n")
                .append(".holds{background:#2e7d32}.violated{background:#c62828}.depends{background:#6a1b9a}.inconclusive{background:#ef6c00}.warn{color:#c62828;font-weight:600}\n")
                .append(".claim{border-top:1px solid #ddd;margin-top:1.6em;padding-top:.4em}.erratum{background:#fff4e5;border-left:4px solid #ef6c00;padding:.4em .8em}blockquote{border-left:3px solid #bbb;margin:.5em 0;padding:.1em .8em;color:#444}\n")
                .append("figure{margin:1em 0}figure img{max-width:100%;border:1px solid #eee}figcaption{font-size:.9em;color:#555}pre{overflow-x:auto;background:#f7f7f7;padding:.5em;font-size:.8em}\n")
                .append("</style></head><body>\n");
        sb.append("<h1>rwdp verification report</h1>\n<p>Profile <code>").append(esc(info.profile()))
                .append("</code>, seed <code>").append(info.seed()).append("</code>, ")
                .append(String.format(Locale.ROOT, "%.1f", info.seconds())).append(" s on ").append(esc(info.machine()))
                .append(", ").append(esc(info.java())).append(".</p>\n<p><strong>").append(esc(summaryLine(results)))
                .append(".</strong> Reproduce with <code>./rwdp report --profile ").append(esc(info.profile()))
                .append(" --seed ").append(info.seed()).append("</code>. Errata and findings, one entry per claim the paper gets wrong")
                .append(" or leaves open: <a href=\"errata.md\">errata.md</a>.</p>\n");
        sb.append("<table><tr><th>claim</th><th>verdict</th><th>expected</th><th>power</th><th>slack</th><th>statement</th></tr>\n");
        for (ClaimResult r : results) {
            sb.append("<tr><td><a href=\"#").append(anchor(r.claim().id())).append("\"><code>").append(esc(r.claim().id()))
                    .append("</code></a></td><td>").append(badge(r.outcome().verdict()))
                    .append(r.asExpected() ? "" : " <span class=\"warn\">≠ expected</span>").append("</td><td>")
                    .append(r.claim().expected()).append("</td><td>").append(esc(powerCell(r))).append("</td><td>")
                    .append(esc(slackCell(r))).append("</td><td>").append(esc(r.claim().statement())).append("</td></tr>\n");
        }
        sb.append("</table>\n");
        sb.append(AuditSection.html(results));
        String paper = null;
        for (ClaimResult r : results) {
            if (!r.claim().paper().equals(paper)) {
                paper = r.claim().paper();
                sb.append("<h2>").append(esc(paperTitle(paper))).append("</h2>\n");
            }
            sb.append("<div class=\"claim\" id=\"").append(anchor(r.claim().id())).append("\"><h3><code>")
                    .append(esc(r.claim().id())).append("</code> ").append(badge(r.outcome().verdict())).append("</h3>\n");
            sb.append("<p>").append(esc(r.claim().statement())).append("</p>\n");
            if (r.claim().quote() != null) {
                sb.append("<blockquote>“").append(esc(r.claim().quote())).append("”</blockquote>\n");
            }
            if (r.claim().reading() != null) {
                sb.append("<p><em>Our reading:</em> ").append(esc(r.claim().reading())).append("</p>\n");
            }
            Power pw = r.outcome().evidence().power();
            if (pw != null) {
                sb.append("<p><em>Power:</em> ").append(esc(pw.levelName())).append(" — ").append(esc(pw.why()))
                        .append(Double.isNaN(r.outcome().evidence().slack()) ? "" : " <em>Slack:</em> " + esc(slackCell(r)) + ".")
                        .append("</p>\n");
            }
            sb.append("<p><em>Source:</em> ").append(esc(r.claim().source().citation()))
                    .append(". <em>Expected:</em> ").append(r.claim().expected())
                    .append(r.asExpected() ? " (as expected)" : " — <span class=\"warn\">verdict differs from expectation</span>")
                    .append(String.format(Locale.ROOT, ". <em>Time:</em> %.2f s.", r.seconds())).append("</p>\n");
            if (r.claim().erratum() != null) {
                sb.append("<p class=\"erratum\"><strong>").append(findingLabel(r.claim())).append(".</strong> ")
                        .append(esc(r.claim().erratum()))
                        .append(r.claim().corrected() == null ? "" : " Corrected claim: <a href=\"#" + anchor(r.claim().corrected())
                                + "\"><code>" + esc(r.claim().corrected()) + "</code></a>.")
                        .append("</p>\n");
            }
            Evidence e = r.outcome().evidence();
            if (!e.values().isEmpty()) {
                sb.append("<table><tr><th>evidence</th><th>value</th></tr>\n");
                e.values().forEach((k, v) -> sb.append("<tr><td>").append(esc(k)).append("</td><td>")
                        .append(esc(fmt(v))).append("</td></tr>\n"));
                sb.append("</table>\n");
            }
            for (Table t : e.tables()) {
                sb.append("<table><caption style=\"text-align:left;font-weight:600\">").append(esc(t.title()))
                        .append("</caption><tr>");
                t.columns().forEach(c -> sb.append("<th>").append(esc(c)).append("</th>"));
                sb.append("</tr>\n");
                for (List<Object> row : t.rows()) {
                    sb.append("<tr>");
                    row.forEach(o -> sb.append("<td>").append(esc(fmt(o))).append("</td>"));
                    sb.append("</tr>\n");
                }
                sb.append("</table>\n");
            }
            for (Evidence.Figure f : e.figures()) {
                sb.append("<figure><img src=\"figures/").append(esc(f.file())).append("\" alt=\"").append(esc(f.caption()))
                        .append("\"><figcaption>").append(esc(f.caption())).append(" <a href=\"figures/")
                        .append(esc(Charts.svgOf(f.file()))).append("\">SVG</a></figcaption></figure>\n");
            }
            if (!e.notes().isEmpty()) {
                if (r.error() != null) {
                    e.notes().forEach(n -> sb.append("<pre>").append(esc(n)).append("</pre>\n"));
                } else {
                    sb.append("<ul>");
                    e.notes().forEach(n -> sb.append("<li>").append(esc(n)).append("</li>"));
                    sb.append("</ul>\n");
                }
            }
            sb.append("</div>\n");
        }
        sb.append("</body></html>\n");
        return sb.toString();
    }
}
