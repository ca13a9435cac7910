package rwdp.report;

import java.util.ArrayList;
import java.util.List;
import rwdp.claims.ClaimResult;
import rwdp.claims.Evidence;
import rwdp.claims.Table;
import rwdp.claims.audit.Rungs;
import rwdp.plot.Charts;

/**
 * The report's privacy-audit section: for each privacy guarantee the papers state, the rungs
 * its audit claim measured (attack lower bound ≤ exact ≤ tightest valid upper bound ≤ the paper's
 * bound) with their ratios and figure, gathered from the claims' rungs tables.
 */
final class AuditSection {
    private AuditSection() {}

    /** One guarantee's rungs, from one claim. */
    private record Entry(ClaimResult result, Table table, List<Evidence.Figure> figures) {}

    private static List<Entry> entries(List<ClaimResult> results) {
        List<Entry> out = new ArrayList<>();
        for (ClaimResult r : results) {
            Evidence e = r.outcome().evidence();
            for (Table t : e.tables()) {
                if (t.title().startsWith(Rungs.TITLE)) {
                    List<Evidence.Figure> figs = e.figures().stream().filter(f -> f.file().endsWith("-rungs.png")).toList();
                    out.add(new Entry(r, t, figs));
                }
            }
        }
        return out;
    }

    private static final String INTRO = "Each privacy guarantee is checked from both sides: an attack on rwdp's own implementation "
            + "gives a lower bound on ε that holds with family-wise confidence (Clopper–Pearson), the exact loss is computed where the "
            + "observer's view allows it, and the tightest valid accounting is set beside the paper's bound. See docs/audit.md.";

    /** Returns the section in Markdown, or "" when no audit claim ran. */
    static String markdown(List<ClaimResult> results) {
        List<Entry> entries = entries(results);
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Privacy audit\n\n").append(INTRO).append("\n");
        for (Entry en : entries) {
            sb.append("\n**").append(MarkdownReport.mdCell(Rungs.guaranteeOf(en.table())))
                    .append("** ([`").append(en.result().claim().id()).append("`](#").append(Cells.anchor(en.result().claim().id()))
                    .append("), ").append(en.result().label()).append(")\n\n|");
            en.table().columns().forEach(c -> sb.append(' ').append(MarkdownReport.mdCell(c)).append(" |"));
            sb.append("\n|");
            en.table().columns().forEach(c -> sb.append("---|"));
            sb.append('\n');
            for (List<Object> row : en.table().rows()) {
                sb.append('|');
                row.forEach(o -> sb.append(' ').append(MarkdownReport.mdCell(Cells.fmt(o))).append(" |"));
                sb.append('\n');
            }
            en.figures().forEach(f -> sb.append("\n![").append(MarkdownReport.mdCell(f.caption())).append("](figures/").append(f.file())
                    .append(")\n"));
        }
        return sb.toString();
    }

    /** Returns the section in HTML, or "" when no audit claim ran. */
    static String html(List<ClaimResult> results) {
        List<Entry> entries = entries(results);
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("<h2 id=\"privacy-audit\">Privacy audit</h2>\n<p>").append(HtmlReport.esc(INTRO))
                .append("</p>\n");
        for (Entry en : entries) {
            sb.append("<table><caption style=\"text-align:left;font-weight:600\">")
                    .append(HtmlReport.esc(Rungs.guaranteeOf(en.table()))).append(" (<a href=\"#")
                    .append(Cells.anchor(en.result().claim().id())).append("\"><code>")
                    .append(HtmlReport.esc(en.result().claim().id())).append("</code></a>, ")
                    .append(en.result().label()).append(")</caption><tr>");
            en.table().columns().forEach(c -> sb.append("<th>").append(HtmlReport.esc(c)).append("</th>"));
            sb.append("</tr>\n");
            for (List<Object> row : en.table().rows()) {
                sb.append("<tr>");
                row.forEach(o -> sb.append("<td>").append(HtmlReport.esc(Cells.fmt(o))).append("</td>"));
                sb.append("</tr>\n");
            }
            sb.append("</table>\n");
            for (Evidence.Figure f : en.figures()) {
                sb.append("<figure><img src=\"figures/").append(HtmlReport.esc(f.file())).append("\" alt=\"")
                        .append(HtmlReport.esc(f.caption())).append("\"><figcaption>").append(HtmlReport.esc(f.caption()))
                        .append(" <a href=\"figures/").append(HtmlReport.esc(Charts.svgOf(f.file()))).append("\">SVG</a></figcaption></figure>\n");
            }
        }
        return sb.toString();
    }
}
