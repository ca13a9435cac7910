package rwdp.markov;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import org.ejml.interfaces.linsol.LinearSolverDense;
import rwdp.check.InvalidArgumentException;

/**
 * An immutable row-stochastic matrix with sparse rows (CSR) and an alias table per row, so the
 * next state of a walk is drawn in O(1) without allocation.
 */
public final class TransitionMatrix {
    /** Rows must sum to 1 within this absolute tolerance. */
    public static final double ROW_SUM_TOLERANCE = 1e-12;

    private final String name;
    private final int n;
    private final int[] rowStart;
    private final int[] cols;
    private final double[] probs;
    private final double[] threshold;
    private final int[] alias;
    private volatile double[] stationary;
    private volatile Spectrum spectrum;

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

    /** Returns the matrix whose non-zero entries are those of the dense row-stochastic {@code p}. */
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
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                s += probs[k] * x[cols[k]];
            }
            out[i] = s;
        }
        return out;
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

    /** Returns the largest |P(i,j) - P(j,i)|. */
    public double asymmetry() {
        double worst = 0;
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                worst = Math.max(worst, Math.abs(probs[k] - get(cols[k], i)));
            }
        }
        return worst;
    }

    /** Returns whether P equals its transpose within {@code tol}. */
    public boolean isSymmetric(double tol) {
        return asymmetry() <= tol;
    }

    /** Returns the largest |column sum - 1|; 0 for a doubly stochastic matrix. */
    public double columnSumDefect() {
        double[] colSum = new double[n];
        for (int k = 0; k < probs.length; k++) {
            colSum[cols[k]] += probs[k];
        }
        double worst = 0;
        for (double c : colSum) {
            worst = Math.max(worst, Math.abs(c - 1));
        }
        return worst;
    }

    /** Returns the largest |row sum - 1|. */
    public double rowSumDefect() {
        double worst = 0;
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                s += probs[k];
            }
            worst = Math.max(worst, Math.abs(s - 1));
        }
        return worst;
    }

    /** Returns whether every state reaches every other through positive entries. */
    public boolean isIrreducible() {
        return reachesAll(false) && reachesAll(true);
    }

    private boolean reachesAll(boolean transpose) {
        int[][] adj = transpose ? transposedSupport() : null;
        boolean[] seen = new boolean[n];
        int[] stack = new int[n];
        int top = 0;
        stack[top++] = 0;
        seen[0] = true;
        int count = 1;
        while (top > 0) {
            int x = stack[--top];
            if (transpose) {
                for (int y : adj[x]) {
                    if (!seen[y]) {
                        seen[y] = true;
                        count++;
                        stack[top++] = y;
                    }
                }
            } else {
                for (int k = rowStart[x]; k < rowStart[x + 1]; k++) {
                    int y = cols[k];
                    if (probs[k] > 0 && !seen[y]) {
                        seen[y] = true;
                        count++;
                        stack[top++] = y;
                    }
                }
            }
        }
        return count == n;
    }

    private int[][] transposedSupport() {
        int[] indeg = new int[n];
        for (int k = 0; k < probs.length; k++) {
            if (probs[k] > 0) {
                indeg[cols[k]]++;
            }
        }
        int[][] adj = new int[n][];
        for (int j = 0; j < n; j++) {
            adj[j] = new int[indeg[j]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                if (probs[k] > 0) {
                    adj[cols[k]][fill[cols[k]]++] = i;
                }
            }
        }
        return adj;
    }

    /**
     * Returns the period of an irreducible chain: the gcd of level(u) + 1 - level(v) over the
     * positive entries (u, v), with BFS levels from state 0.
     */
    public int period() {
        if (!isIrreducible()) {
            throw new IllegalStateException("the period is defined for irreducible chains; " + name + " is reducible");
        }
        int[] level = new int[n];
        Arrays.fill(level, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        level[0] = 0;
        queue[tail++] = 0;
        int g = 0;
        while (head < tail) {
            int x = queue[head++];
            for (int k = rowStart[x]; k < rowStart[x + 1]; k++) {
                if (probs[k] <= 0) {
                    continue;
                }
                int y = cols[k];
                if (level[y] < 0) {
                    level[y] = level[x] + 1;
                    queue[tail++] = y;
                } else {
                    g = gcd(g, Math.abs(level[x] + 1 - level[y]));
                }
            }
        }
        return g == 0 ? 1 : g;
    }

    private static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /** Returns whether the chain is irreducible and has period 1. */
    public boolean isAperiodic() {
        return isIrreducible() && period() == 1;
    }

    /**
     * Returns the stationary distribution π (πP = π, Σπ = 1) of an irreducible chain: through
     * detailed balance along a BFS tree when the chain is reversible, by a dense linear solve
     * otherwise.
     */
    public double[] stationary() {
        double[] pi = stationary;
        if (pi == null) {
            if (!isIrreducible()) {
                throw new IllegalStateException(name + " is reducible: its stationary distribution is not unique");
            }
            pi = reversibleMeasure();
            if (pi == null) {
                pi = solveStationary();
            } else {
                double s = 0;
                for (double x : pi) {
                    s += x;
                }
                for (int i = 0; i < n; i++) {
                    pi[i] /= s;
                }
            }
            stationary = pi;
        }
        return pi.clone();
    }

    /**
     * Returns a positive measure in detailed balance with P, or null when P is not reversible.
     * Each connected piece of the support gets its own scale, so reducible chains are allowed.
     */
    double[] reversibleMeasure() {
        double[] mu = new double[n];
        int[] queue = new int[n];
        for (int s = 0; s < n; s++) {
            if (mu[s] > 0) {
                continue;
            }
            mu[s] = 1;
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            while (head < tail) {
                int x = queue[head++];
                for (int k = rowStart[x]; k < rowStart[x + 1]; k++) {
                    int y = cols[k];
                    if (probs[k] <= 0 || y == x || mu[y] > 0) {
                        continue;
                    }
                    double back = get(y, x);
                    if (back <= 0) {
                        return null;
                    }
                    mu[y] = mu[x] * probs[k] / back;
                    queue[tail++] = y;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                int j = cols[k];
                double lhs = mu[i] * probs[k];
                double rhs = mu[j] * get(j, i);
                if (Math.abs(lhs - rhs) > 1e-10 * Math.max(lhs, rhs)) {
                    return null;
                }
            }
        }
        return mu;
    }

    private double[] solveStationary() {
        DMatrixRMaj a = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                a.add(cols[k], i, probs[k]);
            }
            a.add(i, i, -1);
        }
        for (int j = 0; j < n; j++) {
            a.set(n - 1, j, 1);
        }
        DMatrixRMaj b = new DMatrixRMaj(n, 1);
        b.set(n - 1, 0, 1);
        DMatrixRMaj x = new DMatrixRMaj(n, 1);
        LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.lu(n);
        if (!solver.setA(a)) {
            throw new IllegalStateException("singular system while solving for the stationary law of " + name);
        }
        solver.solve(b, x);
        double[] pi = new double[n];
        for (int i = 0; i < n; i++) {
            pi[i] = x.get(i, 0);
        }
        return pi;
    }

    /**
     * Returns the eigenvalues: EJML's symmetric solver on P when P is symmetric, on the
     * similar matrix D^(1/2) P D^(-1/2) (D = diag of a detailed-balance measure) when P is
     * reversible, and EJML's general solver otherwise.
     */
    public Spectrum spectrum() {
        Spectrum s = spectrum;
        if (s == null) {
            s = computeSpectrum();
            spectrum = s;
        }
        return s;
    }

    private Spectrum computeSpectrum() {
        // The dense matrix, its symmetrised copy and the solver's work arrays: refuse before allocating.
        rwdp.check.Checks.checkMemory(3.0 * 8 * n * (double) n, "the dense eigenvalues of " + n + " states",
                "λ2 and λmin alone come from SpectralExtremes (Lanczos), as graph info does");
        DMatrixRMaj a = toDense();
        boolean symmetric = isSymmetric(1e-15);
        if (!symmetric) {
            double[] mu = reversibleMeasure();
            if (mu != null) {
                DMatrixRMaj s = new DMatrixRMaj(n, n);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        double v = a.get(i, j);
                        if (v != 0) {
                            s.set(i, j, Math.sqrt(mu[i] / mu[j]) * v);
                        }
                    }
                }
                // Remove rounding asymmetry so the symmetric solver sees an exact symmetric matrix.
                for (int i = 0; i < n; i++) {
                    for (int j = i + 1; j < n; j++) {
                        double m = 0.5 * (s.get(i, j) + s.get(j, i));
                        s.set(i, j, m);
                        s.set(j, i, m);
                    }
                }
                a = s;
                symmetric = true;
            }
        } else {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    double m = 0.5 * (a.get(i, j) + a.get(j, i));
                    a.set(i, j, m);
                    a.set(j, i, m);
                }
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false, symmetric);
        if (!eig.decompose(a)) {
            throw new IllegalStateException("eigenvalue decomposition failed for " + name);
        }
        int m = eig.getNumberOfEigenvalues();
        Integer[] order = new Integer[m];
        double[] re = new double[m];
        double[] im = new double[m];
        for (int i = 0; i < m; i++) {
            Complex_F64 c = eig.getEigenvalue(i);
            re[i] = c.real;
            im[i] = symmetric ? 0 : c.imaginary;
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(re[y], re[x]));
        double[] sr = new double[m];
        double[] si = new double[m];
        for (int i = 0; i < m; i++) {
            sr[i] = re[order[i]];
            si[i] = im[order[i]];
        }
        return new Spectrum(sr, si, symmetric);
    }

    @Override
    public String toString() {
        return "TransitionMatrix[" + name + ", n=" + n + ", nnz=" + probs.length + "]";
    }
}
