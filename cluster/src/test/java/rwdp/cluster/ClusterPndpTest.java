package rwdp.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import rwdp.bounds.pndp.PairStatistics;
import org.junit.jupiter.api.io.TempDir;

/** {@code rwdp cluster pndp} in local[2] against {@code rwdp bound pndp --all-sources}: the same JSON, bit for bit. */
class ClusterPndpTest {
    private static final String[] ER = {"--graph", "er:300,0.03,7", "--T", "2000", "--alpha", "2", "--sigma", "4"};
    private static final String[] GRID = {"--graph", "grid:9,11", "--T", "500", "--alpha", "3", "--sigma", "8",
        "--method", "series", "--sender", "known", "--block", "8"};

    private static String[] concat(String[] a, String... b) {
        return Stream.concat(Stream.of(a), Stream.of(b)).toArray(String[]::new);
    }

    private static String local(String[] setting) {
        ClusterRun.Run r = ClusterRun.local(concat(concat(new String[] {"bound", "pndp"}, setting), "--all-sources", "--quiet"));
        assertEquals(0, r.code(), r.err());
        return ClusterRun.withoutSeconds(r.out());
    }

    private static ClusterRun.Run cluster(String[] setting, String... more) {
        return ClusterRun.cluster(concat(concat(new String[] {"cluster", "pndp"}, setting), concat(new String[] {"--master", "local[2]"}, more)));
    }

    @Test
    void sameJsonAsTheLocalAllSourcesBitForBit() {
        String expected = local(ER);
        ClusterRun.Run r = cluster(ER, "--blocks", "4");
        assertEquals(0, r.code(), r.err());
        assertEquals(expected, ClusterRun.withoutSeconds(r.out()));
        assertTrue(r.err().contains("block 4/4 done"), r.err());
        assertTrue(r.err().contains("UI "), r.err());
        // Another cut into Spark blocks (10 blocks of 1 kernel block each, last one short) merges to the same bits.
        ClusterRun.Run ten = cluster(ER, "--blocks", "10", "--quiet");
        assertEquals(0, ten.code(), ten.err());
        assertEquals(expected, ClusterRun.withoutSeconds(ten.out()));
    }

