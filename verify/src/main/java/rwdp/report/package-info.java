/**
 * The report of a verification run, one class per file it writes: index.html (self-contained,
 * {@link rwdp.report.HtmlReport}), report.md ({@link rwdp.report.MarkdownReport}), claims.json
 * ({@link rwdp.report.ClaimsJson}) and errata.md ({@link rwdp.report.Errata}), written together
 * by {@link rwdp.report.ReportWriter}; the charts of the figures are written by the checks.
 */
package rwdp.report;
