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
 * bound) with their ratios and figure, gathered from the claims' rungs tables, led by "the privacy you
 * actually get" (the tightest valid rung per setting) and the report-level error of all audits together.
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

    /**
     * Returns the lead rows "the privacy you actually get": per guarantee and setting, the tightest valid upper bound
     * beside the paper's bound (columns 0, 4 and 5 of a rungs table).
     */
    private static List<String[]> actual(List<Entry> entries) {
        List<String[]> rows = new ArrayList<>();
        for (Entry en : entries) {
            for (List<Object> row : en.table().rows()) {
                Object tight = row.get(4);
                Object paper = row.get(5);
                String ratio = tight instanceof Number t && paper instanceof Number pp && t.doubleValue() > 0
                        ? Cells.fmt(pp.doubleValue() / t.doubleValue()) : "";
                rows.add(new String[] {Rungs.guaranteeOf(en.table()), Cells.fmt(row.get(0)), Cells.fmt(tight), Cells.fmt(paper), ratio});
            }
        }
        return rows;
    }

    /** Returns the sum of the audits' family errors: the chance that any audited lower bound of the report is wrong. */
    private static double reportError(List<Entry> entries) {
        double sum = 0;
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Entry en : entries) {
            Object f = en.result().outcome().evidence().values().get("family_error");
            if (f instanceof Number x && seen.add(en.result().claim().id())) {
                sum += x.doubleValue();
            }
        }
        return sum;
    }

    private static final String ACTUAL = "The privacy you actually get: per mechanism and setting, the tightest valid upper bound on ε "
            + "(what a user can rely on) beside the paper's bound.";

    /** Returns the section in Markdown, or "" when no audit claim ran. */
    static String markdown(List<ClaimResult> results) {
        List<Entry> entries = entries(results);
        if (entries.isEmpty()) {
            return "";
        }
        StringBuilder sb = new StringBuilder("\n## Privacy audit\n\n").append(ACTUAL).append("\n\n")
                .append("| guarantee | setting | tightest valid ε | paper's bound | paper / tightest |\n|---|---|---|---|---|\n");
        for (String[] r : actual(entries)) {
            sb.append('|');
            for (String c : r) {
                sb.append(' ').append(MarkdownReport.mdCell(c)).append(" |");
            }
            sb.append('\n');
        }
        sb.append("\n").append(INTRO).append(" All audits together: some lower bound is wrong with probability at most ")
                .append(Cells.fmt(reportError(entries))).append(" (the sum of their family errors).\n");
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
        StringBuilder sb = new StringBuilder("<h2 id=\"privacy-audit\">Privacy audit</h2>\n<p>").append(HtmlReport.esc(ACTUAL))
                .append("</p>\n<table><tr><th>guarantee</th><th>setting</th><th>tightest valid ε</th><th>paper's bound</th>"
                        + "<th>paper / tightest</th></tr>\n");
        for (String[] r : actual(entries)) {
            sb.append("<tr>");
            for (String c : r) {
                sb.append("<td>").append(HtmlReport.esc(c)).append("</td>");
            }
            sb.append("</tr>\n");
        }
        sb.append("</table>\n<p>").append(HtmlReport.esc(INTRO)).append(" All audits together: some lower bound is wrong with "
                + "probability at most ").append(HtmlReport.esc(Cells.fmt(reportError(entries))))
                .append(" (the sum of their family errors).</p>\n");
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
