package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import rwdp.cli.common.Outputs;

/**
 * No command loses a user's file: an output that names an input (by any spelling: relative,
 * ./, sub/.., absolute, a symbolic or hard link) is refused before any work; a command that fails
 * after producing its output leaves the existing file as it was; outputs write through links.
 */
class OutputSafetyCliTest {
    @TempDir
    Path dir;

    static final String EDGES = "0 1\n1 2\n2 3\n3 0\n0 2\n";

    /** Runs the CLI with the working directory's files named relative to {@code dir}. */
    CliTest.Run run(String... args) {
        List<String> a = new ArrayList<>();
        for (String s : args) {
            a.add(s.replace("@", dir.toString() + "/"));
        }
        return CliTest.run(a.toArray(String[]::new));
    }

    /** Every spelling of {@code name} in {@code dir} that a user might type for the same file. */
    List<String> spellings(String name) throws Exception {
        Files.createDirectories(dir.resolve("sub"));
        Path link = dir.resolve("link-" + name);
        if (!Files.exists(link, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(link, Path.of(name));
        }
        Path hard = dir.resolve("hard-" + name);
        if (!Files.exists(hard)) {
            Files.createLink(hard, dir.resolve(name));
        }
        Path linkDir = dir.resolve("linkdir");
        if (!Files.exists(linkDir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            Files.createSymbolicLink(linkDir, dir);
        }
        return List.of("@" + name, "@./" + name, "@sub/../" + name, "@sub/./../" + name, "@link-" + name,
                "@hard-" + name, "@linkdir/" + name, "@/" + name, "@linkdir/sub/../" + name, "@./sub/../link-" + name,
                "@sub/../link-" + name);
    }

    void assertRefusedAndIntact(String file, String content, String... args) throws Exception {
        CliTest.Run r = run(args);
        String what = String.join(" ", args) + "\n" + r.err();
        assertEquals(2, r.code(), what);
        assertEquals(1, r.err().strip().lines().count(), what);
        assertTrue(r.err().contains("input"), "the message says the output is an input: " + what);
        assertTrue(Files.isRegularFile(dir.resolve(file)), what);
        assertEquals(content, Files.readString(dir.resolve(file)), "the input is intact: " + what);
        assertTrue(Files.isSymbolicLink(dir.resolve("link-" + file)), "a link stays a link: " + what);
        assertEquals(Set.of(), temporaries(), what);
    }

    Set<String> temporaries() throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            Set<String> t = new TreeSet<>();
            s.filter(p -> p.getFileName().toString().contains(Outputs.TEMPORARY_INFIX)).forEach(p -> t.add(p.toString()));
            return t;
        }
    }

    @Test
    void anOutputThatNamesTheGraphFileIsRefusedInEverySpelling() throws Exception {
        Files.writeString(dir.resolve("edges.txt"), EDGES);
        for (String out : spellings("edges.txt")) {
            assertRefusedAndIntact("edges.txt", EDGES, "simulate", "uniform-rw", "--T", "1000", "--graph", "file:@edges.txt", "--csv", out);
            assertRefusedAndIntact("edges.txt", EDGES, "simulate", "dfedrw", "--graph", "FILE:@edges.txt", "--train", "100",
                    "--test", "20", "--rounds", "1", "--csv", out);
            assertRefusedAndIntact("edges.txt", EDGES, "simulate", "rw-dp-sgd", "--graph", " file:@edges.txt", "--T", "100", "--csv", out);
            assertRefusedAndIntact("edges.txt", EDGES, "bound", "pndp", "--graph", "file:@edges.txt", "--T", "100", "--alpha", "2",
                    "--sigma", "3", "--matrix", out);
            assertRefusedAndIntact("edges.txt", EDGES, "bound", "pndp", "--graph", "file:@edges.txt", "--T", "100", "--alpha", "2",
                    "--sigma", "3", "--source", "0", "--row", out);
            assertRefusedAndIntact("edges.txt", EDGES, "graph", "info", "--graph", "file:@edges.txt", "--mapping", out);
        }
    }

    @Test
    void anOutputThatNamesTheDataFileIsRefusedInEverySpelling() throws Exception {
        String data = "x1,x2,label\n0.1,0.2,0\n0.3,0.1,1\n";
        Files.writeString(dir.resolve("data.csv"), data);
        for (String out : spellings("data.csv")) {
            assertRefusedAndIntact("data.csv", data, "simulate", "skip-ring", "--n", "4", "--hmax", "40", "--p", "0.3",
                    "--data", "file:@data.csv", "--csv", out);
            assertRefusedAndIntact("data.csv", data, "simulate", "dfedrw", "--data", "file:@data.csv", "--csv", out);
            assertRefusedAndIntact("data.csv", data, "graph", "info", "--graph", "ring:8", "--weights", "mh-weighted",
                    "--node-weights", "file:@data.csv", "--mapping", out);
        }
    }

    @Test
    void twoOutputsOfOneCommandMayNotNameTheSameFile() {
        CliTest.Run r = run("bound", "pndp", "--graph", "ring:20", "--T", "100", "--alpha", "2", "--sigma", "3",
                "--source", "0", "--row", "@x.csv", "--matrix", "@./x.csv");
        assertEquals(2, r.code(), r.err());
        assertTrue(r.err().contains("same file"), r.err());
        assertFalse(Files.exists(dir.resolve("x.csv")));
    }

