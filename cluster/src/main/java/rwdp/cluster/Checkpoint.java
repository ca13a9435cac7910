package rwdp.cluster;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.cli.common.UserException;

/**
 * A folder of finished kernel blocks of an all-pairs job, on any Hadoop file system ({@code file://}, {@code hdfs://},
 * {@code s3a://} with its module, or a plain path on the driver). {@code job.txt} names what determines every number
 * (the arguments, the graph's digest, the deflation and the code's version) and is created exclusively;
 * {@code kblock-NNNNNNNN.bin} holds one kernel block's statistics in {@link BlockFile}'s layout, written to a
 * temporary name and renamed into place; {@code driver.lock} marks the driver at work (refreshed every 10 s), so a
 * second driver on the same folder is refused up front. Files keyed by kernel block let {@code --blocks} change between
 * runs.
 */
final class Checkpoint implements AutoCloseable {
    static final String JOB = "job.txt";
    static final String LOCK = "driver.lock";
    static final String VERSION_LINE = rwdp.cli.cyffers.PndpJobKey.VERSION_LINE;
    private static final Pattern BLOCK = Pattern.compile("kblock-(\\d{8})\\.bin");
    private static final long STALE_MS = 60_000;
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");

    private final FileSystem fs;
    private final Path dir;
    private final byte[] key;
    private final String version;
    private final ScheduledExecutorService heartbeat;

