package rwdp.markov;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import rwdp.check.InvalidArgumentException;

/**
 * An immutable row-stochastic matrix with sparse rows (CSR) and an alias table per row, so the
 * next state of a walk is drawn in O(1) without allocation.
 */
public final class TransitionMatrix implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** Rows must sum to 1 within this absolute tolerance. */
    public static final double ROW_SUM_TOLERANCE = 1e-12;

    private final String name;
    private final int n;
    private final int[] rowStart;
    private final int[] cols;
    private final double[] probs;
    private final double[] threshold;
    private final int[] alias;
    // Caches, recomputed after deserialization (a broadcast to Spark executors).
    private transient volatile double[] stationary;
    private transient volatile Spectrum spectrum;

    private TransitionMatrix(String name, int n, int[] rowStart, int[] cols, double[] probs) {
        this.name = name;
        this.n = n;
        this.rowStart = rowStart;
        this.cols = cols;
        this.probs = probs;
        this.threshold = new double[probs.length];
        this.alias = new int[probs.length];
        int maxRow = 0;
        for (int i = 0; i < n; i++) {
            maxRow = Math.max(maxRow, rowStart[i + 1] - rowStart[i]);
        }
        int[] small = new int[maxRow];
        int[] large = new int[maxRow];
        for (int i = 0; i < n; i++) {
            AliasTable.build(probs, rowStart[i], rowStart[i + 1], threshold, alias, small, large);
        }
    }

    /**
     * Returns the matrix with rows in CSR form: row {@code i} has entries
     * {@code (cols[k], probs[k])} for {@code k} in {@code rowStart[i]..rowStart[i+1]-1}, in any
     * order (duplicates add up). Every row must be a probability vector (non-negative, sum 1
     * within 1e-12). Rows are stored sorted by column.
     *
     * @throws InvalidArgumentException when the CSR arrays are inconsistent with n, a row is empty, an entry has a
     *     negative probability or a column outside 0..n−1, or a row does not sum to 1 within {@link #ROW_SUM_TOLERANCE}
     */
    public static TransitionMatrix of(String name, int n, int[] rowStart, int[] cols, double[] probs) {
        if (rowStart.length != n + 1 || rowStart[0] != 0 || rowStart[n] != cols.length || cols.length != probs.length) {
            throw new InvalidArgumentException("inconsistent CSR arrays for a " + n + "-state matrix");
        }
        for (int i = 0; i < n; i++) {
            if (rowStart[i + 1] <= rowStart[i]) {
                throw new InvalidArgumentException("row " + i + " of " + name + " is empty");
            }
            double sum = 0;
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                if (!(probs[k] >= 0) || cols[k] < 0 || cols[k] >= n) {
                    throw new InvalidArgumentException("row " + i + " of " + name + " has an invalid entry ("
                            + cols[k] + ", " + probs[k] + ")");
                }
                sum += probs[k];
            }
            if (Math.abs(sum - 1) > ROW_SUM_TOLERANCE) {
                throw new InvalidArgumentException("row " + i + " of " + name + " sums to " + sum + ", not 1");
            }
        }
        // Sort each row by column and merge duplicates, so get(i, j) is a binary search.
        int[] rs = new int[n + 1];
        int[] cs = new int[cols.length];
        double[] ps = new double[cols.length];
        int w = 0;
        for (int i = 0; i < n; i++) {
            rs[i] = w;
            int from = rowStart[i];
            int len = rowStart[i + 1] - from;
            long[] keyed = new long[len];
            for (int k = 0; k < len; k++) {
                keyed[k] = ((long) cols[from + k] << 32) | k;
            }
            Arrays.sort(keyed);
            for (int k = 0; k < len; k++) {
                int c = (int) (keyed[k] >>> 32);
                double v = probs[from + (int) keyed[k]];
                if (w > rs[i] && cs[w - 1] == c) {
                    ps[w - 1] += v;
                } else {
                    cs[w] = c;
                    ps[w++] = v;
                }
            }
        }
        rs[n] = w;
        return new TransitionMatrix(name, n, rs, Arrays.copyOf(cs, w), Arrays.copyOf(ps, w));
    }

    /**
     * Returns the matrix whose non-zero entries are those of the dense row-stochastic {@code p}.
     *
     * @throws InvalidArgumentException when p is not square or a row is not a probability vector (as {@link #of})
     */
    public static TransitionMatrix fromDense(String name, double[][] p) {
        int n = p.length;
        int[] rowStart = new int[n + 1];
        int nnz = 0;
        for (int i = 0; i < n; i++) {
            if (p[i].length != n) {
                throw new InvalidArgumentException("matrix is not square: row " + i + " has " + p[i].length + " entries");
            }
            for (double x : p[i]) {
                if (x != 0) {
                    nnz++;
                }
            }
        }
        int[] cols = new int[nnz];
        double[] probs = new double[nnz];
        int k = 0;
        for (int i = 0; i < n; i++) {
            rowStart[i] = k;
            for (int j = 0; j < n; j++) {
                if (p[i][j] != 0) {
                    cols[k] = j;
                    probs[k++] = p[i][j];
                }
            }
        }
        rowStart[n] = k;
        return of(name, n, rowStart, cols, probs);
    }

    /** Returns the weight scheme or description this matrix was built from. */
    public String name() {
        return name;
    }

    /** Returns the number of states. */
    public int n() {
        return n;
    }

    /** Returns the number of stored entries of row {@code i}. */
    public int rowLength(int i) {
        return rowStart[i + 1] - rowStart[i];
    }

    /** Returns the column of the {@code k}-th stored entry of row {@code i}. */
    public int column(int i, int k) {
        return cols[rowStart[i] + k];
    }

    /** Returns the probability of the {@code k}-th stored entry of row {@code i}. */
    public double probability(int i, int k) {
        return probs[rowStart[i] + k];
    }

    /** Returns the number of stored entries. */
    public int nonZeros() {
        return probs.length;
    }

    /** Returns P(i, j), 0 when not stored (binary search in the sorted row). */
    public double get(int i, int j) {
        int k = Arrays.binarySearch(cols, rowStart[i], rowStart[i + 1], j);
        return k >= 0 ? probs[k] : 0;
    }

    /**
     * Returns a state drawn from row {@code i} by its alias table: one 64-bit draw, whose high
     * half picks the column and low half (32-bit resolution) the coin.
     */
    public int sample(int i, SplittableRandom rng) {
        int start = rowStart[i];
        int len = rowStart[i + 1] - start;
        long r = rng.nextLong();
        int k = start + (int) (((r >>> 32) * len) >>> 32);
        double u = (r & 0xFFFFFFFFL) * 0x1.0p-32;
        return u < threshold[k] ? cols[k] : cols[alias[k]];
    }

    /** Returns {@code out = x P} (row vector times matrix); {@code out} must not alias {@code x}. */
    public double[] leftMultiply(double[] x, double[] out) {
        Arrays.fill(out, 0);
        for (int i = 0; i < n; i++) {
            double xi = x[i];
            if (xi != 0) {
                for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                    out[cols[k]] += xi * probs[k];
                }
            }
        }
        return out;
    }

    /** Returns {@code out = P x} (matrix times column vector); {@code out} must not alias {@code x}. */
    public double[] rightMultiply(double[] x, double[] out) {
        if (n < PARALLEL_ROWS) {
            multiplyRows(0, n, x, out);
        } else {
            // Each entry is its own row's sum: chunks on every thread give the same bits as one loop (Lanczos at 10⁶ nodes).
            java.util.stream.IntStream.range(0, (n + CHUNK - 1) / CHUNK).parallel()
                    .forEach(c -> multiplyRows(c * CHUNK, Math.min(n, (c + 1) * CHUNK), x, out));
        }
        return out;
    }

    /** Nodes from which {@link #rightMultiply} runs on every thread. */
    private static final int PARALLEL_ROWS = 1 << 16;

    private static final int CHUNK = 1 << 15;

    private void multiplyRows(int from, int to, double[] x, double[] out) {
        for (int i = from; i < to; i++) {
            double s = 0;
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                s += probs[k] * x[cols[k]];
            }
            out[i] = s;
        }
    }

    /** Returns the dense matrix as a new array of rows. */
    public double[][] toDenseArray() {
        double[][] p = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                p[i][cols[k]] += probs[k];
            }
        }
        return p;
    }

    /** Returns the dense matrix in EJML form. */
    public DMatrixRMaj toDense() {
        DMatrixRMaj m = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                m.add(i, cols[k], probs[k]);
            }
        }
        return m;
    }

    /** Returns the largest |P(i,j) − P(j,i)| ({@link ChainFeatures#asymmetry}). */
    public double asymmetry() {
        return ChainFeatures.asymmetry(this);
    }

    /** Returns whether P equals its transpose within {@code tol}. */
    public boolean isSymmetric(double tol) {
        return asymmetry() <= tol;
    }

    /** Returns the largest |column sum − 1|; 0 for a doubly stochastic matrix. */
    public double columnSumDefect() {
        return ChainFeatures.columnSumDefect(this);
    }

    /** Returns the largest |row sum − 1|. */
    public double rowSumDefect() {
        return ChainFeatures.rowSumDefect(this);
    }

    /** Returns whether every state reaches every other through positive entries. */
    public boolean isIrreducible() {
        return ChainFeatures.isIrreducible(this);
    }

    /** Returns the period of an irreducible chain ({@link ChainFeatures#period}). */
    public int period() {
        return ChainFeatures.period(this);
    }

    /** Returns whether the chain is irreducible and has period 1. */
    public boolean isAperiodic() {
        return isIrreducible() && period() == 1;
    }

    /** Returns the stationary distribution π of an irreducible chain ({@link StationaryLaw#of}), cached. */
    public double[] stationary() {
        double[] pi = stationary;
        if (pi == null) {
            pi = StationaryLaw.of(this);
            stationary = pi;
        }
        return pi.clone();
    }

    /** Returns a positive measure in detailed balance with P, or null when P is not reversible. */
    double[] reversibleMeasure() {
        return ChainFeatures.reversibleMeasure(this);
    }

    /** Returns the eigenvalues ({@link Spectrum#of}), cached. */
    public Spectrum spectrum() {
        Spectrum s = spectrum;
        if (s == null) {
            s = Spectrum.of(this);
            spectrum = s;
        }
        return s;
    }

    int[] rowStartArray() {
        return rowStart;
    }

    int[] colsArray() {
        return cols;
    }

    double[] probsArray() {
        return probs;
    }

    @Override
    public String toString() {
        return "TransitionMatrix[" + name + ", n=" + n + ", nnz=" + probs.length + "]";
    }
}
