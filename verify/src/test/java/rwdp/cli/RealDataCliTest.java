package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.data.DataUnavailableException;
import rwdp.data.FashionMnist;
import rwdp.data.HousingCsv;
import rwdp.report.Json;

/** {@code --data fashion-mnist | housing}: a missing package is one line and exit 2; with the package installed the runs work. */
class RealDataCliTest {

    private static void oneLineNaming(CliTest.Run r, String pkg) {
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        String err = r.err().strip();
        assertFalse(err.contains("\n"), err);
        assertFalse(err.contains("Exception"), err);
        assertTrue(err.contains(pkg), err);
    }

    @Test
    void missingFashionMnistIsExitTwoNamingThePackage(@TempDir Path dir) {
        Path csv = dir.resolve("t.csv");
        CliTest.Run r = CliTest.run("simulate", "dfedrw", "--data", "fashion-mnist", "--model", "2fnn", "--data-dir",
                dir.resolve("empty").toString(), "--rounds", "1", "--csv", csv.toString());
        oneLineNaming(r, "dataset-fashion-mnist");
        assertFalse(Files.exists(csv));
    }

    @Test
    void missingHousingIsExitTwoNamingThePackage(@TempDir Path dir) {
        CliTest.Run r = CliTest.run("simulate", "skip-rand-ring", "--data", "housing", "--data-dir", dir.resolve("empty").toString(),
                "--hmax", "10");
        oneLineNaming(r, "python3-sklearn");
    }

    @Test
    void malformedFashionMnistIsExitTwo(@TempDir Path dir) throws Exception {
        for (String f : new String[] {"train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz", "t10k-images-idx3-ubyte.gz",
            "t10k-labels-idx1-ubyte.gz"}) {
            Files.write(dir.resolve(f), new byte[] {1, 2, 3, 4, 5, 6, 7, 8});
        }
        CliTest.Run r = CliTest.run("simulate", "fedavg", "--data", "fashion-mnist", "--model", "2fnn", "--data-dir", dir.toString(),
                "--rounds", "1");
        oneLineNaming(r, "dataset-fashion-mnist");
    }

    @Test
    void dataDirWithoutRealDataIsBadInput(@TempDir Path dir) {
        CliTest.Run r = CliTest.run("simulate", "dfedrw", "--data-dir", dir.toString(), "--rounds", "1");
        assertEquals(2, r.code(), r.err());
    }

    @Test
    void housingRunWhenInstalled() throws Exception {
        try {
            HousingCsv.load(null);
        } catch (DataUnavailableException e) {
            assumeTrue(false, "skipped: " + e.getMessage());
        }
        CliTest.Run r = CliTest.run("simulate", "skip-ring", "--data", "housing", "--n", "10", "--hmax", "2000", "--sigma", "0");
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        // Noise-free SGD on the balanced, learnable task: far below the ~0.5 error of guessing.
        assertTrue(j.get("error_rate").asDouble() < 0.3, r.out());
    }

    @Test
    void fashionMnistTwoFnnRunWhenInstalled(@TempDir Path dir) throws Exception {
        try {
            FashionMnist.load(null);
        } catch (DataUnavailableException e) {
            assumeTrue(false, "skipped: " + e.getMessage());
        }
        Path csv = dir.resolve("t.csv");
        CliTest.Run r = CliTest.run("simulate", "dfedrw", "--data", "fashion-mnist", "--model", "2fnn", "--partition", "iid",
                "--rounds", "4", "--test", "500", "--csv", csv.toString());
        assertEquals(0, r.code(), r.err());
        JsonNode j = Json.mapper().readTree(r.out());
        assertEquals(784 * 100 + 100 + 100 * 10 + 10, j.get("parameters").asInt());
        // 100 SGD steps of the 2FNN already leave chance (10%) far behind.
        assertTrue(j.get("final_accuracy").asDouble() > 0.4, r.out());
        assertEquals(5, Files.readAllLines(csv).size());
    }
}
