package rwdp.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import rwdp.claims.ClaimResult;

/**
 * Writes the report of a verification run, one class per format: {@code claims.json}
 * ({@link ClaimsJson}), {@code report.md} ({@link MarkdownReport}), {@code errata.md}
 * ({@link Errata}) and {@code index.html} ({@link HtmlReport}, self-contained, no network).
 * Figures are already in {@code figures/} (PNG and SVG), written by the checks.
 */
public final class ReportWriter {
    /** Facts about the run printed at the top of the report. */
    public record RunInfo(String profile, long seed, double seconds, String java, String machine) {}

    private ReportWriter() {}

    /**
     * Writes the four report files into {@code dir} atomically (each via a temporary file).
     *
     * @throws IOException when the folder or a file cannot be written
     */
    public static void write(Path dir, List<ClaimResult> results, RunInfo info) throws IOException {
        Files.createDirectories(dir);
        writeAtomically(dir.resolve("claims.json"), Json.pretty(ClaimsJson.toJson(results, info)));
        writeAtomically(dir.resolve("report.md"), MarkdownReport.markdown(results, info));
        writeAtomically(dir.resolve("errata.md"), Errata.markdown(results, info));
        writeAtomically(dir.resolve("index.html"), HtmlReport.html(results, info));
    }

    private static void writeAtomically(Path target, String text) throws IOException {
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
