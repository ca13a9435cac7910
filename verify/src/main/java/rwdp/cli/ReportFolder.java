package rwdp.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;

/**
 * The output folder of {@code rwdp report}, written so that it never destroys a user's file.
 *
 * <p>The report is built in a temporary sibling folder ({@code .DIR.rwdp-tmp-PID}). A new folder
 * is then renamed into place in one step. Into an existing folder (empty, or a previous report),
 * the report's files are moved one by one, each by an atomic rename, and nothing else in the
 * folder is ever moved, renamed or deleted: the only files removed are those the previous
 * report's manifest ({@code .rwdp-report}) lists and the new report no longer writes. Before the
 * first move, the manifest is rewritten to list the old and the new report's files together, so
 * that at every instant it names every file of rwdp's in the folder and nothing else.
 *
 * <p>The swap runs under {@link Outputs#atomically}: a SIGINT, SIGTERM or SIGHUP that lands
 * during it takes effect once it is over, with the new report complete. After a SIGKILL during
 * the swap the folder holds a mix of the two reports (the manifest covering both) and every
 * user file; the next run into it replaces it and removes the dead run's temporary folder.
 *
 * <p>A folder counts as a previous report only when rwdp can prove it wrote it: it holds the
 * manifest, whose first line is {@link #HEADER} (manifests of earlier versions, without it, are
 * read too, since no user file bears the name), and the manifest names only files of a report's
 * shapes ({@link #reportShaped}). A folder holding {@code index.html} and {@code claims.json} but
 * no manifest is a user's folder, whatever its files say, and is refused: rwdp once took such a
 * folder for a report from before the manifest and replaced a user's page and photos.
 *
 * <p>{@code --out LINK}, a symbolic link to a folder, writes through the link into that folder;
 * the link stays as it is.
 */
final class ReportFolder {
    /** The manifest: one path per line, relative to the folder, of every file the report wrote. */
    static final String MANIFEST = ".rwdp-report";

    /** The manifest's first line, which says what the file is to a person who opens it. */
    static final String HEADER = "# rwdp report manifest: the files rwdp wrote in this folder (a new report replaces only these)";

    /** The report's own top-level names: a user's entry of the same name stops the run before it starts. */
    private static final List<String> OWN = List.of("index.html", "report.md", "claims.json", "errata.md", MANIFEST);

    private final Path shown;
    private final Path target;
    private final Path staging;

    private ReportFolder(Path shown, Path target, Path staging) {
        this.shown = shown;
        this.target = target;
        this.staging = staging;
    }

