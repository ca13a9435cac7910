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
}
