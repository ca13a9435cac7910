package rwdp.cluster;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Arrays;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.cli.cyffers.PairStatisticsCodec;

/**
 * One kernel block's partial statistics as a checkpoint file. The layout (all integers big-endian, as
 * {@link DataOutputStream} writes them; docs/cluster.md repeats it):
 *
 * <pre>
 *  8 bytes  magic "RWDPBLK1"
 *  2+L      the rwdp version that wrote it (DataOutput.writeUTF: 2-byte length, modified UTF-8)
 * 32 bytes  SHA-256 of the job key (the bytes of job.txt)
 *  4 bytes  kernel block index k (senders k·block .. (k+1)·block − 1)
 *  4 bytes  payload length P
 *  P bytes  payload: count (long), sum, min, max (double), argmax u, v (int), negative (long), D (int), then D times
 *           count (long), sum, min, max (double): the fields of {@link PairStatistics}, per BFS distance 0..D−1
 * 32 bytes  SHA-256 over (job key bytes, k as 4 bytes, payload)
 * </pre>
 *
 * A file is used only when every field checks against this job: another version, another job, another block, a
 * truncated or a changed byte each make {@link #decode} say why, and the block is computed again.
 */
final class BlockFile {
    static final byte[] MAGIC = "RWDPBLK1".getBytes(StandardCharsets.US_ASCII);

    private BlockFile() {}

    /** Why a file cannot be used. */
    static final class Unusable extends Exception {
        private static final long serialVersionUID = 1L;

        Unusable(String why) {
            super(why);
        }
    }

    /** Returns the file's bytes for kernel block {@code k} of the job {@code key}, written by {@code version}. */
    static byte[] encode(String version, byte[] key, int k, PairStatistics s) {
        try {
            byte[] payload = payload(s);
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(payload.length + 128);
            DataOutputStream out = new DataOutputStream(bytes);
            out.write(MAGIC);
            out.writeUTF(version);
            out.write(sha256(key));
            out.writeInt(k);
            out.writeInt(payload.length);
            out.write(payload);
            out.write(checksum(key, k, payload));
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
    }

    /**
     * Returns the statistics in {@code file} when it is kernel block {@code k} of job {@code key} written by
     * {@code version}.
     *
     * @throws Unusable saying why it is not
     */
    static PairStatistics decode(byte[] file, String version, byte[] key, int k) throws Unusable {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(file));
        try {
            byte[] magic = new byte[MAGIC.length];
            in.readFully(magic);
            if (!Arrays.equals(magic, MAGIC)) {
                throw new Unusable("not an rwdp checkpoint block (bad magic)");
            }
            String written = in.readUTF();
            if (!written.equals(version)) {
                throw new Unusable("written by rwdp " + written + ", this is rwdp " + version);
            }
            byte[] keyHash = new byte[32];
            in.readFully(keyHash);
            if (!MessageDigest.isEqual(keyHash, sha256(key))) {
                throw new Unusable("of another job");
            }
            int index = in.readInt();
            if (index != k) {
                throw new Unusable("holds kernel block " + index + ", not " + k);
            }
            int len = in.readInt();
            if (len < 0 || len > file.length) {
                throw new Unusable("truncated or corrupt (payload length " + len + ")");
            }
            byte[] payload = new byte[len];
            in.readFully(payload);
            byte[] sum = new byte[32];
            in.readFully(sum);
            if (in.read() != -1) {
                throw new Unusable("has bytes after its checksum");
            }
            if (!MessageDigest.isEqual(sum, checksum(key, k, payload))) {
                throw new Unusable("checksum mismatch (a changed byte)");
            }
            return statistics(payload);
        } catch (EOFException e) {
            throw new Unusable("truncated (" + file.length + " bytes)");
        } catch (IOException | IllegalArgumentException e) {
            throw new Unusable("corrupt (" + e.getMessage() + ")");
        }
    }

    /** Returns the statistics in a file without checking it against a job (tests rewrite a block under another stamp). */
    static PairStatistics decodeUnchecked(byte[] file) {
        try {
            DataInputStream in = new DataInputStream(new ByteArrayInputStream(file));
            in.skipNBytes(MAGIC.length);
            in.readUTF();
            in.skipNBytes(32 + 4);
            byte[] payload = new byte[in.readInt()];
            in.readFully(payload);
            return statistics(payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] payload(PairStatistics s) {
        return PairStatisticsCodec.encode(s);
    }

    private static PairStatistics statistics(byte[] payload) throws IOException {
        return PairStatisticsCodec.decode(payload);
    }

    private static byte[] checksum(byte[] key, int k, byte[] payload) {
        MessageDigest md = sha();
        md.update(key);
        md.update(new byte[] {(byte) (k >>> 24), (byte) (k >>> 16), (byte) (k >>> 8), (byte) k});
        md.update(payload);
        return md.digest();
    }

    static byte[] sha256(byte[] bytes) {
        return sha().digest(bytes);
    }

    static MessageDigest sha() {
        return PairStatisticsCodec.sha();
    }
}
