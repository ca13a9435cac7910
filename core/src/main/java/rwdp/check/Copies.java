package rwdp.check;

/**
 * Deep copies of nested arrays, for records that must not share an array with their callers (a
 * record's compact constructor copies what it is given and its accessor returns a copy). Null
 * arrays and null rows are kept as null.
 */
public final class Copies {
    private Copies() {}

    /** Returns a copy of {@code a} and of each of its rows. */
    public static double[][] deep(double[][] a) {
        if (a == null) {
            return null;
        }
        double[][] out = new double[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] == null ? null : a[i].clone();
        }
        return out;
    }

    /** Returns a copy of {@code a} and of each of its rows. */
    public static long[][] deep(long[][] a) {
        if (a == null) {
            return null;
        }
        long[][] out = new long[a.length][];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] == null ? null : a[i].clone();
        }
        return out;
    }

    /** Returns a copy of {@code a}, of its matrices and of their rows. */
    public static double[][][] deep(double[][][] a) {
        if (a == null) {
            return null;
        }
        double[][][] out = new double[a.length][][];
        for (int i = 0; i < a.length; i++) {
            out[i] = deep(a[i]);
        }
        return out;
    }

    /** Returns a copy of {@code a} and of each of its rows; the elements themselves are shared (they must be immutable). */
    public static <T> T[][] deep(T[][] a) {
        if (a == null) {
            return null;
        }
        T[][] out = a.clone();
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] == null ? null : a[i].clone();
        }
        return out;
    }
}
