package rwdp.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.check.InvalidArgumentException;

/**
 * Outputs' promise, checked on the file system: nothing reaches a user's path before
 * {@link Outputs#commit}, a discarded command leaves every file as it was, the JSON is printed
 * only on commit, and an output that would destroy an input is refused before any work.
 */
class OutputsTest {

    /** A command with one output and one input of each kind Outputs knows. */
    @Command(name = "probe")
    static final class Probe implements Runnable {
        @Option(names = "--csv")
        OutputFile csv;
        @Option(names = "--matrix")
        OutputFile matrix;
        @Option(names = "--data-dir")
        InputFolder dataDir;
        @Option(names = "--graph")
        String graph;

        @Override
        public void run() {
            // Parsed only: the test starts the command by hand.
        }
    }

    @AfterEach
    void forgetTheCommand() {
        OutputGuard.startCommand(null);
    }

    private static CommandLine.ParseResult parse(String... args) {
        return new CommandLine(new Probe())
                .registerConverter(OutputFile.class, s -> new OutputFile(Path.of(s)))
                .registerConverter(InputFolder.class, s -> new InputFolder(Path.of(s)))
                .parseArgs(args);
    }

    private static String captureStdout(Runnable r) {
        PrintStream old = System.out;
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(buf, true, StandardCharsets.UTF_8));
            r.run();
        } finally {
            System.setOut(old);
        }
        return buf.toString(StandardCharsets.UTF_8);
    }

    private static List<Path> temporariesIn(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().contains(Outputs.TEMPORARY_INFIX)).toList();
        }
    }

    @Test
    void aWrittenFileAppearsOnlyOnCommitAndTheTemporaryGoes(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.csv");
        Files.writeString(target, "old\n");
        OutputGuard.startCommand(parse("--csv", target.toString()));
        Outputs.write(target, w -> w.write("new\n"));
        assertEquals("old\n", Files.readString(target), "the user's file must not change before commit");
        Path tmp = dir.resolve(".out.csv" + Outputs.TEMPORARY_INFIX + ProcessHandle.current().pid());
        assertEquals(tmp, Outputs.temporaryFor(target));
        assertEquals("new\n", Files.readString(tmp));
        Outputs.commit();
        assertEquals("new\n", Files.readString(target));
        assertEquals(List.of(), temporariesIn(dir));
    }

    @Test
    void aDiscardedCommandLeavesEveryFileAsItWas(@TempDir Path dir) throws IOException {
        Path kept = dir.resolve("kept.csv");
        Files.writeString(kept, "keep me\n");
        Path fresh = dir.resolve("fresh.csv");
        OutputGuard.startCommand(parse());
        Outputs.write(kept, w -> w.write("overwritten\n"));
        Outputs.write(fresh, w -> w.write("x\n"));
        Outputs.discard();
        assertEquals("keep me\n", Files.readString(kept));
        assertFalse(Files.exists(fresh));
        assertEquals(List.of(), temporariesIn(dir));
    }

    @Test
    void aBodyThatFailsLeavesNoTemporaryAndNamesTheUsersPath(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("t.csv");
        OutputGuard.startCommand(parse());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> Outputs.write(target, w -> {
            w.write("half");
            throw new IllegalStateException("boom");
        }));
        assertEquals("boom", e.getMessage());
        assertEquals(List.of(), temporariesIn(dir));
        assertFalse(Files.exists(target));
    }

    @Test
    void theJsonIsPrintedOnCommitOnlyAndNonFiniteNumbersAreRefused() {
        OutputGuard.startCommand(parse());
        Map<String, Object> v = new LinkedHashMap<>();
        v.put("a", 1.5);
        String printed = captureStdout(() -> Outputs.printJson(v));
        assertEquals("", printed, "nothing may reach stdout before commit");
        assertEquals("{\n  \"a\" : 1.5\n}\n", captureStdout(Outputs::commit).replace(System.lineSeparator(), "\n"));
        Outputs.printJson(v);
        Outputs.discard();
        assertEquals("", captureStdout(Outputs::commit), "a discarded JSON is never printed");
        Map<String, Object> bad = new LinkedHashMap<>();
        bad.put("ok", 1.0);
        bad.put("rows", List.of(Map.of("eps", 2.0), Map.of("eps", Double.POSITIVE_INFINITY)));
        UserException e = assertThrows(UserException.class, () -> Outputs.printJson(bad));
        assertTrue(e.getMessage().contains("rows[1].eps = Infinity"), e.getMessage());
    }

    @Test
    void nonFiniteFindsTheFirstBadNumberByItsPath() {
        assertNull(Outputs.nonFinite(Map.of("a", List.of(1.0, 2f), "b", new double[] {3}), ""));
        assertEquals("value", Outputs.nonFinite(Double.NaN, ""), "a bare number is named as the value");
        assertEquals("x[2] = -Infinity", Outputs.nonFinite(Map.of("x", new double[] {0, 1, Double.NEGATIVE_INFINITY}), ""));
        assertEquals("m.n[0] = NaN", Outputs.nonFinite(Map.of("m", Map.of("n", List.of(Float.NaN))), ""));
    }

    @Test
    void anOutputThatIsAnInputIsRefusedHoweverItIsSpelled(@TempDir Path dir) throws IOException {
        Path in = Files.writeString(dir.resolve("edges.txt"), "0 1\n");
        Path sub = Files.createDirectories(dir.resolve("sub"));
        Path link = dir.resolve("link.txt");
        Files.createSymbolicLink(link, in);
        Path hard = Files.createLink(dir.resolve("hard.txt"), in);
        for (Path spelled : List.of(in, sub.resolve("../edges.txt"), link, hard)) {
            UserException e = assertThrows(UserException.class, () -> Outputs.checkOutput(spelled, "--csv", List.of(in)),
                    spelled.toString());
            assertTrue(e.getMessage().contains("is the input file"), e.getMessage());
        }
        assertEquals(in.toRealPath(), Outputs.checkOutput(link, "--csv", List.of()).toRealPath(), "outputs write through links");
        assertEquals(dir.resolve("other.csv").toAbsolutePath(), Outputs.checkOutput(dir.resolve("other.csv"), "--csv", List.of(in)));
    }

    @Test
    void foldersMissingFoldersBlankPathsAndFilesInsideAnInputFolderAreRefused(@TempDir Path dir) throws IOException {
        Path data = Files.createDirectories(dir.resolve("data"));
        Path existing = Files.writeString(data.resolve("train.csv"), "1\n");
        assertTrue(assertThrows(UserException.class, () -> Outputs.checkOutput(dir, "--csv", List.of()))
                .getMessage().contains("is a folder"));
        assertTrue(assertThrows(UserException.class, () -> Outputs.checkOutput(dir.resolve("no/x.csv"), "--csv", List.of()))
                .getMessage().contains("does not exist"));
        assertTrue(assertThrows(UserException.class, () -> Outputs.checkOutput(Path.of(" "), "--csv", List.of()))
                .getMessage().contains("names no file"));
        assertTrue(assertThrows(UserException.class, () -> Outputs.checkOutput(existing, "--csv", List.of(data)))
                .getMessage().contains("inside the input folder"));
        // A new file beside the inputs destroys nothing.
        Outputs.checkOutput(data.resolve("new.csv"), "--csv", List.of(data));
        Path dangling = dir.resolve("dangling");
        Files.createSymbolicLink(dangling, dir.resolve("missing"));
        assertTrue(assertThrows(UserException.class, () -> Outputs.checkOutput(dangling, "--csv", List.of()))
                .getMessage().contains("symbolic link to a missing file"));
    }

    @Test
    void startCommandCollectsInputsAndRefusesClashingOutputsBeforeAnyWork(@TempDir Path dir) throws IOException {
        Path edges = Files.writeString(dir.resolve("edges.txt"), "0 1\n");
        OutputGuard.startCommand(parse("--graph", "file:" + edges, "--csv", dir.resolve("a.csv").toString()));
        assertTrue(Outputs.inputs().contains(edges), Outputs.inputs().toString());
        UserException e = assertThrows(UserException.class,
                () -> OutputGuard.startCommand(parse("--graph", "FILE: " + edges, "--csv", edges.toString())));
        assertTrue(e.getMessage().startsWith("--csv '" + edges + "' is the input file"), e.getMessage());
        Path a = dir.resolve("a.csv");
        e = assertThrows(UserException.class,
                () -> OutputGuard.startCommand(parse("--csv", a.toString(), "--matrix", dir.resolve("x/../a.csv").toString())));
        assertTrue(e.getMessage().contains("is the same file as --csv"), e.getMessage());
        e = assertThrows(UserException.class,
                () -> OutputGuard.startCommand(parse("--data-dir", dir.toString(), "--csv", edges.toString())));
        assertTrue(e.getMessage().contains("inside the input folder"), e.getMessage());
    }

    @Test
    void staleTemporariesOfDeadProcessesGoAndLiveOnesStay(@TempDir Path dir) throws IOException {
        Path target = dir.resolve("out.csv");
        // No process has this id: pid_max is at most 2^22 on Linux.
        Path dead = Files.writeString(dir.resolve(".out.csv" + Outputs.TEMPORARY_INFIX + "999999999999"), "x");
        Path mine = Files.writeString(Outputs.temporaryFor(target), "y");
        Path otherFile = Files.writeString(dir.resolve(".other.csv" + Outputs.TEMPORARY_INFIX + "999999999999"), "z");
        Outputs.removeStaleTemporaries(target);
        assertFalse(Files.exists(dead));
        assertTrue(Files.exists(mine));
        assertTrue(Files.exists(otherFile), "only the temporaries of this target are removed");
    }

    @Test
    void deletingAFolderRemovesLinksNotWhatTheyPointTo(@TempDir Path dir) throws IOException {
        Path outside = Files.writeString(dir.resolve("precious.txt"), "keep");
        Path tree = Files.createDirectories(dir.resolve("tree/deep"));
        Files.writeString(tree.resolve("f.txt"), "1");
        Files.createSymbolicLink(tree.resolve("link"), outside);
        Files.createSymbolicLink(dir.resolve("tree/dirlink"), dir);
        Outputs.deleteRecursively(dir.resolve("tree"));
        assertFalse(Files.exists(dir.resolve("tree")));
        assertEquals("keep", Files.readString(outside));
        Outputs.deleteRecursively(dir.resolve("tree"));
    }

    @Test
    void whySaysInWordsWhatTheFileSystemRefused() {
        assertEquals("permission denied", Outputs.why(new AccessDeniedException("/x")));
        assertEquals("the folder does not accept new files", Outputs.why(new NoSuchFileException("/x")));
        assertEquals("No space left on device", Outputs.why(new FileSystemException("/x", null, "No space left on device")));
        assertEquals("the file system refused it", Outputs.why(new FileSystemException("/x")));
        assertEquals("disk on fire", Outputs.why(new IOException("disk on fire")));
    }

    @Test
    void userExceptionIsTheInvalidArgumentTypeWithItsLine() {
        UserException e = new UserException("--n must be >= 2, got 1");
        assertInstanceOf(InvalidArgumentException.class, e);
        assertInstanceOf(IllegalArgumentException.class, e);
        assertEquals("--n must be >= 2, got 1", e.getMessage());
        assertNull(e.getCause());
    }
}
