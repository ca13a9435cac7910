package rwdp.bounds.pndp;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * The all-pairs matrix f(W − J/n) of a symmetric doubly stochastic transition matrix W, for
 * the spectral functions of the PNDP accountant (Cyffers et al., Thm. 3, App. B): with
 * f(x) = −ln(1 − x) it is L(W) = −ln(I − W + J/n).
 *
 * <p>Two independent computations: {@link #eigen} (dense symmetric eigendecomposition, the
 * authors' way) and {@link #chebyshev} (a Chebyshev expansion of f on the spectral interval
 * of W restricted to 1⊥, applied to the sparse W one block of columns at a time). The
 * Chebyshev path keeps one n×n result plus O(nnz + n·block) per thread.
 */
public final class PairwiseMatrixFunction {
    private PairwiseMatrixFunction() {}

    /** Symmetry and stochasticity must hold to this absolute tolerance. */
    public static final double TOLERANCE = 1e-12;

    /** Default relative accuracy of the Chebyshev expansion. */
    public static final double DEFAULT_CHEBYSHEV_TOLERANCE = 1e-13;

    static int BLOCK = Integer.getInteger("rwdp.block", 32);

    /** How to compute the matrix. */
    public enum Method {
        /** Dense symmetric eigendecomposition (EJML). */
        EIGEN,
        /** Chebyshev expansion on the sparse W. */
        CHEBYSHEV,
        /** Chebyshev unless its degree makes it slower than the dense eigendecomposition. */
        AUTO;

        /** Returns the method named {@code s} (eigen, chebyshev or auto). */
        public static Method parse(String s) {
            try {
                return valueOf(s.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidArgumentException("unknown solver '" + s + "'; expected eigen, chebyshev or auto");
            }
        }
    }

    /**
     * Throws IllegalArgumentException unless W is irreducible, symmetric and doubly stochastic
     * (Cyffers et al., Assumption 2), with a message naming the broken property.
     */
    public static void requireSymmetricDoublyStochastic(TransitionMatrix w) {
        double asym = w.asymmetry();
        if (asym > TOLERANCE) {
            throw new InvalidArgumentException("weights " + w.name() + " are not symmetric (max |W_uv - W_vu| = " + asym
                    + "); Theorem 3 needs a symmetric doubly stochastic W, e.g. --weights metropolis");
        }
        double col = w.columnSumDefect();
        if (col > TOLERANCE) {
            throw new InvalidArgumentException("weights " + w.name() + " are not doubly stochastic (a column sums to 1 "
                    + (col > 0 ? "+/- " : "") + col + "); use --weights metropolis");
        }
        // W is symmetric here, so one search from node 0 decides irreducibility (no transposed copy).
        if (!reachesAllFromZero(w)) {
            throw new InvalidArgumentException("the graph is not connected (W is reducible): the PNDP accountant needs a connected graph");
        }
    }

    private static boolean reachesAllFromZero(TransitionMatrix w) {
        int n = w.n();
        boolean[] seen = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        seen[0] = true;
        queue[tail++] = 0;
        while (head < tail) {
            int x = queue[head++];
            for (int k = 0; k < w.rowLength(x); k++) {
                int y = w.column(x, k);
                if (!seen[y] && w.probability(x, k) > 0) {
                    seen[y] = true;
                    queue[tail++] = y;
                }
            }
        }
        return tail == n;
    }

    /** Returns f(W − J/n) by the chosen method (Cyffers et al., Thm. 3). */
    public static double[][] compute(TransitionMatrix w, SpectralFunction f, Method method) {
        return switch (method) {
            case EIGEN -> eigen(w, f);
            case CHEBYSHEV -> chebyshev(w, f, DEFAULT_CHEBYSHEV_TOLERANCE);
            case AUTO -> chooses(w) == Method.EIGEN ? eigen(w, f) : chebyshev(w, f, DEFAULT_CHEBYSHEV_TOLERANCE);
        };
    }

    /**
     * Returns the method AUTO picks: Chebyshev when 2·nnz·n·degree flops stay below a dense
     * eigendecomposition's cost, ~ 40 n³ flop-equivalents for EJML (measured: 6 s at n = 1000).
     */
    public static Method chooses(TransitionMatrix w) {
        if (w.n() <= 64) {
            return Method.EIGEN;
        }
        Interval iv = spectralInterval(w);
        int degree = chebyshevDegree(SpectralFunction.logResolvent(), iv, DEFAULT_CHEBYSHEV_TOLERANCE).length;
        double cheb = 2.0 * (w.nonZeros() + 3.0 * w.n()) * w.n() * degree;
        double eig = 40.0 * Math.pow(w.n(), 3);
        return cheb < eig ? Method.CHEBYSHEV : Method.EIGEN;
    }

