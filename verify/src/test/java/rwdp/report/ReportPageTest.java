package rwdp.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.claims.Claim;
import rwdp.registry.ClaimRegistry;
import rwdp.claims.ClaimResult;
import rwdp.claims.ClaimRunner;
import rwdp.claims.Profile;

/**
 * The report page as a reader opens it. Checks the report in {@code $RWDP_REPORT_DIR} (CI
 * points it at the quick report) or, without it, a small report generated here; the browser
 * half runs when Debian's Chromium is installed and is skipped, with a message, otherwise.
 */
class ReportPageTest {
    @TempDir
    static Path tmp;

    static Path small;
    static Path report;

    @BeforeAll
    static void reports() throws Exception {
        small = tmp.resolve("small");
        List<Claim> claims = new ArrayList<>(ClaimRegistry.matching("core.mixing-time-bounds"));
        claims.addAll(ClaimRegistry.matching("core.generators-exact"));
        List<ClaimResult> results = new ClaimRunner(Profile.QUICK, 1, small.resolve("figures"), 1).run(claims, r -> { });
        ReportWriter.write(small, results, new ReportWriter.RunInfo("quick", 1, 0, "Java", "test"));
        String given = System.getenv("RWDP_REPORT_DIR");
        report = given == null || given.isBlank() ? small : Path.of(given);
        assertTrue(Files.isRegularFile(report.resolve("index.html")), "no report at " + report);
    }

    /** Returns a copy of the small report with one figure deleted and two dangling links added. */
    static Path broken() throws Exception {
        Path dir = Files.createTempDirectory(tmp, "broken");
        try (Stream<Path> files = Files.walk(small)) {
            for (Path f : (Iterable<Path>) files::iterator) {
                Path to = dir.resolve(small.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(to);
                } else if (!Files.exists(to)) {
                    Files.copy(f, to);
                }
            }
        }
        try (Stream<Path> pngs = Files.list(dir.resolve("figures"))) {
            Files.delete(pngs.filter(f -> f.toString().endsWith(".png")).findFirst().orElseThrow());
        }
        Path html = dir.resolve("index.html");
        Files.writeString(html, Files.readString(html).replace("</body>",
                "<a href=\"#no-such-claim\">x</a><a href=\"no-such-file.md\">y</a></body>"));
        return html;
    }

    @Test
    void everyImageAnchorAndRelativeLinkOfTheReportResolves() throws Exception {
        assertEquals(List.of(), ReportPageCheck.staticProblems(report.resolve("index.html")));
        assertTrue(Files.isRegularFile(report.resolve("errata.md")), "errata.md written");
        String html = Files.readString(report.resolve("index.html"));
        assertTrue(html.contains("href=\"errata.md\""), "index links the errata page");
        assertTrue(html.contains(".svg\">SVG</a>"), "figures link their SVG");
    }

    @Test
    void theStaticCheckFailsOnAMissingImageAndDanglingLinks() throws Exception {
        List<String> problems = ReportPageCheck.staticProblems(broken());
        assertTrue(problems.stream().anyMatch(p -> p.startsWith("image file missing: figures/")), problems.toString());
        assertTrue(problems.contains("anchor without a target id: #no-such-claim"), problems.toString());
        assertTrue(problems.contains("linked file missing: no-such-file.md"), problems.toString());
    }

    @Test
    void chromiumLoadsEveryImageWithoutConsoleErrors() throws Exception {
        assumeTrue(Files.isExecutable(ReportPageCheck.CHROMIUM),
                "browser check skipped: /usr/bin/chromium is not installed (apt-get install chromium)");
        Path shot = report.resolve("screenshot-summary.png");
        ReportPageCheck.BrowserResult r = ReportPageCheck.inBrowser(report.resolve("index.html"), shot);
        assertTrue(r.images() > 0, "the page shows figures");
        assertEquals(List.of(), r.brokenImages(), "images that did not load");
        assertEquals(List.of(), r.brokenAnchors(), "anchors without a target");
        assertEquals(List.of(), r.consoleErrors(), "console errors");
        assertTrue(ImageIO.read(shot.toFile()).getHeight() > 100, "summary screenshot saved");
    }

    @Test
    void chromiumReportsAMissingImage() throws Exception {
        assumeTrue(Files.isExecutable(ReportPageCheck.CHROMIUM),
                "browser check skipped: /usr/bin/chromium is not installed (apt-get install chromium)");
        Path html = broken();
        ReportPageCheck.BrowserResult r = ReportPageCheck.inBrowser(html, html.resolveSibling("shot.png"));
        assertEquals(1, r.brokenImages().size(), r.toString());
        assertEquals(List.of("#no-such-claim"), r.brokenAnchors(), r.toString());
        assertTrue(r.consoleErrors().stream().anyMatch(e -> e.contains("ERR_FILE_NOT_FOUND")), r.consoleErrors().toString());
    }
}
