package rwdp.spectral;

import rwdp.check.InvalidArgumentException;
import java.util.Arrays;
import java.util.stream.IntStream;
import rwdp.markov.TransitionMatrix;

/**
 * The action of f(W − J/n) on vectors, without any n×n object: a Chebyshev expansion of f on
 * the spectral interval of W restricted to 1⊥, applied to the sparse symmetric W by the
 * three-term recurrence and projected on 1⊥ at every step (Cyffers et al., Thm. 3 and App. B:
 * row u of L(W) = −ln(I − W + J/n) is f(W − J/n)(e_u − 𝟙/n) since f(0) = 0).
 *
 * <p>Time O(K·nnz) per vector for degree K, memory O(nnz + n) per vector (O(nnz + n·b) for a
 * block of b). Instances are immutable and may be shared between threads.
 */
public final class MatrixFunctionOperator implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** Default number of vectors per block of the multi-vector kernel {@link #rows}. */
    public static final int DEFAULT_BLOCK = 32;

    /** The {@link #deflationNote()} of an operator built without considering deflation. */
    public static final String NOT_TRIED = "not tried";

    private final SymmetricCsr csr;
    final int n;
    final int[] rowStart;
    final int[] cols;
    final double[] vals;
    private final SpectralInterval interval;
    final double[] coeffs;
    final double s0;
    final double s1;
    /** Deflated eigenvectors as n×k rows (row v: φ_1(v) … φ_k(v)); k = 0 when nothing is deflated. */
    final double[][] phi;
    /** f(θ_i) − p(θ_i) for each deflated Ritz value θ_i. */
    final double[] correction;
    final double[] theta;
    private final double deflationError;
    private final String deflationNote;

    MatrixFunctionOperator(TransitionMatrix w, SpectralInterval iv, double[] coeffs) {
        this(SymmetricCsr.of(w), iv, coeffs, null, null, null, 0, NOT_TRIED);
    }

    private MatrixFunctionOperator(SymmetricCsr csr, SpectralInterval iv, double[] coeffs, double[][] phi,
                         double[] theta, double[] correction, double error, String note) {
        this.csr = csr;
        this.n = csr.n();
        this.rowStart = csr.rowStart();
        this.cols = csr.cols();
        this.vals = csr.vals();
        this.interval = iv;
        this.coeffs = coeffs;
        this.phi = phi;
        this.theta = theta;
        this.correction = correction;
        this.deflationError = error;
        this.deflationNote = note;
        s1 = 2 / (iv.upper() - iv.lower());
        s0 = (iv.upper() + iv.lower()) / (iv.upper() - iv.lower());
    }

    /**
     * Returns whether the expansion's interval can be trusted: Lanczos settled, or else no eigenvalue outside it is
     * felt by a filter of twice the degree. For x in [−1, 1] |T_m(x)| ≤ 1, so ‖T_m(s1 W − s0)v‖ ≤ 1 for a unit
     * v ⊥ 𝟙 unless an eigenvalue lies outside; one at mapped distance ε beyond ±1 grows like cosh(m√(2ε)), seen in a
     * random v (component ~1/√n) once m√(2ε) exceeds ln(2√n), while it spoils a degree-K expansion by a factor
     * ~e^(K√(2ε)): with m = 2K the check fires before the error exceeds ~50·tol.
     */
    boolean trusted() {
        if (interval.settled()) {
            return true;
        }
        return filterGrowth(2 * degree()) <= 2;
    }

    /** Returns max over k ≤ m of ‖T_k(s1 W − s0)v‖ for a fixed random unit v ⊥ 𝟙 (1 when the spectrum is inside). */
    double filterGrowth(int m) {
        java.util.SplittableRandom rng = new java.util.SplittableRandom(0x7E57L);
        double[] prev = new double[n];
        for (int i = 0; i < n; i++) {
            prev[i] = rng.nextGaussian();
        }
        MatrixFunctions.project(prev);
        double norm = 0;
        for (double x : prev) {
            norm += x * x;
        }
        norm = Math.sqrt(norm);
        for (int i = 0; i < n; i++) {
            prev[i] /= norm;
        }
        double[] cur = new double[n];
        double[] sink = new double[n];
        double worst = 1;
        step(prev, null, cur, 1, 0, sink);
        for (int k = 2; k <= m; k++) {
            step(cur, prev, prev, 2, 0, sink);
            double[] t = prev;
            prev = cur;
            cur = t;
            double s = 0;
            for (double x : cur) {
                s += x * x;
            }
            worst = Math.max(worst, Math.sqrt(s));
            if (worst > 2) {
                break;
            }
        }
        return worst;
    }

