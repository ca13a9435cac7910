package rwdp.cli;

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
        track(tmp);
        try {
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                body.write(w);
            }
            Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // The original error is the one to report.
            }
            // Name the file the user gave, not the temporary, and say why in words.
            String why = e instanceof java.nio.file.AccessDeniedException ? "permission denied"
                    : e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null ? fse.getReason()
                    : e.getMessage();
            throw new UncheckedIOException("cannot write " + file + ": " + why, e);
        } finally {
            release(tmp);
        }
    }

    /** Prints one JSON object on stdout. */
    public static void printJson(Object value) {
        System.out.println(rwdp.report.Json.pretty(value));
    }
}
