package rwdp.cli;

import rwdp.cli.common.UserException;
import rwdp.cli.common.Outputs;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The output folder of {@code rwdp report}, written so that it never destroys or misleads: the
 * report is built in a temporary sibling folder (removed if the run stops early) and swapped in
 * at the end, so an interrupted run leaves the previous report whole; a manifest lists what the
 * report wrote, and only those files of a previous report are replaced; a non-empty folder that
 * is not a report is refused.
 */
final class ReportFolder {
    /** The manifest: one path per line, relative to the folder, of every file the report wrote. */
    static final String MANIFEST = ".rwdp-report";

    /** What reports written before the manifest existed contain. */
    private static final Set<String> LEGACY = Set.of("index.html", "report.md", "claims.json");

    private final Path target;
    private final Path staging;

    private ReportFolder(Path target, Path staging) {
        this.target = target;
        this.staging = staging;
    }

    /**
     * Checks {@code out} (missing, empty, or a previous report) and returns a folder whose
     * {@link #staging()} the run writes into; throws UserException for anything else.
     */
    static ReportFolder open(Path out) throws IOException {
        Path abs = out.toAbsolutePath().normalize();
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new UserException("--out " + out + " exists and is not a folder");
        }
        if (Files.isDirectory(abs) && !isEmpty(abs) && previousFiles(abs) == null) {
            throw new UserException("--out " + out + " is a non-empty folder that is not an rwdp report; "
                    + "choose a new or empty folder (rwdp replaces only the files of a previous report)");
        }
        Path parent = abs.getParent();
        if (parent == null) {
            throw new UserException("--out " + out + " cannot be the root folder");
        }
        Files.createDirectories(parent);
        Path staging = parent.resolve("." + abs.getFileName() + ".rwdp-tmp-" + ProcessHandle.current().pid());
        Outputs.track(staging);
        Outputs.deleteRecursively(staging);
        Files.createDirectories(staging.resolve("figures"));
        return new ReportFolder(abs, staging);
    }

    /** Returns the temporary folder the run writes into. */
    Path staging() {
        return staging;
    }

    /**
     * Swaps the finished report in: the previous report's own files go, files a user put beside
     * them stay, and the manifest lists what this report wrote.
     */
    void commit() throws IOException {
        List<String> written = listFiles(staging);
        Files.writeString(staging.resolve(MANIFEST), String.join("\n", written) + "\n", StandardCharsets.UTF_8);
        if (!Files.exists(target)) {
            Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
            Outputs.release(staging);
            return;
        }
        Set<String> old = previousFiles(target);
        Path backup = target.resolveSibling("." + target.getFileName() + ".rwdp-old-" + ProcessHandle.current().pid());
        Outputs.track(backup);
        Files.move(target, backup, StandardCopyOption.ATOMIC_MOVE);
        Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
        Outputs.release(staging);
        // Files that were not the previous report's own (a user's notes, say) move back in.
        for (String f : listFiles(backup)) {
            if ((old == null || !old.contains(f)) && !f.equals(MANIFEST) && !Files.exists(target.resolve(f))) {
                Files.createDirectories(target.resolve(f).getParent());
                Files.move(backup.resolve(f), target.resolve(f));
            }
        }
        Outputs.deleteRecursively(backup);
        Outputs.release(backup);
    }

    /** Removes the temporary folder of a run that failed. */
    void abandon() throws IOException {
        Outputs.deleteRecursively(staging);
        Outputs.release(staging);
    }

    /** Returns the files a previous report in {@code dir} wrote, or null when {@code dir} holds no report. */
    static Set<String> previousFiles(Path dir) throws IOException {
        Path manifest = dir.resolve(MANIFEST);
        if (Files.isRegularFile(manifest)) {
            return new TreeSet<>(Files.readAllLines(manifest, StandardCharsets.UTF_8));
        }
        if (Files.isRegularFile(dir.resolve("index.html")) && Files.isRegularFile(dir.resolve("claims.json"))) {
            // A report from before the manifest: its known files and its figures.
            Set<String> files = new TreeSet<>(LEGACY);
            for (String f : listFiles(dir)) {
                if (f.startsWith("figures/") && f.endsWith(".png")) {
                    files.add(f);
                }
            }
            return files;
        }
        return null;
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static List<String> listFiles(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(Files::isRegularFile).forEach(p -> out.add(dir.relativize(p).toString().replace('\\', '/')));
        }
        out.sort(null);
        return out;
    }
}
