package rwdp.cli.common;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The command's output files and its JSON, handled so that no user file is ever lost and nothing
 * half-written is left behind.
 *
 * <p>A command never writes a user's path directly. {@link #write} puts the content in a
 * temporary sibling ({@code .NAME.rwdp-tmp-PID}); {@link #printJson} checks and holds the JSON.
 * Only when the whole command has succeeded does {@link #commit} rename every temporary onto its
 * target (one atomic rename each) and print the JSON. A command that fails at any point, after
 * writing its files or not, leaves every existing file as it was ({@link #discard}).
 *
 * <p>A signal (SIGINT, SIGTERM, SIGHUP) runs the shutdown hook, which first waits for a commit or
 * the creation of a temporary in progress to finish (so renames are never cut in half by this JVM's
 * own clean-up), then removes the temporaries and keeps every later commit or temporary from
 * starting: the command's threads run on until the JVM halts, and what they began after the
 * clean-up would otherwise be left behind. After SIGKILL the temporaries stay; the next command
 * that writes beside them removes those of processes that no longer exist, and only those.
 */
public final class Outputs {
    private Outputs() {}

    /** Something that writes a whole file. */
    @FunctionalInterface
    public interface Body {
        void write(BufferedWriter out) throws IOException;
    }

    /** The infix of every temporary rwdp creates beside a user's path, followed by the process id. */
    public static final String TEMPORARY_INFIX = ".rwdp-tmp-";

    /**
     * Shared while temporaries are created or renamed into place; the shutdown hook takes it
     * exclusively before cleaning up and never gives it back.
     */
    private static final ReentrantReadWriteLock COMMIT = new ReentrantReadWriteLock();

    /** Temporaries that exist, removed by the shutdown hook if the JVM stops before they are renamed. */
    private static final Set<Path> TEMPORARIES = ConcurrentHashMap.newKeySet();

    /** This command's staged files: target -> temporary, in the order they were written. */
    private static final Map<Path, Path> STAGED = new LinkedHashMap<>();

    /** This command's JSON, printed by {@link #commit} once every file is in place. */
    private static final List<String> STDOUT = new ArrayList<>();

    /** The files and folders this command reads: no output may replace one of them. */
    private static volatile List<Path> inputs = List.of();

    /** Options that name a file or folder the command writes. */
    public static final Set<String> OUTPUT_OPTIONS = Set.of("--csv", "--matrix", "--row", "--mapping", "--out", "--partial");

    /** Options that name a file or folder the command reads. */
    public static final Set<String> INPUT_OPTIONS = Set.of("--data-dir");

    /** Prefixes of option values that name an input: {@code file:PATH} and {@code fashion-mnist:DIR}. */
    private static final List<String> INPUT_PREFIXES = List.of("file:", "fashion-mnist:");

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Outputs::onShutdown, "rwdp-remove-temporaries"));
    }

    private static void onShutdown() {
        // A commit in progress finishes first: its renames are what leaves the user either the old or the new output.
        // The lock is kept until the JVM halts: a commit or temporary begun after the clean-up would be cut off there.
        COMMIT.writeLock().lock();
        removeTemporaries();
    }

    /** Registers {@code tmp} for removal on exit unless {@link #release} is called first. */
    public static void track(Path tmp) {
        TEMPORARIES.add(tmp);
    }

    /** Stops tracking {@code tmp} (renamed into place or deleted). */
    public static void release(Path tmp) {
        TEMPORARIES.remove(tmp);
    }

    static void removeTemporaries() {
        for (Path p : TEMPORARIES) {
            try {
                deleteRecursively(p);
            } catch (IOException ignored) {
                // Best effort while the JVM shuts down.
            }
        }
        TEMPORARIES.clear();
    }

    /**
     * Runs {@code action} so that no shutdown hook of this JVM interleaves with it: a signal that
     * lands while it runs takes effect after it, and after a signal's clean-up it never starts.
     */
    public static void atomically(IoAction action) throws IOException {
        COMMIT.readLock().lock();
        try {
            action.run();
        } finally {
            COMMIT.readLock().unlock();
        }
    }

    /** A step that may fail with an IOException. */
    @FunctionalInterface
    public interface IoAction {
        void run() throws IOException;
    }

    /**
     * Deletes {@code p} and, for a folder, everything in it, without following symbolic links
     * (a link is removed, never its target); nothing when it does not exist.
     */
    public static void deleteRecursively(Path p) throws IOException {
        if (!Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)) {
            try (Stream<Path> s = Files.list(p)) {
                for (Path c : (Iterable<Path>) s::iterator) {
                    deleteRecursively(c);
                }
            }
        }
        Files.deleteIfExists(p);
    }

    /** Returns the temporary sibling of {@code target} that this process writes. */
    public static Path temporaryFor(Path target) {
        return target.resolveSibling("." + target.getFileName() + TEMPORARY_INFIX + ProcessHandle.current().pid());
    }

    /**
     * Removes, beside {@code target}, the temporaries that processes which no longer exist left
     * for it (after SIGKILL or a power cut); a live process's temporaries and every other file stay.
     */
    public static void removeStaleTemporaries(Path target) {
        Path parent = target.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            return;
        }
        Pattern mine = Pattern.compile(Pattern.quote("." + target.getFileName() + TEMPORARY_INFIX) + "(\\d{1,18})");
        try (Stream<Path> s = Files.list(parent)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Matcher m = mine.matcher(p.getFileName().toString());
                if (m.matches() && ProcessHandle.of(Long.parseLong(m.group(1))).isEmpty()) {
                    deleteRecursively(p);
                }
            }
        } catch (IOException | UncheckedIOException e) {
            // Leftovers that cannot be removed harm nothing; the user's files are untouched either way.
        }
    }

    /**
     * Returns where output {@code file} of {@code option} will be written, after refusing one that
     * would destroy an input or cannot be written: the path itself, or the file a symbolic link at
     * it points to (outputs write through links).
     *
     * @throws UserException when the folder is missing, the path is a folder, or the path is the same
     *     file as one of {@code inputs} (compared by real path, so {@code ./x}, {@code sub/../x},
     *     links and hard links are caught) or lies inside an input folder where a file already exists
     */
    public static Path checkOutput(Path file, String option, List<Path> inputs) {
        String shown = option + " '" + file + "'";
        if (file.toString().isBlank()) {
            throw new UserException(option + " '" + file + "' names no file; give a file path such as " + option + " out.csv");
        }
        Path abs = file.toAbsolutePath().normalize();
        Path target = abs;
        if (Files.isSymbolicLink(abs)) {
            try {
                target = abs.toRealPath();
            } catch (IOException e) {
                throw new UserException(shown + " is a symbolic link to a missing file; give the file's own path");
            }
        }
        Path parent = target.getParent();
        if (parent == null || !Files.isDirectory(parent)) {
            throw new UserException("cannot write " + shown + ": folder " + parent + " does not exist");
        }
        if (Files.isDirectory(target)) {
            throw new UserException(option + " " + file + " is a folder; give a file path inside it such as " + option + " "
                    + file.resolve("out.csv"));
        }
        Path real = realPath(target);
        for (Path in : inputs) {
            Path inReal = realPath(in.toAbsolutePath().normalize());
            boolean same = inReal.equals(real);
            try {
                same |= Files.exists(target) && Files.exists(in) && Files.isSameFile(target, in);
            } catch (IOException e) {
                // Unreadable inputs are reported where they are read.
            }
            if (same) {
                throw new UserException(shown + " is the input file " + in + "; writing it would destroy the input: choose another path");
            }
            if (Files.isDirectory(inReal) && real.startsWith(inReal) && Files.exists(target)) {
                throw new UserException(shown + " would replace a file inside the input folder " + in + ": choose another path");
            }
        }
        return target;
    }

    /** Returns the real path of {@code p}, or of its nearest existing ancestor joined with the rest. */
    private static Path realPath(Path p) {
        Path rest = p.getFileSystem().getPath("");
        Path at = p;
        while (at != null) {
            try {
                return at.toRealPath().resolve(rest).normalize();
            } catch (IOException e) {
                rest = at.getFileName().resolve(rest);
                at = at.getParent();
            }
        }
        return p;
    }

    /**
     * Writes {@code file} through {@code body} into a temporary sibling, renamed onto {@code file}
     * only when the command succeeds ({@link #commit}); the parent folder must exist.
     *
     * @throws UserException when the path cannot be an output (see {@link #checkOutput})
     * @throws UncheckedIOException when the temporary cannot be written, naming the user's path
     */
    public static void write(Path file, Body body) {
        Path target = checkOutput(file, "output", inputs);
        removeStaleTemporaries(target);
        Path tmp = temporaryFor(target);
        try (BufferedWriter w = createTemporary(tmp)) {
            body.write(w);
        } catch (IOException e) {
            deleteQuietly(tmp);
            release(tmp);
            throw new UncheckedIOException("cannot write " + file + ": " + why(e), e);
        } catch (RuntimeException | Error e) {
            deleteQuietly(tmp);
            release(tmp);
            throw e;
        }
        synchronized (STAGED) {
            Path previous = STAGED.put(target, tmp);
            if (previous != null && !previous.equals(tmp)) {
                deleteQuietly(previous);
                release(previous);
            }
        }
    }

    /**
     * Creates and tracks the temporary {@code tmp}, under the lock, so that a signal's clean-up sees it (and none is
     * created after it); the caller writes it outside the lock, so that a signal never waits on a long body.
     */
    private static BufferedWriter createTemporary(Path tmp) throws IOException {
        COMMIT.readLock().lock();
        try {
            track(tmp);
            return Files.newBufferedWriter(tmp, StandardCharsets.UTF_8);
        } finally {
            COMMIT.readLock().unlock();
        }
    }

    /** Returns why an I/O operation failed, in words. */
    public static String why(IOException e) {
        return e instanceof AccessDeniedException ? "permission denied"
                : e instanceof NoSuchFileException ? "the folder does not accept new files"
                : e instanceof FileSystemException fse
                        ? (fse.getReason() != null ? fse.getReason() : "the file system refused it")
                : e.getMessage();
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException ignored) {
            // The original error is the one to report.
        }
    }

    /**
     * Checks that {@code value} holds no NaN or infinite number (JSON has none; they would print as
     * null) and holds it for printing on stdout when the command succeeds.
     *
     * @throws UserException naming the key when a number is not finite: the inputs overflowed the computation
     */
    public static void printJson(Object value) {
        String bad = nonFinite(value, "");
        if (bad != null) {
            throw new UserException("the result " + bad + " is not a finite number for these inputs"
                    + " (an input too large or too small for double arithmetic); move the extreme values toward 1");
        }
        synchronized (STAGED) {
            STDOUT.add(rwdp.report.Json.pretty(value));
        }
    }

    /** Returns the path of the first NaN or infinite number in a tree of maps, lists and numbers, or null. */
    static String nonFinite(Object v, String path) {
        if (v instanceof Double d && !Double.isFinite(d) || v instanceof Float f && !Float.isFinite(f)) {
            return path.isEmpty() ? "value" : path.substring(1) + " = " + v;
        }
        if (v instanceof double[] a) {
            for (int i = 0; i < a.length; i++) {
                if (!Double.isFinite(a[i])) {
                    return path.substring(Math.min(1, path.length())) + "[" + i + "] = " + a[i];
                }
            }
        }
        if (v instanceof java.util.Map<?, ?> m) {
            for (java.util.Map.Entry<?, ?> e : m.entrySet()) {
                String r = nonFinite(e.getValue(), path + "." + e.getKey());
                if (r != null) {
                    return r;
                }
            }
        }
        if (v instanceof Iterable<?> it) {
            int i = 0;
            for (Object o : it) {
                String r = nonFinite(o, path + "[" + i++ + "]");
                if (r != null) {
                    return r;
                }
            }
        }
        return null;
    }

    /**
     * Starts a command: forgets what a previous one staged (one JVM may run several, as the tests
     * do), collects the inputs its options name and refuses, before any work, an output option that
     * names one of them, a folder, a missing folder, or the same file as another output option.
     *
     * @param parsed the invoked (innermost) command, or null when it only prints help
     * @throws UserException naming the option and the path
     */
    public static void startCommand(CommandLine.ParseResult parsed) {
        discard();
        inputs = List.of();
        if (parsed == null) {
            return;
        }
        List<Path> in = new ArrayList<>();
        Map<Path, String> outs = new LinkedHashMap<>();
        CommandLine.Model.CommandSpec spec = parsed.commandSpec();
        for (CommandLine.Model.OptionSpec o : spec.options()) {
            Object v = o.getValue();
            if (v == null || OUTPUT_OPTIONS.contains(o.longestName())) {
                continue;
            }
            if (v instanceof Path p && INPUT_OPTIONS.contains(o.longestName())) {
                in.add(p);
            } else if (v instanceof rwdp.graph.GraphSpec g) {
                g.file().ifPresent(in::add);
            } else if (v instanceof rwdp.data.DataSource d) {
                d.file().ifPresent(in::add);
            } else if (v instanceof String s) {
                String t = s.strip();
                for (String prefix : INPUT_PREFIXES) {
                    if (t.regionMatches(true, 0, prefix, 0, prefix.length()) && t.length() > prefix.length()) {
                        in.add(Path.of(t.substring(prefix.length()).strip()));
                    }
                }
            }
        }
        String dataDir = System.getenv("RWDP_DATA");
        if (dataDir != null && !dataDir.isBlank() && spec.findOption("--data-dir") != null) {
            in.add(Path.of(dataDir));
        }
        inputs = List.copyOf(in);
        for (CommandLine.Model.OptionSpec o : spec.options()) {
            // The report's --out is a folder, guarded by its own swap; every other output is a file.
            if (o.getValue() instanceof Path p && OUTPUT_OPTIONS.contains(o.longestName()) && !o.longestName().equals("--out")) {
                Path target = checkOutput(p, o.longestName(), inputs);
                String other = outs.put(target, o.longestName());
                if (other != null) {
                    throw new UserException(o.longestName() + " '" + p + "' is the same file as " + other
                            + ": give each output its own path");
                }
            }
        }
    }

    /** Returns the inputs the current command's options name. */
    public static List<Path> inputs() {
        return inputs;
    }

    /**
     * Renames every staged file onto its target and then prints the held JSON: called once the
     * command has succeeded.
     *
     * @throws UncheckedIOException when a rename fails; the files not yet renamed keep their old content
     */
    public static void commit() {
        synchronized (STAGED) {
            COMMIT.readLock().lock();
            try {
                for (Map.Entry<Path, Path> e : STAGED.entrySet()) {
                    try {
                        Files.move(e.getValue(), e.getKey(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                    } catch (IOException ex) {
                        throw new UncheckedIOException("cannot write " + e.getKey() + ": " + why(ex), ex);
                    }
                    release(e.getValue());
                }
                STAGED.clear();
            } finally {
                COMMIT.readLock().unlock();
                discardStaged();
            }
            for (String s : STDOUT) {
                System.out.println(s);
            }
            STDOUT.clear();
        }
    }

    /** Drops this command's staged files and JSON: a failed command changes no file and prints nothing. */
    public static void discard() {
        synchronized (STAGED) {
            discardStaged();
            STDOUT.clear();
        }
    }

    private static void discardStaged() {
        for (Path tmp : STAGED.values()) {
            deleteQuietly(tmp);
            release(tmp);
        }
        STAGED.clear();
    }
}
