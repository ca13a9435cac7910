package rwdp.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

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

    /** Writes {@code file} through {@code body}, atomically; the parent folder must exist. */
    public static void write(Path file, Body body) {
        Path abs = file.toAbsolutePath();
        Path parent = abs.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new UserException("cannot write " + file + ": folder " + parent + " does not exist");
        }
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp");
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
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            // A body that fails half-way (bad value, out of memory) must not leave its temporary behind either.
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // The original error is the one to report.
            }
            throw e;
        }
    }

    /** Prints one JSON object on stdout. */
    public static void printJson(Object value) {
        System.out.println(rwdp.report.Json.pretty(value));
    }
}