    /**
     * Returns f(W − J/n) = Σ_i f(λ_i) φ_i φ_iᵀ from EJML's symmetric eigendecomposition of the
     * dense W − J/n (whose eigenvalue on 𝟙 is 0, and f(0) = 0 is assumed): the reference
     * computation of Cyffers et al.'s code ({@code logW}).
     */
    public static double[][] eigen(TransitionMatrix w, SpectralFunction f) {
        requireSymmetricDoublyStochastic(w);
        int n = w.n();
        DMatrixRMaj b = w.toDense();
        double inv = 1.0 / n;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double m = 0.5 * (b.get(i, j) + b.get(j, i)) - inv;
                b.set(i, j, m);
                b.set(j, i, m);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(b)) {
            throw new IllegalStateException("symmetric eigendecomposition failed for " + w.name());
        }
        b = null;
        // u[i][k] = φ_k(i): row i holds coordinate i of every eigenvector, so F_ij is a dot product of rows.
        double[][] u = new double[n][n];
        double[] fk = new double[n];
        for (int k = 0; k < n; k++) {
            double lambda = eig.getEigenvalue(k).real;
            // Eigenvalues of W − J/n lie in [−1, 1); rounding can push them by an ulp.
            fk[k] = f.apply(Math.max(-1, Math.min(lambda, Math.nextDown(1.0))));
            DMatrixRMaj v = eig.getEigenVector(k);
            for (int i = 0; i < n; i++) {
                u[i][k] = v.get(i, 0);
            }
        }
        double[][] out = new double[n][n];
        // Rows are interleaved across threads so the triangle's work is balanced.
        IntStream.range(0, n).parallel().forEach(r -> {
            int i = (r % 2 == 0) ? r / 2 : n - 1 - r / 2;
            double[] s = new double[n];
            double[] ui = u[i];
            for (int k = 0; k < n; k++) {
                s[k] = ui[k] * fk[k];
            }
            for (int j = i; j < n; j++) {
                double[] uj = u[j];
                double acc = 0;
                for (int k = 0; k < n; k++) {
                    acc += s[k] * uj[k];
                }
                out[i][j] = acc;
            }
        });
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                out[j][i] = out[i][j];
            }
        }
        return out;
    }

    /**
     * An interval containing the eigenvalues of W on 1⊥ (Lanczos Ritz values padded by their
     * residual bounds), where the Chebyshev expansion is built.
     *
     * @param lower         lower end, ≥ −1
     * @param upper         upper end, < 1
     * @param lanczosSteps  Lanczos iterations used
     * @param ritzMin       smallest Ritz value (an upper estimate of λ_min)
     * @param ritzMax       largest Ritz value (a lower estimate of λ_2)
     */
    public record Interval(double lower, double upper, int lanczosSteps, double ritzMin, double ritzMax) {
        public Interval {
            if (!(lower >= -1 - 1e-12 && lower < upper && upper < 1)) {
                throw new InvalidArgumentException("spectral interval [" + lower + ", " + upper + "] must lie in [-1, 1)");
            }
        }
    }

    /**
     * Returns an interval containing the spectrum of W on 1⊥: Lanczos with full
     * reorthogonalisation from a seeded start vector, each end padded by twice its Ritz residual
     * (Parlett, The Symmetric Eigenvalue Problem, Thm. 4.5.1) plus a safety margin.
     */
    public static Interval spectralInterval(TransitionMatrix w) {
        // Full reorthogonalisation keeps up to MAX_LANCZOS vectors of n doubles: beyond ~256 MB the
        // three-vector recurrence is used (its extreme Ritz values still converge, Paige 1980).
        return (long) w.n() * MAX_LANCZOS * 8L > LANCZOS_MEMORY ? spectralIntervalThreeTerm(w) : spectralIntervalFull(w);
    }

    /** Bytes of Lanczos basis above which {@link #spectralInterval} uses the three-term recurrence. */
    static long LANCZOS_MEMORY = Long.getLong("rwdp.lanczosMemory", 256L << 20);

    /** Returns {@link #spectralInterval} computed with full reorthogonalisation (O(n·steps) memory). */
    static Interval spectralIntervalFull(TransitionMatrix w) {
        int n = w.n();
        int m = Math.min(n - 1, MAX_LANCZOS);
        if (m < 1) {
            throw new InvalidArgumentException("need at least 2 nodes");
        }
        double[][] q = new double[m + 1][];
        double[] alpha = new double[m];
        double[] beta = new double[m];
        SplittableRandom rng = new SplittableRandom(0x5EEDL);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextGaussian();
        }
        project(v);
        scale(v, 1 / norm(v));
        q[0] = v;
        double[] z = new double[n];
        int steps = 0;
        double lastHi = Double.NaN;
        double lastLo = Double.NaN;
        double drift = 0;
        for (int k = 0; k < m; k++) {
            w.rightMultiply(q[k], z);
            alpha[k] = dot(z, q[k]);
            project(z);
            for (int pass = 0; pass < 2; pass++) {
                for (int j = 0; j <= k; j++) {
                    double c = dot(z, q[j]);
                    for (int i = 0; i < n; i++) {
                        z[i] -= c * q[j][i];
                    }
                }
                project(z);
            }
            steps = k + 1;
            double bk = norm(z);
            beta[k] = bk;
            if (bk < 1e-8) {
                // The Krylov space is invariant: its Ritz values are exact eigenvalues.
                drift = 0;
                break;
            }
            if (k == m - 1) {
                break;
            }
            // Extreme Ritz values move monotonically towards λ₂ and λ_min; stop once they have settled.
            if (steps >= 40 && steps % 10 == 0) {
                double hiNow = sturmExtreme(alpha, beta, steps, true);
                double loNow = sturmExtreme(alpha, beta, steps, false);
                if (!Double.isNaN(lastHi)) {
                    drift = Math.max(hiNow - lastHi, lastLo - loNow);
                    if (hiNow - lastHi <= 1e-10 * (1 - hiNow) && lastLo - loNow <= 1e-8) {
                        break;
                    }
                }
                lastHi = hiNow;
                lastLo = loNow;
            }
            q[k + 1] = z.clone();
            scale(q[k + 1], 1 / bk);
        }
        return ritzInterval(alpha, beta, steps, drift);
    }

    /** Returns the interval spanned by the Ritz values of the Lanczos tridiagonal, padded by residuals and drift. */
    private static Interval ritzInterval(double[] alpha, double[] beta, int steps, double drift) {
        DMatrixRMaj t = new DMatrixRMaj(steps, steps);
        for (int k = 0; k < steps; k++) {
            t.set(k, k, alpha[k]);
            if (k + 1 < steps) {
                t.set(k, k + 1, beta[k]);
                t.set(k + 1, k, beta[k]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(steps, true, true);
        if (!eig.decompose(t)) {
            throw new IllegalStateException("Lanczos tridiagonal eigendecomposition failed");
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double rLo = 0;
        double rHi = 0;
        for (int k = 0; k < steps; k++) {
            // W's spectrum lies in [−1, 1] and λ₂ < 1 for an irreducible chain: rounding must not say otherwise.
            double theta = Math.max(-1, Math.min(eig.getEigenvalue(k).real, 1 - 1e-9));
            double resid = Math.abs(beta[steps - 1] * eig.getEigenVector(k).get(steps - 1, 0));
            if (theta < lo) {
                lo = theta;
                rLo = resid;
            }
            if (theta > hi) {
                hi = theta;
                rHi = resid;
            }
        }
        // Pad by the residual bound and by the last observed drift of the extreme Ritz values.
        double lower = Math.max(-1, lo - 2 * rLo - 10 * drift - 1e-8);
        double upper = hi + 2 * rHi + 10 * drift + 1e-8 * (1 - hi);
        upper = Math.min(upper, 1 - 0.5 * (1 - hi));
        if (!(upper > lower)) {
            upper = lower + 1e-6;
        }
        return new Interval(lower, upper, steps, lo, hi);
    }

    /**
     * Returns {@link #spectralInterval} from the plain three-term Lanczos recurrence (memory: four
     * vectors), for graphs too large to keep the basis. Without reorthogonalisation copies of
     * converged Ritz values reappear, but the extreme ones still approach λ₂ and λ_min from inside
     * and their residual bounds stay valid to rounding (Paige 1980); the same padding applies.
     */
    static Interval spectralIntervalThreeTerm(TransitionMatrix w) {
        int n = w.n();
        int m = Math.min(n - 1, MAX_LANCZOS_THREE_TERM);
        if (m < 1) {
            throw new InvalidArgumentException("need at least 2 nodes");
        }
        double[] alpha = new double[m];
        double[] beta = new double[m];
        SplittableRandom rng = new SplittableRandom(0x5EEDL);
        double[] q = new double[n];
        for (int i = 0; i < n; i++) {
            q[i] = rng.nextGaussian();
        }
        project(q);
        scale(q, 1 / norm(q));
        double[] qPrev = new double[n];
        double[] z = new double[n];
        int steps = 0;
        double lastHi = Double.NaN;
        double lastLo = Double.NaN;
        double drift = 0;
        double bPrev = 0;
        for (int k = 0; k < m; k++) {
            w.rightMultiply(q, z);
            double a = dot(z, q);
            alpha[k] = a;
            for (int i = 0; i < n; i++) {
                z[i] -= a * q[i] + bPrev * qPrev[i];
            }
            project(z);
            // Local reorthogonalisation against the last two vectors only.
            double c = dot(z, q);
            double c2 = dot(z, qPrev);
            for (int i = 0; i < n; i++) {
                z[i] -= c * q[i] + c2 * qPrev[i];
            }
            alpha[k] += c;
            steps = k + 1;
            double bk = norm(z);
            beta[k] = bk;
            if (bk < 1e-8) {
                drift = 0;
                break;
            }
            if (k == m - 1) {
                break;
            }
            if (steps >= 40 && steps % 10 == 0) {
                double hiNow = sturmExtreme(alpha, beta, steps, true);
                double loNow = sturmExtreme(alpha, beta, steps, false);
                if (!Double.isNaN(lastHi)) {
                    drift = Math.max(hiNow - lastHi, lastLo - loNow);
                    // Large graphs have spectra dense up to their edges, where Ritz values creep in like 1/m²:
                    // stop once they move by less than 1e-7 per 10 steps and pad by the drift (ritzInterval).
                    if (hiNow - lastHi <= 1e-7 * (1 - hiNow) && lastLo - loNow <= 1e-7) {
                        break;
                    }
                }
                lastHi = hiNow;
                lastLo = loNow;
            }
            double[] t = qPrev;
            qPrev = q;
            q = t;
            for (int i = 0; i < n; i++) {
                q[i] = z[i] / bk;
            }
            bPrev = bk;
        }
        return ritzInterval(alpha, beta, steps, 2 * drift);
    }

    /** Upper limit on Lanczos steps for {@link #spectralInterval}. */
    static final int MAX_LANCZOS = 400;

    /** Upper limit on steps of the three-term recurrence (each costs one sparse product over a large graph). */
    static final int MAX_LANCZOS_THREE_TERM = 150;

    /** Returns the largest (or smallest) eigenvalue of the k×k tridiagonal (alpha, beta) by Sturm bisection. */
    private static double sturmExtreme(double[] alpha, double[] beta, int k, boolean largest) {
        double lo = -1.5;
        double hi = 1.5;
        for (int it = 0; it < 80; it++) {
            double mid = 0.5 * (lo + hi);
            // Count eigenvalues below mid with the LDLᵀ recurrence.
            int below = 0;
            double d = 1;
            for (int i = 0; i < k; i++) {
                double b2 = i == 0 ? 0 : beta[i - 1] * beta[i - 1];
                d = alpha[i] - mid - (i == 0 ? 0 : b2 / d);
                if (d == 0) {
                    d = -1e-300;
                }
                if (d < 0) {
                    below++;
                }
            }
            boolean go = largest ? below < k : below < 1;
            if (go) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    /**
     * Returns the Chebyshev coefficients c_0..c_K of f on [iv.lower, iv.upper] (c_0 already
     * halved), K the smallest degree whose dropped coefficients sum below tol·max|c|.
     */
    public static double[] chebyshevDegree(SpectralFunction f, Interval iv, double tol) {
        double a = iv.lower();
        double b = iv.upper();
        for (int nodes = 64; ; nodes *= 2) {
            double[] fx = new double[nodes];
            for (int j = 0; j < nodes; j++) {
                double y = Math.cos(Math.PI * (j + 0.5) / nodes);
                fx[j] = f.apply(0.5 * (b - a) * y + 0.5 * (a + b));
            }
            double[] c = new double[nodes];
            double max = 0;
            for (int k = 0; k < nodes; k++) {
                double s = 0;
                for (int j = 0; j < nodes; j++) {
                    s += fx[j] * Math.cos(Math.PI * k * (j + 0.5) / nodes);
                }
                c[k] = 2 * s / nodes;
                max = Math.max(max, Math.abs(c[k]));
            }
            c[0] /= 2;
            // K is the last coefficient above tol·max: the DCT's rounding floor (~1e-16·max·√nodes) stays below
            // it, and with geometric decay the dropped tail is a small multiple of tol·max.
            int k = nodes - 1;
            double floor = Math.max(tol, 4e-16 * Math.sqrt(nodes));
            while (k > 0 && Math.abs(c[k]) <= floor * max) {
                k--;
            }
            if (k < nodes / 2 || nodes >= 1 << 15) {
                if (k >= nodes / 2) {
                    throw new IllegalStateException("Chebyshev expansion of " + f.name() + " on [" + a + ", " + b
                            + "] needs more than " + nodes + " terms; use the eigen solver");
                }
                return Arrays.copyOf(c, k + 1);
            }
        }
    }

    /**
     * Returns f(W − J/n) by a Chebyshev expansion of f on the spectral interval of W on 1⊥,
     * applied to the sparse W (three-term recurrence, projected on 1⊥ at every step so the
     * stationary direction, where the mapped polynomial grows, never enters), {@value #BLOCK}
     * columns at a time in parallel; accurate to about {@code tol} relative to max|f|.
     */
    public static double[][] chebyshev(TransitionMatrix w, SpectralFunction f, double tol) {
        PairwiseRows op = PairwiseRows.prepare(w, f, tol);
        int n = w.n();
        double[][] out = new double[n][];
        int blocks = (n + BLOCK - 1) / BLOCK;
        IntStream.range(0, blocks).parallel().forEach(blk -> {
            int j0 = blk * BLOCK;
            int[] src = IntStream.range(j0, Math.min(n, j0 + BLOCK)).toArray();
            double[][] r = op.rows(src);
            System.arraycopy(r, 0, out, j0, r.length);
        });
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double m = 0.5 * (out[i][j] + out[j][i]);
                out[i][j] = m;
                out[j][i] = m;
            }
        }
        return out;
    }

    /**
     * dst = mult·(s1 W x − s0 x) − older (older may be dst; null means 0), then projected on
     * 1⊥ column by column, and y += ck·dst.
     */
    static void step(int[] rowStart, int[] cols, double[] vals, double[][] x, double[][] older, double[][] dst,
                             int n, double s1, double s0, double mult, double[] mean, double[] acc, double ck, double[][] y) {
        int bs = mean.length;
        Arrays.fill(mean, 0);
        double ms1 = mult * s1;
        double ms0 = mult * s0;
        for (int i = 0; i < n; i++) {
            Arrays.fill(acc, 0);
            int p = rowStart[i];
            int end = rowStart[i + 1];
            // Several neighbours per pass cut the loads and stores of acc.
            for (; p + 3 < end; p += 4) {
                double v1 = vals[p];
                double v2 = vals[p + 1];
                double v3 = vals[p + 2];
                double v4 = vals[p + 3];
                double[] x1 = x[cols[p]];
                double[] x2 = x[cols[p + 1]];
                double[] x3 = x[cols[p + 2]];
                double[] x4 = x[cols[p + 3]];
                for (int c = 0; c < bs; c++) {
                    acc[c] += (v1 * x1[c] + v2 * x2[c]) + (v3 * x3[c] + v4 * x4[c]);
                }
            }
            for (; p + 1 < end; p += 2) {
                double v1 = vals[p];
                double v2 = vals[p + 1];
                double[] x1 = x[cols[p]];
                double[] x2 = x[cols[p + 1]];
                for (int c = 0; c < bs; c++) {
                    acc[c] += v1 * x1[c] + v2 * x2[c];
                }
            }
            if (p < end) {
                double v = vals[p];
                double[] xr = x[cols[p]];
                for (int c = 0; c < bs; c++) {
                    acc[c] += v * xr[c];
                }
            }
            double[] xi = x[i];
            double[] di = dst[i];
            if (older == null) {
                for (int c = 0; c < bs; c++) {
                    double r = ms1 * acc[c] - ms0 * xi[c];
                    di[c] = r;
                    mean[c] += r;
                }
            } else {
                double[] oi = older[i];
                for (int c = 0; c < bs; c++) {
                    double r = ms1 * acc[c] - ms0 * xi[c] - oi[c];
                    di[c] = r;
                    mean[c] += r;
                }
            }
        }
        for (int c = 0; c < bs; c++) {
            mean[c] /= n;
        }
        for (int i = 0; i < n; i++) {
            double[] di = dst[i];
            double[] yi = y[i];
            for (int c = 0; c < bs; c++) {
                double d = di[c] - mean[c];
                di[c] = d;
                yi[c] += ck * d;
            }
        }
    }

    static void project(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        s /= v.length;
        for (int i = 0; i < v.length; i++) {
            v[i] -= s;
        }
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    private static void scale(double[] a, double s) {
        for (int i = 0; i < a.length; i++) {
            a[i] *= s;
        }
    }
}