    /**
     * Checks {@code out} (missing, empty, or a previous report) and returns a folder whose
     * {@link #staging()} the run writes into.
     *
     * @throws UserException for anything else, naming {@code --out}, the path and what would work
     */
    static ReportFolder open(Path out) throws IOException {
        String shown = "--out '" + out + "'";
        if (out.toString().isBlank()) {
            throw new UserException("--out '' names no folder; give a folder path such as --out report");
        }
        Path abs = out.toAbsolutePath().normalize();
        if (Files.isSymbolicLink(abs)) {
            try {
                abs = abs.toRealPath();
            } catch (IOException e) {
                throw new UserException(shown + " is a symbolic link to nothing; give a folder or a link to one");
            }
        }
        if (Files.exists(abs) && !Files.isDirectory(abs)) {
            throw new UserException(shown + " exists and is not a folder; give a new, empty or previous report folder");
        }
        Set<String> previous = Files.isDirectory(abs) ? previousFiles(abs) : null;
        if (Files.isDirectory(abs) && !isEmpty(abs) && previous == null) {
            if (Files.exists(abs.resolve("index.html"), LinkOption.NOFOLLOW_LINKS)
                    || Files.exists(abs.resolve(MANIFEST), LinkOption.NOFOLLOW_LINKS)) {
                throw new UserException(shown + " holds index.html but no valid rwdp manifest (" + MANIFEST
                        + "), so rwdp cannot tell it wrote it; choose a new or empty folder "
                        + "(to replace a report of an rwdp older than the manifest, delete it first)");
            }
            throw new UserException(shown + " is a non-empty folder that is not an rwdp report; "
                    + "choose a new or empty folder (rwdp replaces only the files of a previous report)");
        }
        Path parent = abs.getParent();
        if (parent == null) {
            throw new UserException(shown + " cannot be the root folder; give a folder below it");
        }
        if (Files.isDirectory(abs)) {
            for (String name : OWN) {
                Path p = abs.resolve(name);
                boolean ours = previous != null && (previous.contains(name) || name.equals(MANIFEST));
                if (Files.exists(p, LinkOption.NOFOLLOW_LINKS) && (!ours || !Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))) {
                    throw new UserException(shown + " holds " + name + ", which is not the previous report's own file; "
                            + "move it away or choose another folder (rwdp never replaces a file it did not write)");
                }
            }
            Path figures = abs.resolve("figures");
            if (Files.exists(figures, LinkOption.NOFOLLOW_LINKS) && !Files.isDirectory(figures, LinkOption.NOFOLLOW_LINKS)) {
                throw new UserException(shown + " holds 'figures', which is not a folder; "
                        + "move it away or choose another folder (the report writes its figures there)");
            }
        }
        for (Path a = parent; a != null; a = a.getParent()) {
            if (Files.exists(a) && !Files.isDirectory(a)) {
                throw new UserException("cannot write " + shown + ": " + a + " is a file, not a folder; "
                        + "choose a path whose parent is a folder");
            }
        }
        try {
            Files.createDirectories(parent);
        } catch (IOException e) {
            throw new UserException("cannot write " + shown + ": cannot create the folder " + parent + " ("
                    + Outputs.why(e) + "); choose a folder you can write");
        }
        Outputs.removeStaleTemporaries(abs);
        Outputs.removeStaleTemporaries(abs.resolve(MANIFEST));
        Path staging = Outputs.temporaryFor(abs);
        try {
            Outputs.atomically(() -> {
                Outputs.track(staging);
                Outputs.deleteRecursively(staging);
                Files.createDirectories(staging.resolve("figures"));
            });
        } catch (IOException e) {
            Outputs.release(staging);
            String why = Outputs.why(e);
            throw new UserException("cannot write " + shown + ": the folder " + parent
                    + (why.contains("does not accept") ? " does not accept new files" : " refused a new folder (" + why + ")")
                    + "; choose a folder you can write");
        }
        return new ReportFolder(out, abs, staging);
    }

    /** Returns the temporary folder the run writes into. */
    Path staging() {
        return staging;
    }

    /**
     * Puts the finished report in place: the previous report's own files are replaced or removed,
     * every other file in the folder stays where it is, untouched.
     */
    void commit() throws IOException {
        Outputs.atomically(() -> {
            // Listed inside: after a signal's clean-up the staging folder is gone, and this never starts.
            List<String> written = listFiles(staging);
            if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                writeManifest(staging, written);
                Files.move(staging, target, StandardCopyOption.ATOMIC_MOVE);
                Outputs.release(staging);
                return;
            }
            Set<String> old = previousFiles(target);
            if (old == null) {
                if (!isEmpty(target)) {
                    // Someone filled the folder while the report ran: leave it all, keep nothing half-done.
                    throw new UserException("--out '" + shown + "' was filled by another program while the report ran; "
                            + "nothing was changed in it: choose a new or empty folder");
                }
                old = new TreeSet<>();
            }
            old.removeIf(f -> !safeRelative(f));
            Set<String> union = new TreeSet<>(old);
            union.addAll(written);
            writeManifest(target, union);
            pauseInSwap();
            List<String> placed = new ArrayList<>();
            for (String f : written) {
                Path to = target.resolve(f);
                if (Files.exists(to, LinkOption.NOFOLLOW_LINKS)
                        && (!old.contains(f) || !Files.isRegularFile(to, LinkOption.NOFOLLOW_LINKS))) {
                    System.err.println("note: kept " + to + ", which the previous report did not write; "
                            + "the new report's " + f + " was not placed");
                    continue;
                }
                Files.createDirectories(to.getParent());
                Files.move(staging.resolve(f), to, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                placed.add(f);
            }
            writeManifest(target, placed);
            for (String f : old) {
                if (!placed.contains(f)) {
                    Path p = target.resolve(f);
                    if (Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS) && inside(p)) {
                        Files.delete(p);
                    }
                }
            }
            Outputs.deleteRecursively(staging);
            Outputs.release(staging);
        });
    }

    /**
     * Holds the swap open for {@code -Drwdp.test.swapPauseMillis} milliseconds (0 unless set), saying
     * so on stderr, so that a test can land a signal inside it; the swap's outcome does not depend on its length.
     */
    private static void pauseInSwap() {
        long ms = Long.getLong("rwdp.test.swapPauseMillis", 0L);
        if (ms > 0) {
            System.err.println("rwdp: swap paused for " + ms + " ms");
            System.err.flush();
            try {
                Thread.sleep(ms);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** Removes the temporary folder of a run that failed or was committed. */
    void abandon() throws IOException {
        Outputs.deleteRecursively(staging);
        Outputs.release(staging);
    }

    /** Writes the manifest listing {@code files} into {@code dir}, atomically. */
    private static void writeManifest(Path dir, java.util.Collection<String> files) throws IOException {
        Path tmp = Outputs.temporaryFor(dir.resolve(MANIFEST));
        Files.writeString(tmp, HEADER + "\n" + (files.isEmpty() ? "" : String.join("\n", files) + "\n"), StandardCharsets.UTF_8);
        Files.move(tmp, dir.resolve(MANIFEST), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** Returns whether a manifest line is a plain relative path inside the folder (no '..', not absolute). */
    private static boolean safeRelative(String f) {
        if (f.isBlank() || f.startsWith("/") || f.contains("\\") || f.equals(MANIFEST)) {
            return false;
        }
        for (String part : f.split("/")) {
            if (part.isEmpty() || part.equals(".") || part.equals("..")) {
                return false;
            }
        }
        return true;
    }

    /** Returns whether {@code p}'s folder is inside the report folder through no symbolic link. */
    private boolean inside(Path p) throws IOException {
        return p.getParent().toRealPath().startsWith(target.toRealPath());
    }

    /**
     * Returns the files a previous report in {@code dir} wrote, or null when rwdp cannot prove
     * {@code dir} holds one: no manifest, or a manifest naming a path no report writes.
     */
    static Set<String> previousFiles(Path dir) throws IOException {
        Path manifest = dir.resolve(MANIFEST);
        if (!Files.isRegularFile(manifest, LinkOption.NOFOLLOW_LINKS)) {
            return null;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(manifest, StandardCharsets.UTF_8);
        } catch (java.nio.charset.CharacterCodingException e) {
            return null;
        }
        Set<String> files = new TreeSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || (i == 0 && line.equals(HEADER))) {
                continue;
            }
            if (!safeRelative(line) || !reportShaped(line)) {
                return null;
            }
            files.add(line);
        }
        return files;
    }

    /**
     * Returns whether {@code f} has the shape of a file a report writes: one of its top-level files
     * or a figure ({@code figures/NAME.png}).
     */
    static boolean reportShaped(String f) {
        if (OWN.contains(f) && !f.equals(MANIFEST)) {
            return true;
        }
        return f.startsWith("figures/") && f.endsWith(".png") && f.indexOf('/', "figures/".length()) < 0
                && f.length() > "figures/.png".length();
    }

    private static boolean isEmpty(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.findAny().isEmpty();
        }
    }

    private static List<String> listFiles(Path dir) throws IOException {
        List<String> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(dir)) {
            s.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> out.add(dir.relativize(p).toString().replace('\\', '/')));
        }
        out.sort(null);
        return out;
    }
}
