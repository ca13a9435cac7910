package rwdp.report;

import static rwdp.report.Cells.anchor;
import static rwdp.report.Cells.effectCell;
import static rwdp.report.Cells.findingLabel;
import static rwdp.report.Cells.fmt;
import static rwdp.report.Cells.paperTitle;
import static rwdp.report.Cells.powerCell;
import static rwdp.report.Cells.slackCell;
import static rwdp.report.Cells.summaryLine;

import java.util.List;
import java.util.Locale;
import rwdp.claims.ClaimResult;
import rwdp.claims.Evidence;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.plot.Charts;
import rwdp.report.ReportWriter.RunInfo;

/** The {@code index.html} of a report: one self-contained page (inline CSS, no network) with the same content as report.md. */
public final class HtmlReport {
    private HtmlReport() {}

    /** Returns {@code s} with the HTML special characters escaped. */
    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }

    private static String badge(ClaimResult r) {
        return "<span class=\"v " + r.label().toLowerCase(Locale.ROOT).replace('_', '-') + "\">" + r.label().replace('_', ' ') + "</span>";
    }

    /** Returns the box listing the claims whose check threw, at the top of the page, or "" when none did. */
    private static String internalErrors(List<ClaimResult> results) {
        List<ClaimResult> errs = results.stream().filter(ClaimResult::internalError).toList();
        if (errs.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<div class=\"internal\"><h2>Internal errors</h2>\n<p>These checks threw an exception: "
                + "a defect of rwdp, not a verdict about the paper. Their claims are undecided in this run.</p>\n<ul>");
        errs.forEach(r -> sb.append("<li><a href=\"#").append(anchor(r.claim().id())).append("\"><code>").append(esc(r.claim().id()))
                .append("</code></a>: <code>").append(esc(r.error())).append("</code></li>"));
        return sb.append("</ul></div>\n").toString();
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
                .append(".holds{background:#2e7d32}.violated{background:#c62828}.depends{background:#6a1b9a}.inconclusive{background:#ef6c00}.internal-error{background:#000}.internal{border:3px solid #c62828;padding:.2em 1em}.warn{color:#c62828;font-weight:600}\n")
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
        sb.append(internalErrors(results));
        sb.append("<table><tr><th>claim</th><th>verdict</th><th>expected</th><th>power</th><th>slack</th><th>effect on the paper</th><th>statement</th></tr>\n");
        for (ClaimResult r : results) {
            sb.append("<tr><td><a href=\"#").append(anchor(r.claim().id())).append("\"><code>").append(esc(r.claim().id()))
                    .append("</code></a></td><td>").append(badge(r))
                    .append(r.asExpected() ? "" : " <span class=\"warn\">≠ expected</span>").append("</td><td>")
                    .append(r.claim().expected()).append("</td><td>").append(esc(powerCell(r))).append("</td><td>")
                    .append(esc(slackCell(r))).append("</td><td>").append(esc(effectCell(r))).append("</td><td>").append(esc(r.claim().statement())).append("</td></tr>\n");
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
                    .append(esc(r.claim().id())).append("</code> ").append(badge(r)).append("</h3>\n");
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
