package rwdp.cli.common;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Writes command output files so that nothing half-written is left behind: the content goes
 * to a temporary sibling that replaces the target only once complete.
 */
public final class Outputs {
    private Outputs() {}

    /** Something that writes a whole file. */
    @FunctionalInterface
    public interface Body {
        void write(BufferedWriter out) throws IOException;
    }

    /** Temporaries being written, removed by a shutdown hook if the JVM stops (e.g. SIGTERM) before they are renamed. */
    private static final Set<Path> TEMPORARIES = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(Outputs::removeTemporaries, "rwdp-remove-temporaries"));
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

    /** Deletes {@code p} and, for a folder, everything in it; nothing when it does not exist. */
    public static void deleteRecursively(Path p) throws IOException {
        if (!Files.exists(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            try (java.util.stream.Stream<Path> s = Files.list(p)) {
                for (Path c : (Iterable<Path>) s::iterator) {
                    deleteRecursively(c);
                }
            }
        }
        Files.deleteIfExists(p);
    }

    /** Throws UserException when {@code output} is the same file as one of {@code inputs} (it would destroy it). */
    public static void refuseInput(Path output, List<Path> inputs) {
        for (Path in : inputs) {
            if (sameFile(output, in)) {
                throw new UserException("output " + output + " is the input file " + in + "; choose another output path");
            }
        }
    }

    private static boolean sameFile(Path a, Path b) {
        try {
            if (Files.exists(a) && Files.exists(b)) {
                return Files.isSameFile(a, b);
            }
        } catch (IOException e) {
            // Fall through to the path comparison.
        }
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** Writes {@code file} through {@code body}, atomically; the parent folder must exist. */
    public static void write(Path file, Body body) {
        Path abs = file.toAbsolutePath();
        Path parent = abs.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new UserException("cannot write " + file + ": folder " + parent + " does not exist");
        }
        if (Files.isDirectory(abs)) {
            throw new UserException("cannot write " + file + ": it is a directory");
        }
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp");
        boolean existed = Files.exists(abs);
        track(tmp);
        try {
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(w);
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            if (!existed) {
                CREATED.add(abs);
            }
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // The original error is the one to report.
            }
            // Name the file the user gave, not the temporary, and say why in words.
            String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.NoSuchFileException ? "the folder does not accept new files"
                    : e instanceof java.nio.file.FileSystemException fse
                            ? (fse.getReason() != null ? fse.getReason() : "the file system refused it")
                    : e.getMessage();
            throw new UncheckedIOException("cannot write " + file + ": " + why, e);
        } finally {
            release(tmp);
        }
    }

    /**
     * Prints one JSON object on stdout, after checking that it holds no NaN or infinite number
     * (JSON has none; they would print as null): such a result means the inputs overflowed the
     * computation, which is refused as bad input naming the key.
     */
    public static void printJson(Object value) {
        String bad = nonFinite(value, "");
        if (bad != null) {
            throw new UserException("the result " + bad + " is not a finite number for these inputs"
                    + " (an input too large or too small for double arithmetic); move the extreme values toward 1");
        }
        System.out.println(rwdp.report.Json.pretty(value));
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

    /** Files this command created (they did not exist before): removed again if the command fails. */
    private static final List<Path> CREATED = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Forgets the files of a previous command (one JVM may run several, as the tests do). */
    public static void startCommand() {
        CREATED.clear();
    }

    /** Removes the files this command created: a failed command leaves nothing behind. */
    public static void discardCreated() {
        for (Path p : CREATED) {
            try {
                Files.deleteIfExists(p);
            } catch (IOException ignored) {
                // Best effort; the command's own error is the one reported.
            }
        }
        CREATED.clear();
    }
}
