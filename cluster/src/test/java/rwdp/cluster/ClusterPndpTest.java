package rwdp.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
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
    void aResumedCheckpointGivesTheSameJsonAndRefusesOtherArguments(@TempDir Path tmp) throws IOException {
        String expected = local(GRID);
        Path cp = tmp.resolve("cp");
        ClusterRun.Run first = cluster(GRID, "--blocks", "5", "--checkpoint", cp.toString());
        assertEquals(0, first.code(), first.err());
        assertEquals(expected, ClusterRun.withoutSeconds(first.out()));
        Map<String, byte[]> files = contents(cp);
        assertEquals(6, files.size(), files.keySet().toString()); // job.txt and five blocks
        // A driver killed after three blocks: two block files are missing; the rerun computes only those two.
        Files.delete(cp.resolve("block-000001.bin"));
        Files.delete(cp.resolve("block-000004.bin"));
        ClusterRun.Run resumed = cluster(GRID, "--blocks", "5", "--checkpoint", cp.toString());
        assertEquals(0, resumed.code(), resumed.err());
        assertEquals(expected, ClusterRun.withoutSeconds(resumed.out()));
        assertTrue(resumed.err().contains("3 of 5 blocks read from the checkpoint"), resumed.err());
        assertEquals(2, resumed.err().lines().filter(l -> l.contains(" done (senders")).count(), resumed.err());
        assertEquals(files.keySet(), contents(cp).keySet());
        // A complete checkpoint: nothing is submitted again.
        ClusterRun.Run again = cluster(GRID, "--blocks", "5", "--checkpoint", cp.toString());
        assertEquals(expected, ClusterRun.withoutSeconds(again.out()));
        assertFalse(again.err().contains(" done (senders"), again.err());

        // Other arguments against the checkpoint: one line, exit 2, the checkpoint untouched.
        Map<String, byte[]> before = contents(cp);
        for (String[] other : List.of(concat(GRID, "--blocks", "6"), concat(replace(GRID, "8", "9"), "--blocks", "5"))) {
            ClusterRun.Run r = cluster(other, "--checkpoint", cp.toString());
            assertEquals(2, r.code(), r.err());
            assertTrue(r.err().contains("holds a job with other arguments"), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertEquals("", r.out());
        }
        assertTrue(sameContents(before, contents(cp)));
    }

    @Test
    void aTamperedCheckpointBlockChangesTheResult(@TempDir Path tmp) throws IOException {
        // The test above can fail: blocks are read from the checkpoint, not recomputed.
        String[] ring = {"--graph", "ring:40", "--T", "100", "--alpha", "2", "--sigma", "4", "--block", "4"};
        Path a = tmp.resolve("a");
        Path b = tmp.resolve("b");
        assertEquals(0, cluster(ring, "--blocks", "2", "--checkpoint", a.toString(), "--quiet").code());
        String[] star = {"--graph", "ring:40", "--T", "100", "--alpha", "2", "--sigma", "5", "--block", "4"};
        assertEquals(0, cluster(star, "--blocks", "2", "--checkpoint", b.toString(), "--quiet").code());
        Files.copy(b.resolve("block-000001.bin"), a.resolve("block-000001.bin"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        ClusterRun.Run r = cluster(ring, "--blocks", "2", "--checkpoint", a.toString(), "--quiet");
        assertEquals(0, r.code(), r.err());
        assertNotEquals(local(ring), ClusterRun.withoutSeconds(r.out()));
    }

    @Test
    void badInputIsRefusedOnTheDriverBeforeSparkStarts(@TempDir Path tmp) throws IOException {
        Path file = Files.writeString(tmp.resolve("f"), "x");
        String[][] bad = {
            concat(ER, "--blocks", "0"),
            concat(replace(ER, "4", "0.5")),
            {"--graph", "path:1", "--T", "100", "--alpha", "2", "--sigma", "4"},
            concat(ER, "--checkpoint", file.toString()),
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
        ClusterRun.Run m = ClusterRun.cluster(concat(concat(new String[] {"cluster", "pndp"}, ER), "--master", "mars://x"));
        assertEquals(2, m.code(), m.err());
        assertEquals(started, SparkJobs.STARTED.get());
        assertEquals("x", Files.readString(file));
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