    /** Commands that fail only after they have produced their output file (the result overflows). */
    @Test
    void aCommandThatFailsAfterWritingLeavesTheExistingFileAsItWas() throws Exception {
        String[][] cases = {
            {"simulate", "rw-dp-sgd", "--graph", "er:50,0.2,1", "--T", "500", "--sigma", "1e300", "--csv", "@keep.csv"},
            {"simulate", "uniform-rw", "--T", "1000", "--data", "gaussian:1e300,10,5,7", "--csv", "@keep.csv"},
            {"bound", "pndp", "--graph", "ring:20", "--T", "100", "--alpha", "2", "--sigma", "3",
                "--weights", "lazy-ring(0.999999999)", "--delta", "1e-5", "--matrix", "@keep.csv"},
            {"bound", "pndp", "--graph", "ring:20", "--T", "100", "--alpha", "2", "--sigma", "1e-300", "--force", "--matrix", "@keep.csv"},
        };
        for (String[] c : cases) {
            Files.writeString(dir.resolve("keep.csv"), "keep");
            CliTest.Run r = run(c);
            assertEquals(2, r.code(), String.join(" ", c) + "\n" + r.err());
            assertEquals("keep", Files.readString(dir.resolve("keep.csv")), String.join(" ", c));
            assertTrue(r.out().isBlank(), "no JSON from a failed command");
            assertEquals(Set.of(), temporaries());
        }
    }

    @Test
    void anOutputLinkIsWrittenThroughAndStaysALink() throws Exception {
        Files.writeString(dir.resolve("target.csv"), "old");
        Files.createSymbolicLink(dir.resolve("out.csv"), Path.of("target.csv"));
        CliTest.Run r = run("simulate", "uniform-rw", "--graph", "ring:8", "--T", "100", "--csv", "@out.csv");
        assertEquals(0, r.code(), r.err());
        assertTrue(Files.isSymbolicLink(dir.resolve("out.csv")));
        assertTrue(Files.readString(dir.resolve("target.csv")).startsWith("updates,"));
        assertEquals(Set.of(), temporaries());
    }

    @Test
    void staleTemporariesOfDeadProcessesAreRemovedAndOnlyThose() throws Exception {
        Process dead = new ProcessBuilder("true").start();
        dead.waitFor();
        Path stale = Files.writeString(dir.resolve(".out.csv" + Outputs.TEMPORARY_INFIX + dead.pid()), "half");
        Path live = Files.writeString(dir.resolve(".out.csv" + Outputs.TEMPORARY_INFIX + ProcessHandle.current().parent()
                .map(ProcessHandle::pid).orElse(1L)), "live");
        Path otherFile = Files.writeString(dir.resolve(".other.csv" + Outputs.TEMPORARY_INFIX + dead.pid()), "other");
        CliTest.Run r = run("simulate", "uniform-rw", "--graph", "ring:8", "--T", "100", "--csv", "@out.csv");
        assertEquals(0, r.code(), r.err());
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(live) && Files.exists(otherFile));
    }

    @Test
    void reportOutMessagesNameThePathGivenNeverATemporary() throws Exception {
        Files.writeString(dir.resolve("afile"), "x");
        String[][] cases = {{"/proc/rwdp-x", "/proc does not accept new files"}, {"@afile/sub", "afile is a file, not a folder"},
            {"@afile/a/b", "afile is a file, not a folder"}, {"", "names no folder"}};
        for (String[] c : cases) {
            CliTest.Run r = run("report", "--only", "core.rows-stochastic", "--quiet", "--out", c[0]);
            assertEquals(2, r.code(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains(c[1]) && r.err().contains("--out"), r.err());
            assertFalse(r.err().contains(Outputs.TEMPORARY_INFIX), "no temporary path in the message: " + r.err());
        }
        assertEquals("x", Files.readString(dir.resolve("afile")));
    }

    /**
     * Every option that takes a path is typed as an input ({@link rwdp.cli.common.InputFolder}) or an output
     * ({@link rwdp.cli.common.OutputFile}), so the one guard sees it by its type; the report's --out, a folder swapped
     * whole by its own guard, is the one bare path.
     */
    @Test
    void everyPathOptionIsAnInputOrAnOutput() {
        List<String> unknown = new ArrayList<>();
        walk(Main.commandLine(), unknown);
        assertEquals(List.of(), unknown);
    }

    static void walk(CommandLine c, List<String> unknown) {
        for (OptionSpec o : c.getCommandSpec().options()) {
            boolean reportFolder = c.getCommandSpec().qualifiedName().equals("rwdp report") && o.longestName().equals("--out");
            if ((o.type() == Path.class || o.type() == java.io.File.class)
                    && !reportFolder) {
                unknown.add(c.getCommandSpec().qualifiedName() + " " + o.longestName());
            }
        }
        c.getSubcommands().values().stream().distinct().forEach(s -> walk(s, unknown));
    }
}
