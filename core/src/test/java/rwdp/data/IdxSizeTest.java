package rwdp.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An IDX header is checked against the file's size before its values are allocated. */
class IdxSizeTest {
    @TempDir
    Path dir;

    private Path write(String name, int[] dims, byte[] values) throws IOException {
        return RealDataReadersTest.idx(dir, name, 0x0800 | dims.length, dims, values);
    }

    @Test
    void aHeaderClaimingMoreValuesThanTheFileHoldsIsRefusedBeforeAllocating() throws IOException {
        // 46340 x 46340 = 2,147,395,600 values: under the array limit, 2 GB if allocated.
        for (String name : new String[] {"huge.raw", "huge.gz"}) {
            Path p = write(name, new int[] {1, 46340, 46340}, new byte[16]);
            DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> Idx.read(p, "dataset-fashion-mnist"));
            assertTrue(e.getMessage().contains("1x46340x46340 = 2147395600 values"), e.getMessage());
            assertTrue(e.getMessage().contains(Files.size(p) + " bytes"), e.getMessage());
            assertEquals("dataset-fashion-mnist", e.debianPackage());
        }
    }

    @Test
    void aPlainFileOneValueShortIsRefusedByItsSizeAndAnExactOneIsRead() throws IOException {
        Path shortFile = write("short.raw", new int[] {2, 3}, new byte[5]);
        DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> Idx.read(shortFile, "pkg"));
        assertTrue(e.getMessage().contains("can hold at most 5"), e.getMessage());
        assertEquals(6, Idx.read(write("exact.raw", new int[] {2, 3}, new byte[6]), "pkg").values().length);
    }

    @Test
    void aGzipFileMayDecompressToAThousandTimesItsSize() throws IOException {
        // 200,000 zero bytes compress to a few hundred: within deflate's 1032:1, so the values are read.
        Path p = write("zeros.gz", new int[] {200_000}, new byte[200_000]);
        assertTrue(Files.size(p) * Idx.MAX_GZIP_RATIO >= 200_008, "file of " + Files.size(p) + " bytes");
        assertEquals(200_000, Idx.read(p, "pkg").values().length);
    }

    @Test
    void theByteEstimateGrowsWithTheValues() {
        assertTrue(Idx.estimateBytes(2_147_395_600.0) > 2e9);
        assertTrue(LabeledData.estimateBytes(60_000, 784) > 8.0 * 60_000 * 784);
    }
}