    /** Returns this operator with the expansion rebuilt on {@code iv} and the given eigenpairs deflated. */
    MatrixFunctionOperator withDeflation(SpectralInterval iv, double[] coeffs, double[][] phi, double[] theta,
                               double[] correction, double error) {
        return new MatrixFunctionOperator(csr, iv, coeffs, phi, theta, correction, error, "deflated " + theta.length + " eigenpairs");
    }

    /** Returns this operator, undeflated, with the reason deflation was not used. */
    MatrixFunctionOperator withNote(String note) {
        return new MatrixFunctionOperator(csr, interval, coeffs, null, null, null, 0, note);
    }

    /**
     * Returns min_i (2·W_ii − 1), a lower bound on every eigenvalue of W (Gershgorin: W_ii − Σ_{j≠i} W_ij with row
     * sums 1), never below −1: rigorous where a Lanczos end may not have settled.
     */
    double gershgorinLower() {
        double lo = 1;
        for (int i = 0; i < n; i++) {
            double d = 0;
            for (int p = rowStart[i]; p < rowStart[i + 1]; p++) {
                if (cols[p] == i) {
                    d = vals[p];
                }
            }
            lo = Math.min(lo, 2 * d - 1);
        }
        return Math.max(-1, lo);
    }

    /** Returns W in compressed rows, as the kernels see it. */
    SymmetricCsr csr() {
        return csr;
    }

    /** Returns the number of deflated eigenpairs (0: the plain expansion). */
    public int deflated() {
        return theta == null ? 0 : theta.length;
    }

    /** Returns the a-posteriori bound on the deflation's error in L(W), relative to max|f| (0 when none). */
    public double deflationError() {
        return deflationError;
    }

    /** Returns why the operator is or is not deflated. */
    public String deflationNote() {
        return deflationNote;
    }

    /** Returns the solver's name for reports: "deflated" or "chebyshev". */
    public String solver() {
        return deflated() > 0 ? "deflated" : "chebyshev";
    }

    /** Returns the number of nodes. */
    public int n() {
        return n;
    }

    /** Returns the Chebyshev degree K (cost per vector: K sparse products). */
    public int degree() {
        return coeffs.length - 1;
    }

    /** Returns the spectral interval the expansion is built on. */
    public SpectralInterval interval() {
        return interval;
    }

    /** Returns the number of stored entries of W. */
    public int nonZeros() {
        return vals.length;
    }

    /**
     * Returns row (= column, by symmetry) u of f(W − J/n) (Cyffers et al., Thm. 3: L(W)_{u·}).
     *
     * @throws InvalidArgumentException when u is outside 0..n−1
     */
    public double[] row(int u) {
        if (u < 0 || u >= n) {
            throw new InvalidArgumentException("node " + u + " is not in 0.." + (n - 1));
        }
        double[] x = new double[n];
        x[u] = 1;
        return apply(x);
    }

    /**
     * Returns f(W − J/n)·P x with P the projection on 1⊥ (x is not modified).
     *
     * @throws InvalidArgumentException when x.length is not n
     */
    public double[] apply(double[] x) {
        if (x.length != n) {
            throw new InvalidArgumentException("vector has " + x.length + " entries, need " + n);
        }
        double[] prev = x.clone();
        MatrixFunctions.project(prev);
        double[] y = new double[n];
        if (phi != null) {
            int k = theta.length;
            double[] a = new double[k];
            for (int i = 0; i < n; i++) {
                double[] pi = phi[i];
                double xi = prev[i];
                for (int j = 0; j < k; j++) {
                    a[j] += pi[j] * xi;
                }
            }
            for (int j = 0; j < k; j++) {
                a[j] *= correction[j];
            }
            for (int i = 0; i < n; i++) {
                double[] pi = phi[i];
                double t = 0;
                for (int j = 0; j < k; j++) {
                    t += pi[j] * a[j];
                }
                y[i] = t;
            }
        }
        double c0 = coeffs[0];
        for (int i = 0; i < n; i++) {
            y[i] += c0 * prev[i];
        }
        if (coeffs.length == 1) {
            return y;
        }
        double[] cur = new double[n];
        step(prev, null, cur, 1, coeffs[1], y);
        for (int k = 2; k < coeffs.length; k++) {
            step(cur, prev, prev, 2, coeffs[k], y);
            double[] t = prev;
            prev = cur;
            cur = t;
        }
        return y;
    }

