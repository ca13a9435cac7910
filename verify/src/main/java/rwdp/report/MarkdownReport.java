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

/** The {@code report.md} of a report: the summary table, the privacy audit and every claim with its evidence. */
public final class MarkdownReport {
    private MarkdownReport() {}

    /** Returns the Markdown report. */
    public static String markdown(List<ClaimResult> results, RunInfo info) {
        StringBuilder sb = new StringBuilder();
        sb.append("# rwdp verification report\n\n");
        sb.append("Profile `").append(info.profile()).append("`, seed ").append(info.seed())
                .append(", ").append(String.format(Locale.ROOT, "%.1f", info.seconds())).append(" s on ")
                .append(info.machine()).append(", ").append(info.java()).append(".\n\n");
        sb.append("**").append(summaryLine(results)).append(".** Errata and findings: [errata.md](errata.md).\n\n");
        List<ClaimResult> errs = results.stream().filter(ClaimResult::internalError).toList();
        if (!errs.isEmpty()) {
            sb.append("## Internal errors\n\nThese checks threw an exception: a defect of rwdp, not a verdict about the paper. "
                    + "Their claims are undecided in this run.\n\n");
            errs.forEach(r -> sb.append("- [`").append(r.claim().id()).append("`](#").append(anchor(r.claim().id())).append("): `")
                    .append(r.error().replace("`", "'")).append("`\n"));
            sb.append('\n');
        }
        sb.append("| claim | verdict | expected | power | slack | effect on the paper | statement |\n|---|---|---|---|---|---|---|\n");
        for (ClaimResult r : results) {
            sb.append("| [`").append(r.claim().id()).append("`](#").append(anchor(r.claim().id())).append(") | ")
                    .append(r.label()).append(r.asExpected() ? "" : " ⚠").append(" | ")
                    .append(r.claim().expected()).append(" | ").append(powerCell(r)).append(" | ").append(slackCell(r))
                    .append(" | ").append(effectCell(r)).append(" | ").append(mdCell(r.claim().statement())).append(" |\n");
        }
        sb.append(AuditSection.markdown(results));
        String paper = null;
        for (ClaimResult r : results) {
            if (!r.claim().paper().equals(paper)) {
                paper = r.claim().paper();
                sb.append("\n## ").append(paperTitle(paper)).append("\n");
            }
            sb.append("\n### <a id=\"").append(anchor(r.claim().id())).append("\"></a>`").append(r.claim().id())
                    .append("` — ").append(r.label()).append("\n\n");
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

    /** Returns {@code s} fit for one Markdown table cell: pipes escaped, line breaks joined. */
    static String mdCell(String s) {
        return s.replace("|", "\\|").replace("\n", " ");
    }
}
