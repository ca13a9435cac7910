/**
 * The report of a verification run: index.html (self-contained), report.md, claims.json and the
 * charts of the figures.
 */
package rwdp.report;