    /** dst = mult·(s1 W x − s0 x) − older (older may be dst, null means 0), projected on 1⊥; y += ck·dst. */
    private void step(double[] x, double[] older, double[] dst, double mult, double ck, double[] y) {
        double ms1 = mult * s1;
        double ms0 = mult * s0;
        // On a large graph the rows run on every thread in fixed chunks and the mean is summed in row order afterwards:
        // the same operations in the same order per entry, so the same bits for any thread count (ParallelStepTest).
        if (n < ChebyshevExpansion.PARALLEL_ROWS) {
            stepRows(0, n, x, older, dst, ms1, ms0);
        } else {
            IntStream.range(0, (n + STEP_CHUNK - 1) / STEP_CHUNK).parallel().forEach(k ->
                    stepRows(k * STEP_CHUNK, Math.min(n, (k + 1) * STEP_CHUNK), x, older, dst, ms1, ms0));
        }
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += dst[i];
        }
        double m = mean / n;
        if (n < ChebyshevExpansion.PARALLEL_ROWS) {
            centerRows(0, n, dst, m, ck, y);
        } else {
            IntStream.range(0, (n + STEP_CHUNK - 1) / STEP_CHUNK).parallel().forEach(k ->
                    centerRows(k * STEP_CHUNK, Math.min(n, (k + 1) * STEP_CHUNK), dst, m, ck, y));
        }
    }

    private void stepRows(int from, int to, double[] x, double[] older, double[] dst, double ms1, double ms0) {
        for (int i = from; i < to; i++) {
            double acc = 0;
            for (int p = rowStart[i], pe = rowStart[i + 1]; p < pe; p++) {
                acc += vals[p] * x[cols[p]];
            }
            dst[i] = ms1 * acc - ms0 * x[i] - (older == null ? 0 : older[i]);
        }
    }

    private static void centerRows(int from, int to, double[] dst, double m, double ck, double[] y) {
        for (int i = from; i < to; i++) {
            double d = dst[i] - m;
            dst[i] = d;
            y[i] += ck * d;
        }
    }

    /** Rows per parallel chunk of the single-vector step. */
    private static final int STEP_CHUNK = 1 << 15;

    /**
     * Returns rows {@code sources[j]} of f(W − J/n) as out[j] (the multi-vector kernel: one pass
     * over W serves the whole block, rows of the block stored contiguously so C2 vectorises), in buffers of its own:
     * {@link #rowsInto} with a fresh {@link BlockWorkspace}.
     *
     * @throws InvalidArgumentException when a source is outside 0..n−1
     */
    public double[][] rows(int[] sources) {
        if (sources.length == 0) {
            return new double[0][];
        }
        BlockWorkspace ws = workspace(sources.length);
        rowsInto(sources, ws);
        return ws.out;
    }

    /** What {@link #forEachRow} hands each computed row to. */
    @FunctionalInterface
    public interface RowSink {
        /** Takes row {@code senders[j]} of f(W − J/n); {@code row} is valid during the call only. */
        void accept(int j, double[] row);
    }

    /** Most senders one kernel call takes on a large graph (per-sender cost falls with the block: issue 31). */
    public static final int LARGE_BLOCK = 128;

    /**
     * Share of the heap a large graph's block workspace may take (its four n×block arrays); the rest is the caller's: the
     * graph, W and the rows' distances take well under a tenth of it at 10⁶ nodes and degree 8. At 0.55 the default heap
     * of a 24 GB machine (6 GB) holds 100 senders of a 10⁶-node graph in one block, where 0.4 needed two (issue 31:
     * {@code --sample 100} in three minutes).
     */
    static final double HEAP_SHARE = 0.55;

    /**
     * Returns the senders per kernel call {@link #forEachRow} takes: {@value #DEFAULT_BLOCK} per thread on a small graph;
     * on one of {@value ChebyshevExpansion#PARALLEL_ROWS} nodes or more, one block on every thread, as wide as
     * {@value #HEAP_SHARE} of the heap allows (32..{@value #LARGE_BLOCK}): a random neighbour's read is shared by more senders.
     */
    public int senderBlock() {
        return BlockRows.senderBlock(n);
    }

    /**
     * Returns the senders per kernel call when {@code concurrent} such calls share this JVM's heap (tasks of one Spark
     * executor): as {@link #senderBlock()}, the heap share divided among them; {@value #DEFAULT_BLOCK} at least.
     */
    public int senderBlock(int concurrent) {
        return BlockRows.senderBlock(n, concurrent);
    }

    /**
     * Computes row {@code senders[j]} of f(W − J/n) for every j and hands it to {@code sink}: on a small graph blocks of
     * {@value #DEFAULT_BLOCK} on every thread (one workspace per thread), on a large one blocks of {@link #senderBlock()}
     * one after another, each step on every thread. The rows of one {@value #DEFAULT_BLOCK}-aligned group of j reach
     * the sink in increasing j on one thread at a time (different groups may reach it at once), and a row's bits do not depend on its block, so a caller merging
     * per group gets the same result for any thread count.
     *
     * @throws InvalidArgumentException when a sender is outside 0..n−1
     */
    public void forEachRow(int[] senders, RowSink sink) {
        BlockRows.forEachRow(this, senders, sink);
    }


    /** Returns a workspace for blocks of {@code block} rows of this operator ({@link #rowsInto}). */
    public BlockWorkspace workspace(int block) {
        return new BlockWorkspace(n, block, deflated());
    }

    /**
     * Computes rows {@code sources[j]} of f(W − J/n) into {@code ws} (row j as {@code ws.row(j)}), allocating nothing:
     * the same arithmetic in the same order as {@link #rows}, so the same bits.
     *
     * @throws InvalidArgumentException when a source is outside 0..n−1, or the workspace is not for this operator's n,
     *     its deflation and exactly {@code sources.length} rows
     */
    public void rowsInto(int[] sources, BlockWorkspace ws) {
        BlockRows.rowsInto(this, sources, ws);
    }

    /**
     * Computes f(W − J/n)·z_c for each vector z_c of {@code z} (each of n entries, on 1⊥: the caller projects) into
     * {@code ws} (as {@code ws.row(c)}), through the block kernel that {@link #rowsInto} uses.
     *
     * @throws InvalidArgumentException when the workspace is not for this operator's n, its deflation and z.length
     *     vectors, or a vector's length is not n
     */
    public void applyInto(double[][] z, BlockWorkspace ws) {
        BlockRows.applyInto(this, z, ws);
    }


    /** Returns a copy of the deflated Ritz values θ_i, largest first (empty when nothing is deflated). */
    double[] ritzValues() {
        return theta == null ? new double[0] : theta.clone();
    }

    /** Returns a copy of the corrections f(θ_i) − p(θ_i) on the deflated directions (empty when nothing is deflated). */
    double[] corrections() {
        return correction == null ? new double[0] : correction.clone();
    }

    /**
     * Returns, for every node u, Σ_i weights[i]·φ_i(u)² over the deflated Ritz vectors: the diagonal of
     * Σ_i weights[i]·φ_iφ_iᵀ (zeros when nothing is deflated).
     *
     * @throws InvalidArgumentException when weights.length is not the number of deflated pairs
     */
    double[] deflatedDiagonal(double[] weights) {
        if (weights.length != deflated()) {
            throw new InvalidArgumentException("need " + deflated() + " weights, got " + weights.length);
        }
        double[] d = new double[n];
        for (int v = 0; v < n && phi != null; v++) {
            double t = 0;
            for (int j = 0; j < weights.length; j++) {
                t += weights[j] * phi[v][j] * phi[v][j];
            }
            d[v] = t;
        }
        return d;
    }

    /** Returns a copy of the Chebyshev coefficients (c_0 halved). */
    public double[] coefficients() {
        return Arrays.copyOf(coeffs, coeffs.length);
    }
}
