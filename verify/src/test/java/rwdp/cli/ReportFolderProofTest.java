package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code report --out DIR} treats DIR as a previous report only when rwdp can prove it wrote it
 * (its manifest, naming only files of a report's shapes): a user's folder that merely holds an
 * {@code index.html} and a {@code claims.json} is refused with every file left as it was.
 */
class ReportFolderProofTest {
    @TempDir
    Path tmp;

    static final String CLAIM = "core.rows-stochastic";

    /** The hostile run's case: a user's site with a page, a JSON file and a photo, no manifest. */
    @Test
    void aUsersSiteWithIndexAndClaimsIsNotTakenForAReport() throws Exception {
        Path site = tmp.resolve("site");
        Files.createDirectories(site.resolve("figures"));
        Files.writeString(site.resolve("index.html"), "<html>my page</html>\n");
        Files.writeString(site.resolve("claims.json"), "{\"my\":\"data\"}\n");
        Files.writeString(site.resolve("report.md"), "# my report\n");
        Files.write(site.resolve("figures/photo.png"), "PNG".getBytes(StandardCharsets.US_ASCII));
        Map<String, String> before = snapshot(site);
        CliTest.Run r = CliTest.run("report", "--only", CLAIM, "--quiet", "--out", site.toString());
        assertEquals(2, r.code(), r.err());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--out") && r.err().contains("manifest"), r.err());
        assertEquals(before, snapshot(site));
        assertEquals(List.of("site"), names(tmp), "no temporary left beside the folder");
    }

    /** A manifest naming a file no report writes is no proof: the folder is refused, untouched. */
    @Test
    void aManifestNamingAFileNoReportWritesIsNoProof() throws Exception {
        for (String foreign : List.of("photo.jpg", "figures/sub/a.png", "data/x.csv", "../outside.png", "figures/.png")) {
            Path site = tmp.resolve("site");
            Files.createDirectories(site);
            Files.writeString(site.resolve("photo.jpg"), "jpeg");
            Files.writeString(site.resolve(ReportFolder.MANIFEST), ReportFolder.HEADER + "\nindex.html\n" + foreign + "\n");
            Files.writeString(site.resolve("index.html"), "<html>mine</html>");
            Map<String, String> before = snapshot(site);
            CliTest.Run r = CliTest.run("report", "--only", CLAIM, "--quiet", "--out", site.toString());
            assertEquals(2, r.code(), foreign + ": " + r.err());
            assertEquals(before, snapshot(site), foreign);
            rwdp.cli.common.Outputs.deleteRecursively(site);
        }
    }

    /** A report rwdp wrote is replaced: its manifest starts with the header and a user file beside it stays. */
    @Test
    void aReportRwdpWroteIsReplacedAndUserFilesStay() throws Exception {
        Path out = tmp.resolve("rep");
        assertEquals(0, CliTest.run("report", "--only", CLAIM, "--quiet", "--out", out.toString()).code());
        List<String> manifest = Files.readAllLines(out.resolve(ReportFolder.MANIFEST));
        assertEquals(ReportFolder.HEADER, manifest.get(0));
        assertTrue(manifest.contains("index.html") && manifest.contains("claims.json"), manifest.toString());
        Files.writeString(out.resolve("notes.txt"), "my notes");
        byte[] png = {(byte) 0x89, 'P', 'N', 'G'};
        Files.write(out.resolve("figures/mine.png"), png);
        CliTest.Run r = CliTest.run("report", "--only", CLAIM, "--quiet", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("my notes", Files.readString(out.resolve("notes.txt")));
        assertArrayEquals(png, Files.readAllBytes(out.resolve("figures/mine.png")));
    }

    /** A manifest written before the header existed (paths only) is still read as rwdp's. */
    @Test
    void aHeaderlessManifestOfAnEarlierVersionIsRead() throws Exception {
        Path out = tmp.resolve("rep");
        assertEquals(0, CliTest.run("report", "--only", CLAIM, "--quiet", "--out", out.toString()).code());
        List<String> lines = Files.readAllLines(out.resolve(ReportFolder.MANIFEST));
        Files.write(out.resolve(ReportFolder.MANIFEST), lines.subList(1, lines.size()));
        assertEquals(lines.subList(1, lines.size()).stream().sorted().toList(),
                ReportFolder.previousFiles(out).stream().toList());
        CliTest.Run r = CliTest.run("report", "--only", CLAIM, "--quiet", "--out", out.toString());
        assertEquals(0, r.code(), r.err());
    }

    @Test
    void reportShapesAreTheReportsOwnFilesAndFiguresOnly() {
        for (String f : List.of("index.html", "report.md", "claims.json", "errata.md", "figures/a.png")) {
            assertTrue(ReportFolder.reportShaped(f), f);
        }
        for (String f : List.of(ReportFolder.MANIFEST, "photo.png", "figures/a.jpg", "figures/x/a.png", "figures/.png", "Index.html")) {
            assertFalse(ReportFolder.reportShaped(f), f);
        }
    }

    private static List<String> names(Path dir) throws Exception {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    /** Returns every entry under {@code dir}: relative path -> content, or "dir". */
    static Map<String, String> snapshot(Path dir) throws Exception {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                m.put(dir.relativize(p).toString(), Files.isDirectory(p) ? "dir" : Files.readString(p, StandardCharsets.ISO_8859_1));
            }
        }
        return m;
    }
}
