package rwdp.data;

import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Reader of the IDX format of the MNIST family (LeCun et al.; also Fashion-MNIST): a big-endian
 * header of two zero bytes, a type byte (only 0x08, unsigned byte, is used by these data sets), the
 * number of dimensions, then one 32-bit size per dimension, then the values in row-major order.
 * Files ending in {@code .gz} (or starting with the gzip magic bytes) are decompressed on the fly.
 */
public final class Idx {
    private Idx() {}

    /**
     * An IDX array of unsigned bytes.
     *
     * @param dims   the sizes, outermost first
     * @param values the values, row-major, each 0..255 stored as a signed byte
     */
    public record Array(int[] dims, byte[] values) {
        public Array {
            dims = dims.clone();
            values = values.clone();
        }

        /** Returns a copy of the sizes. */
        @Override
        public int[] dims() {
            return dims.clone();
        }

        /** Returns a copy of the values; {@link #get} reads one without copying. */
        @Override
        public byte[] values() {
            return values.clone();
        }

        /** Returns value {@code k} (row-major index) as 0..255. */
        public int get(long k) {
            return values[(int) k] & 0xff;
        }
    }

    /**
     * Returns the array in {@code file}; {@code debianPackage} is named in the error when the file is missing or
     * malformed.
     *
     * @throws DataUnavailableException when file is missing, unreadable or not a well-formed (optionally gzipped) IDX
     *     file
     */
    public static Array read(Path file, String debianPackage) {
        if (!Files.isRegularFile(file)) {
            throw new DataUnavailableException(debianPackage, "data file " + file + " not found; install the Debian package "
                    + debianPackage + " (apt-get install " + debianPackage + ") or ", rwdp.check.Remedy.DATA_ROOT);
        }
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            long fileBytes = Files.size(file);
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            boolean gzip = b0 == 0x1f && b1 == 0x8b;
            InputStream in = gzip ? new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16) : raw;
            return parse(new DataInputStream(in), file, debianPackage, gzip ? MAX_GZIP_RATIO * fileBytes : fileBytes);
        } catch (EOFException e) {
            throw malformed(file, debianPackage, "the file ends before the sizes in its header say");
        } catch (IOException e) {
            throw malformed(file, debianPackage, "cannot read it (" + e.getMessage() + ")");
        }
    }

    /**
     * The most bytes one byte of a gzip file can decompress to: deflate's limit is 1032:1 (a
     * 258-byte match coded in two bits, plus the header and trailer on small files), so a header
     * announcing more values than 1032 times the file size cannot be honest.
     */
    static final long MAX_GZIP_RATIO = 1032;

    /** Returns the bytes an array of {@code values} values takes while read (the byte array). */
    public static double estimateBytes(double values) {
        return values + 16;
    }

    /**
     * Parses the stream; {@code maxContent} is the most bytes it can hold (the file size, or
     * {@link #MAX_GZIP_RATIO} times it when compressed), checked against the header's sizes
     * before the values are allocated.
     */
    private static Array parse(DataInputStream in, Path file, String pkg, long maxContent) throws IOException {
        int magic = in.readInt();
        if ((magic >>> 16) != 0) {
            throw malformed(file, pkg, String.format("bad magic number 0x%08x (an IDX file starts with two zero bytes)", magic));
        }
        int type = (magic >>> 8) & 0xff;
        int nd = magic & 0xff;
        if (type != 0x08) {
            throw malformed(file, pkg, String.format("value type 0x%02x, expected 0x08 (unsigned byte)", type));
        }
        if (nd < 1 || nd > 4) {
            throw malformed(file, pkg, nd + " dimensions in the header, expected 1 to 4");
        }
        int[] dims = new int[nd];
        long total = 1;
        for (int k = 0; k < nd; k++) {
            dims[k] = in.readInt();
            if (dims[k] < 1) {
                throw malformed(file, pkg, "dimension " + k + " has size " + dims[k]);
            }
            total *= dims[k];
        }
        long header = 4 + 4L * nd;
        if (header + total > maxContent) {
            throw malformed(file, pkg, String.format(java.util.Locale.ROOT,
                    "its header announces %s = %d values, but the file (%d bytes%s) can hold at most %d",
                    dimsText(dims), total, Files.size(file), maxContent == Files.size(file) ? "" : ", gzip-compressed",
                    Math.max(0, maxContent - header)));
        }
        if (total > Integer.MAX_VALUE - 8) {
            throw malformed(file, pkg, total + " values exceed what one array can hold");
        }
        rwdp.check.Checks.checkMemory(estimateBytes(total), "data file " + file + " (" + dimsText(dims) + " values)",
                "", rwdp.check.Remedy.LARGER_HEAP);
        byte[] v = new byte[(int) total];
        in.readFully(v);
        if (in.read() != -1) {
            throw malformed(file, pkg, "bytes after the " + total + " values the header announces");
        }
        return new Array(dims, v);
    }

    private static String dimsText(int[] dims) {
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < dims.length; k++) {
            b.append(k == 0 ? "" : "x").append(dims[k]);
        }
        return b.toString();
    }

    private static DataUnavailableException malformed(Path file, String pkg, String why) {
        return new DataUnavailableException(pkg, "data file " + file + " is not a valid IDX file: " + why
                + "; reinstall the Debian package " + pkg);
    }
}
