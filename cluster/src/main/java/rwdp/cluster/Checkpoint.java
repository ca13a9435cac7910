package rwdp.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Stream;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.cli.common.UserException;

/**
 * A folder of finished blocks of an all-pairs job: {@code job.txt} names the arguments and the graph that determine
 * every number, and {@code block-NNNNNN.bin} holds one finished block's partial statistics, each written to a temporary
 * file and renamed into place, so a killed driver leaves only whole blocks behind.
 */
final class Checkpoint {
    static final String JOB = "job.txt";
    private final Path dir;

    private Checkpoint(Path dir) {
        this.dir = dir;
    }

    /**
     * Checks, writing nothing, that {@code dir} can hold a checkpoint: missing, or a folder.
     *
     * @throws UserException when it is a file
     */
    static void checkPath(Path dir) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new UserException("--checkpoint " + dir + " is a file, not a folder");
        }
    }

    /**
     * Checks, writing nothing, that {@code dir} is new, empty or a checkpoint of the same job {@code key}.
     *
     * @throws UserException when it holds another job's blocks or files that are not a checkpoint's
     */
    static void checkCompatible(Path dir, String key) {
        checkPath(dir);
        if (!Files.isDirectory(dir)) {
            return;
        }
        Path job = dir.resolve(JOB);
        try {
            if (Files.isRegularFile(job)) {
                String old = Files.readString(job, StandardCharsets.UTF_8);
                if (!old.equals(key)) {
                    throw new UserException("--checkpoint " + dir + " holds a job with other arguments (" + firstDifference(old, key)
                            + "): rerun with the same arguments or use a new folder");
                }
            } else {
                try (Stream<Path> s = Files.list(dir)) {
                    if (s.findAny().isPresent()) {
                        throw new UserException("--checkpoint " + dir + " is not empty and holds no " + JOB + ": use a new folder");
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read --checkpoint " + dir + ": " + e.getMessage(), e);
        }
    }

    private static String firstDifference(String old, String key) {
        String[] a = old.split("\n");
        String[] b = key.split("\n");
        for (int i = 0; i < Math.max(a.length, b.length); i++) {
            String x = i < a.length ? a[i] : "";
            String y = i < b.length ? b[i] : "";
            if (!x.equals(y)) {
                return "it has " + (x.isEmpty() ? "nothing" : x) + ", this run " + (y.isEmpty() ? "nothing" : y);
            }
        }
        return "same lines";
    }

    /** Returns the checkpoint in {@code dir} for job {@code key}, creating the folder and its job file if needed. */
    static Checkpoint open(Path dir, String key) {
        checkCompatible(dir, key);
        try {
            Files.createDirectories(dir);
            Path job = dir.resolve(JOB);
            if (!Files.exists(job)) {
                writeAtomically(job, key.getBytes(StandardCharsets.UTF_8));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write --checkpoint " + dir + ": " + e.getMessage(), e);
        }
        return new Checkpoint(dir);
    }

    private Path file(int block) {
        return dir.resolve(String.format(Locale.ROOT, "block-%06d.bin", block));
    }

    /** Returns the finished blocks below {@code blocks} and their partial statistics (unreadable files are left to redo). */
    TreeMap<Integer, PairStatistics[]> finished(int blocks) {
        TreeMap<Integer, PairStatistics[]> done = new TreeMap<>();
        for (int b = 0; b < blocks; b++) {
            Path f = file(b);
            if (!Files.isRegularFile(f)) {
                continue;
            }
            try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(Files.readAllBytes(f)))) {
                int index = in.readInt();
                PairStatistics[] parts = (PairStatistics[]) in.readObject();
                if (index == b) {
                    done.put(b, parts);
                }
            } catch (IOException | ClassNotFoundException | ClassCastException e) {
                System.err.println("rwdp cluster: checkpoint file " + f + " is unreadable (" + e + "); its block runs again");
            }
        }
        return done;
    }

    /** Records block {@code b}'s partial statistics (atomically: a reader sees the whole file or none). */
    void save(int b, PairStatistics[] parts) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
                out.writeInt(b);
                out.writeObject(parts);
            }
            writeAtomically(file(b), bytes.toByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write --checkpoint " + dir + ": " + e.getMessage(), e);
        }
    }

    private static void writeAtomically(Path target, byte[] content) throws IOException {
        Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
        try {
            Files.write(tmp, content);
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
