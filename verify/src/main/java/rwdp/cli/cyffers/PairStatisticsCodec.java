package rwdp.cli.cyffers;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import rwdp.bounds.pndp.PairStatistics;

/**
 * {@link PairStatistics} as bytes, bit for bit (big-endian, as {@link DataOutputStream} writes): count (long), sum,
 * min, max (double), argmax u, v (int), negative (long), D (int), then D times count (long), sum, min, max (double), per
 * BFS distance 0..D−1. The payload of a cluster checkpoint's block files and of {@code bound pndp --partial}'s blocks.
 */
public final class PairStatisticsCodec {
    private PairStatisticsCodec() {}

    /**
     * Returns the bytes of {@code s}.
     *
     * @throws UncheckedIOException never in practice (a byte array does not fail)
     */
    public static byte[] encode(PairStatistics s) {
        try {
            ByteArrayOutputStream bytes = new ByteArrayOutputStream(64 + 32 * s.distances());
            DataOutputStream out = new DataOutputStream(bytes);
            out.writeLong(s.count());
            out.writeDouble(s.sum());
            out.writeDouble(s.min());
            out.writeDouble(s.max());
            out.writeInt(s.argmaxU());
            out.writeInt(s.argmaxV());
            out.writeLong(s.negative());
            out.writeInt(s.distances());
            for (int d = 0; d < s.distances(); d++) {
                out.writeLong(s.count(d));
                out.writeDouble(s.sum(d));
                out.writeDouble(s.min(d));
                out.writeDouble(s.max(d));
            }
            out.flush();
            return bytes.toByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // a byte array does not fail
        }
    }

    /**
     * Returns the statistics {@code payload} holds.
     *
     * @throws IOException when it is shorter or longer than its fields, or a field is out of range
     */
    public static PairStatistics decode(byte[] payload) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
        long count = in.readLong();
        double sum = in.readDouble();
        double min = in.readDouble();
        double max = in.readDouble();
        int u = in.readInt();
        int v = in.readInt();
        long negative = in.readLong();
        int dists = in.readInt();
        if (dists < 0 || dists > payload.length / 32) {
            throw new IOException("distance count " + dists);
        }
        long[] dc = new long[dists];
        double[] ds = new double[dists];
        double[] dmin = new double[dists];
        double[] dmax = new double[dists];
        for (int d = 0; d < dists; d++) {
            dc[d] = in.readLong();
            ds[d] = in.readDouble();
            dmin[d] = in.readDouble();
            dmax[d] = in.readDouble();
        }
        if (in.read() != -1) {
            throw new IOException("payload longer than its fields");
        }
        try {
            return PairStatistics.restore(count, sum, min, max, u, v, negative, dc, ds, dmin, dmax);
        } catch (IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /** Returns a fresh SHA-256 digest. */
    public static MessageDigest sha() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e); // every Java 17 has it
        }
    }
}
