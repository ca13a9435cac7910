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
        /** Returns value {@code k} (row-major index) as 0..255. */
        public int get(long k) {
            return values[(int) k] & 0xff;
        }
    }

    /** Returns the array in {@code file}; {@code debianPackage} is named in the error when the file is missing or malformed. */
    public static Array read(Path file, String debianPackage) {
        if (!Files.isRegularFile(file)) {
            throw new DataUnavailableException(debianPackage, "data file " + file + " not found; install the Debian package "
                    + debianPackage + " (apt-get install " + debianPackage + ") or point --data-dir to a copy");
        }
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16)) {
            raw.mark(2);
            int b0 = raw.read();
            int b1 = raw.read();
            raw.reset();
            InputStream in = b0 == 0x1f && b1 == 0x8b ? new BufferedInputStream(new GZIPInputStream(raw, 1 << 16), 1 << 16) : raw;
            return parse(new DataInputStream(in), file, debianPackage);
        } catch (EOFException e) {
            throw malformed(file, debianPackage, "the file ends before the sizes in its header say");
        } catch (IOException e) {
            throw malformed(file, debianPackage, "cannot read it (" + e.getMessage() + ")");
        }
    }

    private static Array parse(DataInputStream in, Path file, String pkg) throws IOException {
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
        if (total > Integer.MAX_VALUE - 8) {
            throw malformed(file, pkg, total + " values exceed what one array can hold");
        }
        byte[] v = new byte[(int) total];
        in.readFully(v);
        if (in.read() != -1) {
            throw malformed(file, pkg, "bytes after the " + total + " values the header announces");
        }
        return new Array(dims, v);
    }

    private static DataUnavailableException malformed(Path file, String pkg, String why) {
        return new DataUnavailableException(pkg, "data file " + file + " is not a valid IDX file: " + why
                + "; reinstall the Debian package " + pkg);
    }
}
