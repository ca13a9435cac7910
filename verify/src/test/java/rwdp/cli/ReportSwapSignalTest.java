package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.cli.common.Outputs;

/**
 * {@code report --out DIR} under signals, in a separate JVM: whatever signal lands whenever, the
 * folder holds the old or the new report whole and every file a user kept there (files, an empty
 * folder, symbolic links, a folder inside figures/), byte for byte. The swap is held open by
 * {@code -Drwdp.test.swapPauseMillis} so a signal lands inside it for sure; other runs signal at
 * spread-out moments of the whole run.
 */
class ReportSwapSignalTest {
    static final String OLD = "core.generators-exact";
    static final String NEW = "core.rows-stochastic";

    @TempDir
    Path tmp;

    /** Starts {@code rwdp report} in its own JVM; the swap pauses {@code pauseMs} when positive. */
    static Process start(Path out, String only, long pauseMs) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> cmd = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path")));
        if (pauseMs > 0) {
            cmd.add("-Drwdp.test.swapPauseMillis=" + pauseMs);
        }
        cmd.addAll(List.of("rwdp.cli.Main", "report", "--only", only, "--out", out.toString(), "--quiet", "--threads", "1"));
        return new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    static int finish(Process p) throws Exception {
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "report did not end");
        return p.exitValue();
    }

    /** Blocks until the process says the swap is paused (read from its stderr). */
    static void awaitSwap(Process p) throws IOException {
        BufferedReader r = new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
        for (String line; (line = r.readLine()) != null;) {
            if (line.contains("swap paused")) {
                return;
            }
        }
        throw new AssertionError("the process ended before the swap");
    }

    static void signal(Process p, String sig) throws Exception {
        // A process that already ended is not an error: the signal simply landed after the run.
        new ProcessBuilder("kill", "-" + sig, Long.toString(p.pid())).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start().waitFor();
    }

    /** Writes an old report and, beside it, a user's files, an empty folder, links and a folder in figures/. */
    Path oldReportWithUserFiles() throws Exception {
        Path out = tmp.resolve("rep");
        assertEquals(0, finish(start(out, OLD, 0)));
        Files.writeString(out.resolve("notes.txt"), "my notes");
        Files.createDirectories(out.resolve("empty-folder"));
        Files.createSymbolicLink(out.resolve("link-to-notes"), Path.of("notes.txt"));
        Files.createSymbolicLink(out.resolve("dangling-link"), Path.of("/no/such/target"));
        Files.createDirectories(out.resolve("figures/mine"));
        Files.writeString(out.resolve("figures/mine/sketch.txt"), "sketch");
        Path many = Files.createDirectories(out.resolve("data"));
        for (int i = 0; i < 500; i++) {
            Files.writeString(many.resolve("u" + i + ".dat"), "value " + i);
        }
        return out;
    }

    /** Returns every entry of {@code dir} that is not the report's (path -> content or link target or "dir"). */
    static Map<String, String> userEntries(Path dir, Set<String> reportFiles) throws IOException {
        Map<String, String> m = new TreeMap<>();
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                String rel = dir.relativize(p).toString();
                if (rel.isEmpty() || reportFiles.contains(rel) || rel.equals(ReportFolder.MANIFEST) || rel.equals("figures")) {
                    continue;
                }
                if (Files.isSymbolicLink(p)) {
                    m.put(rel, "link:" + Files.readSymbolicLink(p));
                } else if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
                    m.put(rel, "dir");
                } else {
                    m.put(rel, Files.readString(p));
                }
            }
        }
        return m;
    }

    static Set<String> manifest(Path dir) throws IOException {
        Set<String> files = new TreeSet<>(Files.readAllLines(dir.resolve(ReportFolder.MANIFEST)));
        files.remove(ReportFolder.HEADER);
        return files;
    }

    /** Returns which report is in {@code dir} (OLD or NEW), after checking that it is whole. */
    static String wholeReport(Path dir) throws IOException {
        Set<String> files = manifest(dir);
        assertTrue(files.containsAll(Set.of("index.html", "claims.json", "report.md", "errata.md")), "manifest " + files);
        for (String f : files) {
            assertTrue(Files.isRegularFile(dir.resolve(f)), "manifest lists missing " + f);
        }
        String json = Files.readString(dir.resolve("claims.json"));
        boolean old = json.contains("\"" + OLD + "\"");
        boolean now = json.contains("\"" + NEW + "\"");
        assertTrue(old ^ now, "claims.json is one report's");
        String which = old ? OLD : NEW;
        for (String f : List.of("index.html", "report.md")) {
            assertTrue(Files.readString(dir.resolve(f)).contains(which), f + " belongs to the same report as claims.json");
        }
        return which;
    }

    static void noTemporaries(Path parent) throws IOException {
        try (Stream<Path> s = Files.walk(parent)) {
            List<Path> left = s.filter(p -> p.getFileName().toString().contains(".rwdp-tmp-")).toList();
            assertTrue(left.isEmpty(), "temporaries left: " + left);
        }
    }

    @Test
    void aSignalInsideTheSwapLeavesTheNewReportAndEveryUserFile() throws Exception {
        for (String sig : List.of("TERM", "INT", "HUP")) {
            Path out = oldReportWithUserFiles();
            Map<String, String> before = userEntries(out, manifest(out));
            Process p = start(out, NEW, 1500);
            awaitSwap(p);
            signal(p, sig);
            int code = finish(p);
            // A JVM started with SIGINT or SIGHUP ignored (a background job of some shells) keeps ignoring it and ends normally.
            boolean ignorable = !sig.equals("TERM") && code == 0;
            assertTrue(ignorable || code == 128 + Map.of("TERM", 15, "INT", 2, "HUP", 1).get(sig), sig + ": exit " + code);
            assertEquals(NEW, wholeReport(out), sig + ": the swap finishes before the JVM stops");
            assertEquals(before, userEntries(out, manifest(out)), sig + ": every user entry is kept as it was");
            noTemporaries(tmp);
            Outputs.deleteRecursively(out);
        }
    }

    @Test
    void sigkillInsideTheSwapLosesNoUserFileAndTheNextRunRecovers() throws Exception {
        Path out = oldReportWithUserFiles();
        Map<String, String> before = userEntries(out, manifest(out));
        Process p = start(out, NEW, 3000);
        awaitSwap(p);
        p.destroyForcibly();
        finish(p);
        // The manifest covers both reports' files at every instant, so nothing of the user's is taken for the report's.
        assertEquals(before, userEntries(out, manifest(out)));
        assertEquals(0, finish(start(out, NEW, 0)));
        assertEquals(NEW, wholeReport(out));
        assertEquals(before, userEntries(out, manifest(out)));
        noTemporaries(tmp);
    }

    @Test
    void signalsAtAnyMomentLeaveOneWholeReportAndEveryUserFile() throws Exception {
        Path out = oldReportWithUserFiles();
        Map<String, String> before = userEntries(out, manifest(out));
        // Delays spread over the whole run: JVM start, the claim, the report's writing, the swap and after.
        long[] delays = {0, 60, 150, 250, 350, 450, 600, 800, 1100, 1500};
        for (int i = 0; i < delays.length; i++) {
            Process p = start(out, i % 2 == 0 ? NEW : OLD, 0);
            Thread.sleep(delays[i]);
            boolean kill = i % 3 == 2;
            if (kill) {
                p.destroyForcibly();
            } else {
                signal(p, i % 3 == 0 ? "TERM" : "INT");
            }
            finish(p);
            if (!kill) {
                // A catchable signal never leaves a mix; after SIGKILL a mix is possible, and the next run mends it.
                wholeReport(out);
            }
            assertEquals(before, userEntries(out, manifest(out)), "after the signal at " + delays[i] + " ms");
        }
        assertEquals(0, finish(start(out, NEW, 0)));
        assertEquals(NEW, wholeReport(out));
        assertEquals(before, userEntries(out, manifest(out)));
        noTemporaries(tmp);
    }

    @Test
    void staleTemporariesOfDeadProcessesGoAndOnlyThose() throws Exception {
        Path out = tmp.resolve("rep");
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Path stale = Files.createDirectories(tmp.resolve(".rep.rwdp-tmp-" + dead.pid()));
        Files.writeString(stale.resolve("index.html"), "half");
        Path live = Files.createDirectories(tmp.resolve(".rep.rwdp-tmp-" + ProcessHandle.current().pid()));
        Path other = Files.writeString(tmp.resolve(".rep.rwdp-old-" + dead.pid()), "not a temporary of this version");
        Path otherName = Files.createDirectories(tmp.resolve(".other.rwdp-tmp-" + dead.pid()));
        assertEquals(0, finish(start(out, NEW, 0)));
        assertFalse(Files.exists(stale), "a dead process's temporary is removed");
        assertTrue(Files.exists(live), "a live process's temporary stays");
        assertTrue(Files.exists(other) && Files.exists(otherName), "nothing else is touched");
    }

    @Test
    void outThroughASymbolicLinkWritesIntoItsTarget() throws Exception {
        Path real = Files.createDirectories(tmp.resolve("real"));
        Path link = Files.createSymbolicLink(tmp.resolve("link"), real);
        assertEquals(0, finish(start(link, OLD, 0)));
        assertTrue(Files.isSymbolicLink(link), "the link stays a link");
        assertEquals(OLD, wholeReport(real));
        assertEquals(0, finish(start(link, NEW, 0)));
        assertTrue(Files.isSymbolicLink(link));
        assertEquals(NEW, wholeReport(real));
        Path dangling = Files.createSymbolicLink(tmp.resolve("dangling"), tmp.resolve("nowhere"));
        Process p = start(dangling, OLD, 0);
        assertEquals(2, finish(p));
        assertTrue(Files.isSymbolicLink(dangling) && !Files.exists(tmp.resolve("nowhere")));
    }

    @Test
    void aUserFileAtAReportNameStopsTheRunBeforeItStarts() throws Exception {
        Path out = oldReportWithUserFiles();
        Files.delete(out.resolve("errata.md"));
        Files.writeString(out.resolve("errata.md"), "my own errata");
        Set<String> m = manifest(out);
        m.remove("errata.md");
        Files.write(out.resolve(ReportFolder.MANIFEST), m);
        assertEquals(2, finish(start(out, NEW, 0)));
        assertEquals("my own errata", Files.readString(out.resolve("errata.md")));
    }
}
