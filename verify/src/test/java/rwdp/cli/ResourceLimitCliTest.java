package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Inputs that passed the size checks and then ran out of memory or time (issue 19, section 2)
 * are refused before the work: exit 2, one line on stderr naming what was too large, nothing on stdout.
 */
class ResourceLimitCliTest {
    @TempDir
    Path dir;

    /** Runs the command and returns its stderr line after checking exit 2, one line, empty stdout. */
    static String refused(String... args) {
        CliTest.Run r = CliTest.run(args);
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out(), r.err());
        String err = r.err().strip();
        assertEquals(1, err.lines().count(), err);
        return err;
    }

    @Test
    void anIdxHeaderClaiming46340x46340ImagesIsRefusedByTheFileSize() throws IOException {
        Path file = dir.resolve("train-images-idx3-ubyte.gz");
        try (DataOutputStream out = new DataOutputStream(new GZIPOutputStream(Files.newOutputStream(file)))) {
            out.writeInt(0x0803);
            out.writeInt(1);
            out.writeInt(46340);
            out.writeInt(46340);
            out.write(new byte[1000]);
        }
        String err = refused("simulate", "dfedrw", "--data", "fashion-mnist", "--data-dir", dir.toString(), "--rounds", "1");
        assertTrue(err.contains("1x46340x46340 = 2147395600 values") && err.contains("can hold at most"), err);
    }

    @Test
    void threadCountsAboveTheCapAreRefusedNamingIt() {
        for (String t : new String[] {"257", "32768", "100000"}) {
            String err = refused("report", "--threads", t, "--out", dir.resolve("r" + t).toString(), "--quiet");
            assertTrue(err.contains("--threads must be in 0..256") && err.contains("got " + t), err);
            assertTrue(!Files.exists(dir.resolve("r" + t)), "report folder written");
        }
    }

    @Test
    void aModelOfABillionHiddenUnitsIsRefusedByItsParameterCount() {
        String err = refused("simulate", "dfedrw", "--model", "mlp:1000000000");
        assertTrue(err.contains("model mlp:1000000000") && err.contains("3.10e+10 parameters"), err);
    }

    @Test
    void aModelThatFitsOneArrayButNotTheDevicesCopiesIsRefusedByMemory() {
        // 3.2e8 parameters, three copies on each of 20 devices: about 200 GB.
        String err = refused("simulate", "fedavg", "--model", "mlp:10000000", "--rounds", "1");
        assertTrue(err.contains("model mlp:10000000") && err.contains("of memory"), err);
    }

    @Test
    void aRunWhoseModelMakesTheWorkHoursIsRefusedWithTheEstimate() {
        // The softmax-sized check passes (2.5e11); the 6.4e5 parameters of mlp:20000 make it 1.5e15.
        String err = refused("simulate", "dsgd", "--model", "mlp:20000", "--rounds", "1000000");
        assertTrue(err.contains("--rounds") && err.contains("multiply-adds, more than 2e12"), err);
    }

    @Test
    void wideGaussianDataSolvesWStarThroughTheGramMatrix() throws Exception {
        // d = 5000, 30000 and 100000 built a d x d Hessian: O(d^3) time, 7.2 GB at 30000, an EJML error at 100000.
        for (String d : new String[] {"5000", "30000", "100000"}) {
            CliTest.Run r = CliTest.run("simulate", "uniform-rw", "--data", "gaussian:1,10," + d + ",7", "--T", "200", "--points", "3");
            assertEquals(0, r.code(), r.err());
            assertEquals(Integer.parseInt(d), rwdp.report.Json.mapper().readTree(r.out()).get("d").asInt());
        }
    }

    @Test
    void gaussianDataBeyondTheHeapOrTheWorkBudgetIsRefusedWithTheEstimate() {
        String mem = refused("simulate", "weighted-rw", "--data", "gaussian:1,10,2000000000,7");
        assertTrue(mem.contains("--data gaussian:1,10,2000000000,7") && mem.contains("of memory"), mem);
        String work = refused("simulate", "uniform-rw", "--data", "gaussian:1,10,100000,7", "--T", "10000000");
        assertTrue(work.contains("--runs x --T") && work.contains("1.00e+12 coordinate updates"), work);
        // Gossip's iterate error averages f over every node's model: n^2 d per checkpoint.
        String gossip = refused("simulate", "gossip", "--graph", "ring:100000", "--data", "gaussian:1,10,100,7", "--T", "10");
        assertTrue(gossip.contains("coordinate updates"), gossip);
    }

    @Test
    void rwDpSgdDataTrajectoryAndWorkAreSizedBeforeTheRun() {
        String data = refused("simulate", "rw-dp-sgd", "--graph", "ring:100000", "--task", "logistic", "--samples", "100000",
                "--dim", "1000", "--T", "10");
        assertTrue(data.contains("--task logistic on the 100000 nodes") && data.contains("of memory"), data);
        String rows = refused("simulate", "rw-dp-sgd", "--graph", "ring:8", "--T", "1000000000", "--every", "1");
        assertTrue(rows.contains("trajectory rows") && rows.contains("of memory"), rows);
        String work = refused("simulate", "rw-dp-sgd", "--graph", "ring:8", "--task", "logistic", "--samples", "1000000",
                "--dim", "1000", "--T", "1000");
        assertTrue(work.contains("--T x --samples x --dim = 1.00e+12"), work);
    }

    @Test
    void skipSchemesSizeTheirTrajectoryAndSyntheticPoints() {
        String rows = refused("simulate", "skip-ring", "--n", "10", "--hmax", "1000000000", "--every", "1");
        assertTrue(rows.contains("1.00e+09 trajectory rows") && rows.contains("of memory"), rows);
        String pts = refused("simulate", "skip-rand-ring", "--points", "10000000", "--dim", "100000");
        assertTrue(pts.contains("10000000 points of --dim 100000") && pts.contains("of memory"), pts);
    }
}