    @Test
    void aResumedCheckpointGivesTheSameJsonAnyBlocksAndRefusesOtherArguments(@TempDir Path tmp) throws IOException {
        String expected = local(GRID);
        Path cp = tmp.resolve("cp");
        ClusterRun.Run first = cluster(GRID, "--blocks", "5", "--checkpoint", cp.toString());
        assertEquals(0, first.code(), first.err());
        assertEquals(expected, ClusterRun.withoutSeconds(first.out()));
        Map<String, byte[]> files = contents(cp);
        // grid:9,11 has 99 nodes: 13 kernel blocks of 8 senders, one file each, and job.txt (the driver lock is gone).
        assertEquals(14, files.size(), files.keySet().toString());
        assertTrue(files.containsKey("job.txt") && files.containsKey("kblock-00000012.bin"), files.keySet().toString());
        // A driver killed after some blocks: three block files are missing; the rerun, cut into 7 Spark blocks instead
        // of 5, computes only those three kernel blocks.
        for (String f : List.of("kblock-00000001.bin", "kblock-00000004.bin", "kblock-00000011.bin")) {
            Files.delete(cp.resolve(f));
        }
        ClusterRun.Run resumed = cluster(GRID, "--blocks", "7", "--checkpoint", cp.toString());
        assertEquals(0, resumed.code(), resumed.err());
        assertEquals(expected, ClusterRun.withoutSeconds(resumed.out()));
        assertTrue(resumed.err().contains("10 of 13 kernel blocks read from the checkpoint"), resumed.err());
        assertTrue(resumed.err().contains("3 kernel blocks computed in 3 tasks"), resumed.err());
        assertTrue(sameContents(files, contents(cp)), "the recomputed blocks are the same bytes");
        // A complete checkpoint: nothing is submitted again.
        ClusterRun.Run again = cluster(GRID, "--blocks", "5", "--checkpoint", cp.toString());
        assertEquals(expected, ClusterRun.withoutSeconds(again.out()));
        assertFalse(again.err().contains(" done (senders"), again.err());

        // Other arguments against the checkpoint: one line, exit 2, the checkpoint untouched.
        Map<String, byte[]> before = contents(cp);
        for (String[] other : List.of(concat(replace(GRID, "8", "9"), "--blocks", "5"), concat(blockOf(GRID, "4"), "--blocks", "5"))) {
            ClusterRun.Run r = cluster(other, "--checkpoint", cp.toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("holds a job with other arguments"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertEquals("", r.out());
        }
        assertTrue(sameContents(before, contents(cp)));
        // A second driver at work on the folder (its lock names a live process: this one): refused up front.
        Files.writeString(cp.resolve("driver.lock"), java.net.InetAddress.getLocalHost().getHostName() + " "
                + ProcessHandle.current().pid() + "\n");
        int started = SparkJobs.STARTED.get();
        ClusterRun.Run busy = cluster(GRID, "--checkpoint", cp.toString());
        assertEquals(2, busy.code(), busy.err());
        assertTrue(busy.err().contains("in use by another driver"), busy.err());
        assertEquals(started, SparkJobs.STARTED.get());
        // A dead driver's lock (a pid that is not running) is taken over.
        Files.writeString(cp.resolve("driver.lock"), java.net.InetAddress.getLocalHost().getHostName() + " " + deadPid() + "\n");
        ClusterRun.Run over = cluster(GRID, "--checkpoint", cp.toString(), "--quiet");
        assertEquals(0, over.code(), over.err());
        assertEquals(expected, ClusterRun.withoutSeconds(over.out()));
        assertFalse(Files.exists(cp.resolve("driver.lock")));
    }

    private static long deadPid() throws IOException {
        try {
            Process p = new ProcessBuilder("true").start();
            p.waitFor();
            return p.pid();
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }

    @Test
    void corruptTruncatedForeignAndOtherVersionBlocksAreNamedAndRecomputed(@TempDir Path tmp) throws IOException {
        String[] ring = {"--graph", "ring:40", "--T", "100", "--alpha", "2", "--sigma", "4", "--block", "4"};
        String expected = local(ring);
        Path a = tmp.resolve("a");
        // A file:// URI names the same folder a plain path does.
        assertEquals(0, cluster(ring, "--blocks", "2", "--checkpoint", a.toUri().toString(), "--quiet").code());
        Map<String, byte[]> good = contents(a);
        assertEquals(11, good.size(), good.keySet().toString());
        // Another job's block 1 (sigma 5): same index, other numbers.
        Path b = tmp.resolve("b");
        String[] other = {"--graph", "ring:40", "--T", "100", "--alpha", "2", "--sigma", "5", "--block", "4"};
        assertEquals(0, cluster(other, "--blocks", "2", "--checkpoint", b.toString(), "--quiet").code());
        Files.copy(b.resolve("kblock-00000001.bin"), a.resolve("kblock-00000001.bin"), StandardCopyOption.REPLACE_EXISTING);
        // One flipped byte inside block 3's payload (a double of its sums).
        byte[] f3 = good.get("kblock-00000003.bin").clone();
        f3[f3.length - 40] ^= 0x01;
        Files.write(a.resolve("kblock-00000003.bin"), f3);
        // Block 5 truncated, as a full disk leaves it.
        byte[] f5 = good.get("kblock-00000005.bin");
        Files.write(a.resolve("kblock-00000005.bin"), java.util.Arrays.copyOf(f5, f5.length / 2));
        // Block 7 as another rwdp version writes it: the same numbers under another version stamp.
        byte[] key = Files.readAllBytes(a.resolve("job.txt"));
        PairStatistics s7 = BlockFile.decodeUnchecked(good.get("kblock-00000007.bin"));
        Files.write(a.resolve("kblock-00000007.bin"), BlockFile.encode("rwdp-0000000000000000", key, 7, s7));
        ClusterRun.Run r = cluster(ring, "--blocks", "3", "--checkpoint", a.toString());
        assertEquals(0, r.code(), r.err());
        assertEquals(expected, ClusterRun.withoutSeconds(r.out()));
        assertTrue(r.err().contains("6 of 10 kernel blocks read from the checkpoint"), r.err());
        for (String[] named : new String[][] {{"kblock-00000001.bin", "of another job"}, {"kblock-00000003.bin", "checksum mismatch"},
            {"kblock-00000005.bin", "truncated"}, {"kblock-00000007.bin", "written by rwdp rwdp-0000000000000000"}}) {
            assertTrue(r.err().lines().anyMatch(l -> l.contains(named[0]) && l.contains(named[1]) && l.contains("computed again")),
                    named[0] + ": " + r.err());
        }
        assertTrue(sameContents(good, contents(a)), "the four blocks were recomputed to their own bytes");
    }

    @Test
    void everyFlippedByteOfABlockFileIsDetected(@TempDir Path tmp) throws Exception {
        PairStatistics s = PairStatistics.ofRow(0, new double[] {0, 0.5, 0.25, 1.5}, new int[] {0, 1, 2, 1});
        byte[] key = "some job\n".getBytes(java.nio.charset.StandardCharsets.UTF_8);
        byte[] file = BlockFile.encode("v1", key, 3, s);
        PairStatistics back = BlockFile.decode(file, "v1", key, 3);
        assertEquals(s.sum(), back.sum());
        assertEquals(s.argmaxV(), back.argmaxV());
        assertEquals(s.max(2), back.max(2));
        for (int i = 0; i < file.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] f = file.clone();
                f[i] ^= (byte) (1 << bit);
                int at = i;
                assertThrows(BlockFile.Unusable.class, () -> BlockFile.decode(f, "v1", key, 3), "byte " + at);
            }
        }
        for (int len = 0; len < file.length; len++) {
            byte[] f = java.util.Arrays.copyOf(file, len);
            assertThrows(BlockFile.Unusable.class, () -> BlockFile.decode(f, "v1", key, 3), "length " + len);
        }
        assertThrows(BlockFile.Unusable.class, () -> BlockFile.decode(file, "v1", key, 4));
        assertThrows(BlockFile.Unusable.class, () -> BlockFile.decode(file, "v2", key, 3));
    }

    @Test
    void badInputIsRefusedOnTheDriverBeforeSparkStarts(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        String[][] bad = {
            concat(ER, "--blocks", "0"),
            concat(replace(ER, "4", "0.5")),
            {"--graph", "path:1", "--T", "100", "--alpha", "2", "--sigma", "4"},
            concat(ER, "--checkpoint", file.toString()),
            concat(ER, "--checkpoint", file.resolve("sub").toString()),
            concat(ER, "--checkpoint", ""),
            concat(ER, "--checkpoint", "nosuchscheme://x/y"),
            concat(ER, "--source", "3"),
        };
        int started = SparkJobs.STARTED.get();
        for (String[] args : bad) {
            ClusterRun.Run r = cluster(args);
            assertEquals(2, r.code(), String.join(" ", args) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertEquals("", r.out());
            assertEquals(started, SparkJobs.STARTED.get());
            assertFalse(r.err().contains("rwdp cluster: "), r.err());
        }
        // Masters ./rwdp cluster cannot use (no YARN or Kubernetes module here, no Mesos in Spark 4, nothing listening).
        for (String master : new String[] {"mars://x", "yarn", "k8s://https://127.0.0.1:6443", "mesos://127.0.0.1:5050",
            "spark://127.0.0.1:1", "spark://127.0.0.1:99999"}) {
            ClusterRun.Run m = ClusterRun.cluster(concat(concat(new String[] {"cluster", "pndp"}, ER), "--master", master));
            assertEquals(2, m.code(), master + ": " + m.err());
            assertEquals(1, m.err().strip().lines().count(), m.err());
            assertEquals(started, SparkJobs.STARTED.get());
        }
        ClusterRun.Run yarn = ClusterRun.cluster(concat(concat(new String[] {"cluster", "pndp"}, ER), "--master", "yarn"));
        assertTrue(yarn.err().contains("spark-submit"), yarn.err());
        assertEquals("x", Files.readString(file));
        assertFalse(Files.exists(Path.of("").toAbsolutePath().resolve("job.txt")));
    }

    private static String[] blockOf(String[] a, String block) {
        String[] c = a.clone();
        c[List.of(c).indexOf("--block") + 1] = block;
        return c;
    }

    private static String[] replace(String[] a, String from, String to) {
        String[] c = a.clone();
        for (int i = 0; i < c.length; i++) {
            if (c[i].equals(from) && i > 0 && c[i - 1].equals("--sigma")) {
                c[i] = to;
            }
        }
        return c;
    }

    private static Map<String, byte[]> contents(Path dir) throws IOException {
        Map<String, byte[]> m = new TreeMap<>();
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.toList()) {
                m.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        return m;
    }

    private static boolean sameContents(Map<String, byte[]> a, Map<String, byte[]> b) {
        return a.keySet().equals(b.keySet()) && a.keySet().stream().allMatch(k -> java.util.Arrays.equals(a.get(k), b.get(k)));
    }
}