    private Checkpoint(FileSystem fs, Path dir, byte[] key, String version) {
        this.fs = fs;
        this.dir = dir;
        this.key = key;
        this.version = version;
        this.heartbeat = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "rwdp-checkpoint-lock");
            t.setDaemon(true);
            return t;
        });
    }

    /** A checkpoint location: its file system and its qualified folder. */
    record Location(FileSystem fs, Path dir) {}

    /**
     * Returns the location {@code text} names (a URI with a scheme, else a path on the driver), checked writing nothing:
     * missing or a folder, and no existing parent a file.
     *
     * @throws UserException when it is empty, not a location, of a file system not on the class path, a file, or under
     *     a file
     */
    static Location locate(String text) {
        if (text == null || text.isBlank()) {
            throw new UserException("--checkpoint must name a folder, got an empty value");
        }
        Path p;
        try {
            p = SCHEME.matcher(text).matches() && !text.matches("[A-Za-z]:\\\\.*")
                    ? new Path(text) : new Path(java.nio.file.Path.of(text).toAbsolutePath().normalize().toUri());
        } catch (IllegalArgumentException e) {
            throw new UserException("--checkpoint " + text + " is not a path or URI: " + e.getMessage());
        }
        FileSystem fs;
        try {
            fs = p.getFileSystem(hadoopConf());
        } catch (IOException | RuntimeException e) {
            throw new UserException("--checkpoint " + text + ": no usable file system for it (" + oneLine(e)
                    + "); plain paths, file:// and hdfs:// work as shipped, s3a:// needs Spark's hadoop-aws module");
        }
        if (fs instanceof org.apache.hadoop.fs.LocalFileSystem local) {
            fs = local.getRawFileSystem(); // no .crc side files: the block files carry their own checksum
        }
        Path dir = fs.makeQualified(p);
        try {
            for (Path a = dir; a != null; a = a.getParent()) {
                FileStatus st;
                try {
                    st = fs.getFileStatus(a);
                } catch (FileNotFoundException e) {
                    continue;
                }
                if (!st.isDirectory()) {
                    throw new UserException("--checkpoint " + text + (a.equals(dir) ? " is a file, not a folder" : " is under " + a
                            + ", which is a file"));
                }
                break;
            }
        } catch (IOException e) {
            throw new UserException("--checkpoint " + text + " cannot be read: " + oneLine(e));
        }
        return new Location(fs, dir);
    }

    /** Returns the Hadoop configuration: the class path's *-site.xml and spark-submit's spark.hadoop.* settings. */
    private static Configuration hadoopConf() {
        Configuration c = new Configuration();
        for (String name : System.getProperties().stringPropertyNames()) {
            if (name.startsWith("spark.hadoop.")) {
                c.set(name.substring("spark.hadoop.".length()), System.getProperty(name));
            }
        }
        return c;
    }

    private static String oneLine(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        return m.lines().findFirst().orElse("").strip();
    }

    /**
     * Opens the checkpoint at {@code loc} for job {@code key} (its last line {@code rwdp_version=...}): creates the folder
     * and job.txt exclusively, or checks that job.txt names the same job, then takes the driver lock; a job.txt that
     * differs only by the code's version is rewritten, and the other version's blocks are recomputed.
     *
     * @throws UserException when the folder holds another job, files that are not a checkpoint's, or another driver
     *     at work
     */
    static Checkpoint open(Location loc, String key, String version) {
        FileSystem fs = loc.fs();
        Path dir = loc.dir();
        byte[] bytes = key.getBytes(StandardCharsets.UTF_8);
        Path job = new Path(dir, JOB);
        try {
            if (fs.exists(dir) && !fs.exists(job) && fs.listStatus(dir).length > 0) {
                throw new UserException("--checkpoint " + dir + " is not empty and holds no " + JOB + ": use a new folder");
            }
            fs.mkdirs(dir);
            boolean created = createExclusive(fs, job, bytes);
            Checkpoint cp = new Checkpoint(fs, dir, bytes, version);
            cp.lock();
            if (!created) {
                String old = read(fs, job);
                if (!old.equals(key)) {
                    String diff = firstDifference(old, key);
                    if (!withoutVersion(old).equals(withoutVersion(key))) {
                        cp.close();
                        throw new UserException("--checkpoint " + dir + " holds a job with other arguments (" + diff
                                + "): rerun with the same arguments or use a new folder");
                    }
                    System.err.println("rwdp cluster: --checkpoint " + dir + " was written by other code (" + diff
                            + "); its blocks are recomputed");
                    cp.writeAtomically(job, bytes);
                }
            }
            cp.removeTemporaries();
            return cp;
        } catch (IOException e) {
            throw new UserException("--checkpoint " + dir + " cannot be written: " + oneLine(e));
        }
    }

    /** Creates {@code p} holding {@code bytes} unless it exists (atomically: on a local disk by O_EXCL); returns whether it did. */
    private static boolean createExclusive(FileSystem fs, Path p, byte[] bytes) throws IOException {
        if (fs instanceof org.apache.hadoop.fs.RawLocalFileSystem) {
            try {
                java.nio.file.Files.write(java.nio.file.Path.of(p.toUri()), bytes, java.nio.file.StandardOpenOption.CREATE_NEW,
                        java.nio.file.StandardOpenOption.WRITE);
                return true;
            } catch (java.nio.file.FileAlreadyExistsException e) {
                return false;
            }
        }
        try (FSDataOutputStream out = fs.create(p, false)) {
            out.write(bytes);
            return true;
        } catch (FileAlreadyExistsException e) {
            return false;
        } catch (IOException e) {
            if (fs.exists(p)) {
                return false; // some file systems say so with another exception
            }
            throw e;
        }
    }

    private static String withoutVersion(String key) {
        return key.lines().filter(l -> !l.startsWith(VERSION_LINE)).reduce("", (a, b) -> a + b + "\n");
    }

    private static String read(FileSystem fs, Path p) throws IOException {
        try (InputStream in = fs.open(p)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
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

    /** Takes driver.lock: refused while another live driver holds it; a dead driver's lock (its pid gone, or silent 60 s) is taken over. */
    private void lock() throws IOException {
        Path lock = new Path(dir, LOCK);
        String me = host() + " " + ProcessHandle.current().pid();
        if (!createExclusive(fs, lock, (me + "\n").getBytes(StandardCharsets.UTF_8))) {
            String holder;
            long age;
            try {
                holder = read(fs, lock).strip();
                age = System.currentTimeMillis() - fs.getFileStatus(lock).getModificationTime();
            } catch (FileNotFoundException gone) {
                lock();
                return;
            }
            if (!stale(holder, age)) {
                throw new UserException("--checkpoint " + dir + " is in use by another driver (" + holder + ", seen " + age / 1000
                        + " s ago): wait for it, or if it is dead, rerun after " + STALE_MS / 1000 + " s or delete " + new Path(dir, LOCK));
            }
            System.err.println("rwdp cluster: taking over the checkpoint of a driver that stopped (" + holder + ")");
            writeLock(lock, me);
        }
        heartbeat.scheduleAtFixedRate(() -> {
            try {
                writeLock(lock, me);
            } catch (IOException e) {
                // the next beat retries; a lock 60 s silent is taken over, which is the worst case
            }
        }, 10, 10, TimeUnit.SECONDS);
    }

    private void writeLock(Path lock, String me) throws IOException {
        try (FSDataOutputStream out = fs.create(lock, true)) {
            out.write((me + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    private static boolean stale(String holder, long ageMs) {
        String[] f = holder.split(" ");
        if (f.length == 2 && f[0].equals(host())) {
            try {
                return ProcessHandle.of(Long.parseLong(f[1])).map(h -> !h.isAlive()).orElse(true);
            } catch (NumberFormatException e) {
                return ageMs > STALE_MS;
            }
        }
        return ageMs > STALE_MS;
    }

    private static String host() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            return "unknown-host";
        }
    }

    private void removeTemporaries() throws IOException {
        for (FileStatus st : fs.listStatus(dir)) {
            if (st.getPath().getName().startsWith(".tmp-")) {
                fs.delete(st.getPath(), false);
            }
        }
    }

    /** Returns the folder, qualified. */
    Path dir() {
        return dir;
    }

    private Path file(int k) {
        return new Path(dir, String.format(Locale.ROOT, "kblock-%08d.bin", k));
    }

    /**
     * Returns the usable finished kernel blocks below {@code kernelBlocks}; each unusable block file (corrupt,
     * truncated, of another job or version) is named on stderr with the reason, and its block runs again.
     *
     * @throws UncheckedIOException when the folder cannot be listed
     */
    TreeMap<Integer, PairStatistics> finished(int kernelBlocks) {
        TreeMap<Integer, PairStatistics> done = new TreeMap<>();
        try {
            Map<Integer, Path> files = new TreeMap<>();
            for (FileStatus st : fs.listStatus(dir)) {
                Matcher m = BLOCK.matcher(st.getPath().getName());
                if (m.matches() && Integer.parseInt(m.group(1)) < kernelBlocks) {
                    files.put(Integer.parseInt(m.group(1)), st.getPath());
                }
            }
            for (Map.Entry<Integer, Path> e : files.entrySet()) {
                try {
                    byte[] bytes;
                    try (InputStream in = fs.open(e.getValue())) {
                        bytes = in.readAllBytes();
                    }
                    done.put(e.getKey(), BlockFile.decode(bytes, version, key, e.getKey()));
                } catch (BlockFile.Unusable u) {
                    System.err.println("rwdp cluster: checkpoint file " + e.getValue() + " is not used: " + u.getMessage()
                            + "; its block is computed again");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read --checkpoint " + dir + ": " + oneLine(e), e);
        }
        return done;
    }

    /**
     * Records kernel block {@code k}'s statistics (a reader sees the whole file or none).
     *
     * @throws UncheckedIOException when it cannot be written
     */
    void save(int k, PairStatistics s) {
        try {
            writeAtomically(file(k), BlockFile.encode(version, key, k, s));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write --checkpoint " + dir + ": " + oneLine(e), e);
        }
    }

    private void writeAtomically(Path target, byte[] content) throws IOException {
        Path tmp = new Path(dir, ".tmp-" + target.getName() + "-" + UUID.randomUUID());
        try (FSDataOutputStream out = fs.create(tmp, false)) {
            out.write(content);
        }
        if (!fs.rename(tmp, target)) {
            // HDFS does not rename onto an existing file: the old one (being recomputed) goes first.
            fs.delete(target, false);
            if (!fs.rename(tmp, target)) {
                fs.delete(tmp, false);
                throw new IOException("cannot rename " + tmp + " to " + target);
            }
        }
    }

    /** Stops refreshing and removes the driver lock. */
    @Override
    public void close() {
        heartbeat.shutdownNow();
        try {
            fs.delete(new Path(dir, LOCK), false);
        } catch (IOException e) {
            // a lock left behind is taken over by the next run (its pid is gone)
        }
    }
}
