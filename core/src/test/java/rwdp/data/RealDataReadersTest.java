package rwdp.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.model.UnitNormClassification;

/** The IDX and housing-CSV readers on small files written here, and on the Debian files when installed. */
class RealDataReadersTest {
    @TempDir
    Path dir;

    /** Writes an IDX file of unsigned bytes with the given header fields; gzip when the name ends in .gz. */
    private Path idx(String name, int magic, int[] dims, byte[] values) throws IOException {
        return idx(dir, name, magic, dims, values);
    }

    /** Writes an IDX file into {@code dir}; shared with the size tests. */
    static Path idx(Path dir, String name, int magic, int[] dims, byte[] values) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(buf);
        out.writeInt(magic);
        for (int d : dims) {
            out.writeInt(d);
        }
        out.write(values);
        out.flush();
        Path p = dir.resolve(name);
        try (OutputStream os = name.endsWith(".gz") ? new GZIPOutputStream(Files.newOutputStream(p)) : Files.newOutputStream(p)) {
            os.write(buf.toByteArray());
        }
        return p;
    }

    @Test
    void readsGzipAndPlainIdxWithBigEndianHeader() throws IOException {
        byte[] v = {0, 1, (byte) 200, (byte) 255, 7, 9};
        for (String name : new String[] {"a.gz", "a.raw"}) {
            Idx.Array a = Idx.read(idx(name, 0x0803, new int[] {1, 2, 3}, v), "pkg");
            assertArrayEquals(new int[] {1, 2, 3}, a.dims());
            assertEquals(200, a.get(2));
            assertEquals(255, a.get(3));
        }
        // A size above 255 exercises all four header bytes (a little-endian reader would read 0x2C010000).
        byte[] big = new byte[300];
        big[299] = 5;
        Idx.Array a = Idx.read(idx("b.gz", 0x0801, new int[] {300}, big), "pkg");
        assertArrayEquals(new int[] {300}, a.dims());
        assertEquals(5, a.get(299));
    }

    @Test
    void rejectsBadMagicTypeTruncationAndTrailingBytesNamingThePackage() throws IOException {
        byte[] v = {1, 2, 3, 4};
        Path badMagic = idx("m.gz", 0x1108_0001, new int[] {4}, v);
        Path badType = idx("t.gz", 0x0D01, new int[] {4}, v);
        Path truncated = idx("s.gz", 0x0801, new int[] {5}, v);
        Path trailing = idx("x.gz", 0x0801, new int[] {3}, v);
        for (Path p : new Path[] {badMagic, badType, truncated, trailing}) {
            DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> Idx.read(p, "dataset-fashion-mnist"));
            assertTrue(e.getMessage().contains("dataset-fashion-mnist"), e.getMessage());
            assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
            assertEquals("dataset-fashion-mnist", e.debianPackage());
        }
        DataUnavailableException e = assertThrows(DataUnavailableException.class,
                () -> Idx.read(dir.resolve("absent.gz"), "dataset-fashion-mnist"));
        assertTrue(e.getMessage().contains("apt-get install dataset-fashion-mnist"), e.getMessage());
    }

    @Test
    void fashionMnistLayoutUnderARootScalesPixelsAndChecksCounts() throws IOException {
        Path fm = dir.resolve("usr/share/datasets/fashion-mnist");
        Files.createDirectories(fm);
        Path saved = dir;
        dir = fm;
        idx("train-images-idx3-ubyte.gz", 0x0803, new int[] {2, 2, 2}, new byte[] {0, (byte) 255, 51, 0, 1, 2, 3, 4});
        idx("train-labels-idx1-ubyte.gz", 0x0801, new int[] {2}, new byte[] {9, 0});
        idx("t10k-images-idx3-ubyte.gz", 0x0803, new int[] {1, 2, 2}, new byte[] {0, 0, 0, 0});
        idx("t10k-labels-idx1-ubyte.gz", 0x0801, new int[] {1}, new byte[] {3});
        dir = saved;
        FashionMnist f = FashionMnist.load(dir);
        assertEquals(2, f.train().size());
        assertEquals(4, f.train().dimension());
        assertEquals(1.0, f.train().features()[0][1]);
        assertEquals(0.2, f.train().features()[0][2], 1e-15);
        assertArrayEquals(new int[] {9, 0}, f.train().labels());
        assertEquals(3, f.test().labels()[0]);
        // Label file shorter than the image file.
        Path other = dir.resolve("other");
        Files.createDirectories(other);
        dir = other;
        idx("train-images-idx3-ubyte.gz", 0x0803, new int[] {2, 1, 1}, new byte[] {0, 1});
        idx("train-labels-idx1-ubyte.gz", 0x0801, new int[] {1}, new byte[] {1});
        dir = saved;
        assertThrows(DataUnavailableException.class, () -> FashionMnist.read(other, "train"));
        DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> FashionMnist.load(dir.resolve("nowhere")));
        assertEquals(FashionMnist.PACKAGE, e.debianPackage());
    }

    private Path csv(String name, String text) throws IOException {
        Path p = dir.resolve(name);
        Files.writeString(p, text);
        return p;
    }

    @Test
    void housingCsvReadsCountHeaderNamesAndRows() throws IOException {
        Path p = csv("h.csv", "3,2,,,\n\"A\",\"B\",\"MEDV\"\n1,2,10\n3,4,30\n5,6,20\n");
        HousingCsv h = HousingCsv.read(p);
        assertArrayEquals(new String[] {"A", "B"}, h.columns());
        assertEquals(3, h.size());
        assertArrayEquals(new double[] {3, 4}, h.features()[1]);
        assertEquals(20, h.medianTarget());
        assertEquals(25, HousingCsv.read(csv("e.csv", "4,1\nA,Y\n0,10\n0,20\n0,30\n0,40\n")).medianTarget());
    }

    @Test
    void housingCsvRejectsMalformedFilesNamingThePackage() throws IOException {
        String[] bad = {
            "x,2\nA,B,Y\n1,2,3\n1,2,3\n",        // no count header
            "2,2\nA,Y\n1,2,3\n1,2,3\n",          // names do not match the count
            "3,2\nA,B,Y\n1,2,3\n1,2,3\n",        // fewer rows than announced
            "1,2\nA,B,Y\n1,2,3\n1,2,3\n",        // more rows than announced (and < 2 rows)
            "2,2\nA,B,Y\n1,2,3\n1,x,3\n",        // not a number
            "2,2\nA,B,Y\n1,2,3\n1,2\n",          // short row
        };
        for (int k = 0; k < bad.length; k++) {
            Path p = csv("bad" + k + ".csv", bad[k]);
            DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> HousingCsv.read(p), bad[k]);
            assertTrue(e.getMessage().contains("python3-sklearn"), e.getMessage());
        }
        DataUnavailableException e = assertThrows(DataUnavailableException.class, () -> HousingCsv.load(dir.resolve("none")));
        assertTrue(e.getMessage().contains("apt-get install python3-sklearn"), e.getMessage());
    }

    @Test
    void theDebianHousingFileHas506TractsAndBalancedMedianLabels() {
        HousingCsv h;
        try {
            h = HousingCsv.load(null);
        } catch (DataUnavailableException e) {
            assumeTrue(false, "skipped: " + e.getMessage());
            return;
        }
        assertEquals(506, h.size());
        assertEquals(13, h.columns().length);
        assertEquals("CRIM", h.columns()[0]);
        // The median of MEDV in Harrison & Rubinfeld's table is 21.2 ($1000s).
        assertEquals(21.2, h.medianTarget(), 1e-12);
        UnitNormClassification t = UnitNormClassification.housing(h, 10, 1);
        assertEquals(506 / 5, t.testX().length); // the 20% test set, rounded down
        assertEquals(1.0, rwdp.model.Vectors.norm(t.testX()[0]), 1e-12);
        int positives = 0;
        for (double y : h.target()) {
            positives += y > 21.2 ? 1 : 0;
        }
        assertTrue(positives > 230 && positives < 260, "above-median tracts: " + positives);
    }

    @Test
    void theDebianFashionMnistHas60000And10000ImagesOf784PixelsBalanced() {
        FashionMnist f;
        try {
            f = FashionMnist.load(null);
        } catch (DataUnavailableException e) {
            assumeTrue(false, "skipped: " + e.getMessage());
            return;
        }
        assertEquals(60000, f.train().size());
        assertEquals(10000, f.test().size());
        assertEquals(784, f.train().dimension());
        // Fashion-MNIST is exactly balanced: 6,000 training and 1,000 test images per class.
        for (int c : f.train().classCounts()) {
            assertEquals(6000, c);
        }
        for (int c : f.test().classCounts()) {
            assertEquals(1000, c);
        }
    }
}
