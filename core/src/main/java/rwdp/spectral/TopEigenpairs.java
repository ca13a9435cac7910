package rwdp.spectral;

import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;

/**
 * The largest eigenpairs of a symmetric doubly stochastic W restricted to 1⊥, by Chebyshev-filtered subspace
 * iteration (Zhou, Saad, Tiago &amp; Chelikowsky, J. Comput. Phys. 219 (2006) 172–184, Alg. 4.1): a block of s
 * vectors is multiplied by the Chebyshev polynomial that damps [lower, cut] and grows above it, re-orthonormalised,
 * and Rayleigh–Ritz'd on W. A block handles repeated eigenvalues (grids, tori) that single-vector Lanczos misses.
 *
 * <p>The PNDP matrix path deflates these pairs (Cyffers et al., Thm. 3, App. B): f(W − J/n) = p(W − J/n) +
 * Σ_i (f(θ_i) − p(θ_i)) φ_i φ_iᵀ with p fitted on the rest of the spectrum only, whose top is much further from
 * f's singularity at 1, so the Chebyshev degree drops (479 → 60 on grid:45,45).
 */
final class TopEigenpairs {
    private TopEigenpairs() {}

    /**
     * Ritz pairs of W on 1⊥, largest first.
     *
     * @param theta      Ritz values θ_1 ≥ … ≥ θ_s
     * @param vectors    unit Ritz vectors, vectors[i] ⊥ 𝟙, as an n×s array (row v holds φ_1(v) … φ_s(v))
     * @param residual   ‖Wφ_i − θ_iφ_i‖ computed explicitly
     * @param converged  how many leading pairs have residual ≤ the tolerance (a contiguous run from the top)
     * @param iterations filter iterations used
     * @param products   sparse block products used (each is s sparse matrix–vector products)
     */
    record Pairs(double[] theta, double[][] vectors, double[] residual, int converged, int iterations, int products) {}

    /** Growth a filter may give the top of the spectrum over its damped part: it caps the degree, so the filtered block
     *  stays well conditioned for Gram–Schmidt. */
    private static final double MAX_GROWTH = 1e8;

    /**
     * Returns the top Ritz pairs of the CSR operator (symmetric, W𝟙 = 𝟙) on 1⊥ from a block of {@code s} vectors,
     * iterating until 2s/3 leading pairs have residual ≤ {@code tol} or {@code maxIterations} filters; {@code lower}
     * must lie at or below the smallest eigenvalue on 1⊥ (the filter's damped interval starts there);
     * {@code firstCut}, an estimate of the s-th eigenvalue (NaN if none), sets the first filter's damped interval.
     */
    static Pairs compute(SymmetricCsr w, double lower, double firstCut, int s, double tol, int maxIterations) {
        int n = w.n();
        int[] rowStart = w.rowStart();
        int[] cols = w.cols();
        double[] vals = w.vals();
        // Fixed seed: like the Lanczos start vector, the deflation is a property of W, not of the run.
        SplittableRandom rng = new SplittableRandom(0xDEF1A7EL);
        double[][] q = new double[s][n];
        for (double[] col : q) {
            for (int i = 0; i < n; i++) {
                col[i] = rng.nextGaussian();
            }
        }
        orthonormalise(q, rng);
        Ritz ritz = rayleighRitz(n, rowStart, cols, vals, q);
        int products = 1;
        int target = Math.max(1, (2 * s) / 3);
        int it = 0;
        int conv = ritz.converged(tol);
        while (conv < target && it < maxIterations) {
            it++;
            double top = Math.max(ritz.theta[0], ritz.theta[s - 1]);
            // Damp [lower, cut] with cut the block's smallest Ritz value, kept away from lower while the block is random.
            double cut = Math.max(ritz.theta[s - 1], lower + 0.25 * (top - lower));
            if (it == 1 && firstCut > cut && firstCut < top) {
                cut = firstCut;
            }
            cut = Math.min(cut, 1 - 1e-6);
            double s1 = 2 / (cut - lower);
            double s0 = (cut + lower) / (cut - lower);
            double x1 = s1 - s0;
            double rho = x1 + Math.sqrt(x1 * x1 - 1);
            int degree = (int) Math.max(4, Math.min(40, Math.log(MAX_GROWTH) / Math.log(rho)));
            filter(n, rowStart, cols, vals, ritz.x, s1, s0, degree, q);
            products += degree + 1;
            orthonormalise(q, rng);
            ritz = rayleighRitz(n, rowStart, cols, vals, q);
            conv = ritz.converged(tol);
        }
        return new Pairs(ritz.theta, ritz.x, ritz.residual, conv, it, products);
    }

    /** Column slices filtered independently (a fixed count: the result does not depend on the thread count). */
    private static final int SLICE = 16;

    /** Row chunks of the Rayleigh–Ritz sums, merged in a fixed order (same numbers for any thread count). */
    private static final int CHUNKS = 8;

    /**
     * Writes T_degree(s1 W − s0) X, projected on 1⊥, into the columns of {@code out} (s×n); X (n×s) is consumed.
     * Columns evolve independently, so slices of {@value #SLICE} run in parallel through the block kernel.
     */
    private static void filter(int n, int[] rowStart, int[] cols, double[] vals, double[][] x, double s1, double s0,
                               int degree, double[][] out) {
        int s = out.length;
        int slices = (s + SLICE - 1) / SLICE;
        IntStream.range(0, slices).parallel().forEach(sl -> {
            int c0 = sl * SLICE;
            int w = Math.min(SLICE, s - c0);
            double[][] prev = new double[n][w];
            double[][] cur = new double[n][w];
            for (int i = 0; i < n; i++) {
                System.arraycopy(x[i], c0, prev[i], 0, w);
            }
            double[] mean = new double[w];
            double[][] acc = ChebyshevExpansion.accumulators(n, w);
            ChebyshevExpansion.step(rowStart, cols, vals, prev, null, cur, n, s1, s0, 1, mean, acc, 0, null);
            for (int k = 2; k <= degree; k++) {
                ChebyshevExpansion.step(rowStart, cols, vals, cur, prev, prev, n, s1, s0, 2, mean, acc, 0, null);
                double[][] t = prev;
                prev = cur;
                cur = t;
            }
            for (int c = 0; c < w; c++) {
                double[] o = out[c0 + c];
                for (int i = 0; i < n; i++) {
                    o[i] = cur[i][c];
                }
            }
        });
    }

    /** Writes W·Q (Q given by its columns q, s×n), projected on 1⊥, into z (n×s), slices in parallel. */
    private static void multiply(int n, int[] rowStart, int[] cols, double[] vals, double[][] q, double[][] z) {
        int s = q.length;
        int slices = (s + SLICE - 1) / SLICE;
        IntStream.range(0, slices).parallel().forEach(sl -> {
            int c0 = sl * SLICE;
            int w = Math.min(SLICE, s - c0);
            double[][] in = new double[n][w];
            double[][] res = new double[n][w];
            for (int c = 0; c < w; c++) {
                double[] col = q[c0 + c];
                for (int i = 0; i < n; i++) {
                    in[i][c] = col[i];
                }
            }
            ChebyshevExpansion.step(rowStart, cols, vals, in, null, res, n, 1, 0, 1, new double[w], ChebyshevExpansion.accumulators(n, w), 0, null);
            for (int i = 0; i < n; i++) {
                System.arraycopy(res[i], 0, z[i], c0, w);
            }
        });
    }

    /** The result of one Rayleigh–Ritz step. */
    private static final class Ritz {
        double[] theta;
        double[][] x;
        double[] residual;

        int converged(double tol) {
            int c = 0;
            while (c < residual.length && residual[c] <= tol) {
                c++;
            }
            return c;
        }
    }

    /**
     * Rayleigh–Ritz of W on the orthonormal columns q (s×n, ⊥ 𝟙): H = QᵀWQ, its eigenpairs (largest first), the
     * Ritz vectors X = QV (n×s) and their explicit residuals.
     */
    private static Ritz rayleighRitz(int n, int[] rowStart, int[] cols, double[] vals, double[][] q) {
        int s = q.length;
        double[][] xOut = new double[n][s];
        double[][] z = new double[n][s];
        double[][] qRows = new double[n][s];
        transposeBack(q, qRows);
        multiply(n, rowStart, cols, vals, q, z);
        double[][][] parts = new double[CHUNKS][][];
        IntStream.range(0, CHUNKS).parallel().forEach(ch -> {
            double[][] h = new double[s][s];
            for (int i = ch * n / CHUNKS, end = (ch + 1) * n / CHUNKS; i < end; i++) {
                double[] qi = qRows[i];
                double[] zi = z[i];
                for (int a = 0; a < s; a++) {
                    double qa = qi[a];
                    double[] ha = h[a];
                    for (int b = 0; b < s; b++) {
                        ha[b] += qa * zi[b];
                    }
                }
            }
            parts[ch] = h;
        });
        double[][] h = parts[0];
        for (int ch = 1; ch < CHUNKS; ch++) {
            for (int a = 0; a < s; a++) {
                for (int b = 0; b < s; b++) {
                    h[a][b] += parts[ch][a][b];
                }
            }
        }
        DMatrixRMaj hm = new DMatrixRMaj(s, s);
        for (int a = 0; a < s; a++) {
            for (int b = 0; b < s; b++) {
                hm.set(a, b, 0.5 * (h[a][b] + h[b][a]));
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(s, true, true);
        if (!eig.decompose(hm)) {
            throw new IllegalStateException("Rayleigh-Ritz eigendecomposition failed");
        }
        Integer[] order = new Integer[s];
        double[] ev = new double[s];
        for (int a = 0; a < s; a++) {
            order[a] = a;
            ev[a] = eig.getEigenvalue(a).real;
        }
        Arrays.sort(order, (a, b) -> Double.compare(ev[b], ev[a]));
        double[] theta = new double[s];
        double[][] v = new double[s][s];
        for (int c = 0; c < s; c++) {
            theta[c] = ev[order[c]];
            DMatrixRMaj vec = eig.getEigenVector(order[c]);
            for (int a = 0; a < s; a++) {
                v[a][c] = vec.get(a, 0);
            }
        }
        double[][] res2Parts = new double[CHUNKS][s];
        IntStream.range(0, CHUNKS).parallel().forEach(ch -> {
            double[] wx = new double[s];
            double[] r2 = res2Parts[ch];
            for (int i = ch * n / CHUNKS, end = (ch + 1) * n / CHUNKS; i < end; i++) {
                double[] qi = qRows[i];
                double[] zi = z[i];
                double[] xi = xOut[i];
                Arrays.fill(wx, 0);
                for (int a = 0; a < s; a++) {
                    double qa = qi[a];
                    double za = zi[a];
                    double[] va = v[a];
                    for (int c = 0; c < s; c++) {
                        xi[c] += qa * va[c];
                        wx[c] += za * va[c];
                    }
                }
                for (int c = 0; c < s; c++) {
                    double r = wx[c] - theta[c] * xi[c];
                    r2[c] += r * r;
                }
            }
        });
        double[] res2 = new double[s];
        for (double[] r2 : res2Parts) {
            for (int c = 0; c < s; c++) {
                res2[c] += r2[c];
            }
        }
        Ritz out = new Ritz();
        out.theta = theta;
        out.x = xOut;
        out.residual = new double[s];
        for (int c = 0; c < s; c++) {
            out.residual[c] = Math.sqrt(res2[c]);
        }
        return out;
    }

    /**
     * Classical Gram–Schmidt twice on the columns q[j] (each also projected on 1⊥); a column that loses all but
     * 1e-10 of its norm is replaced by a fresh random one, so the result is always an orthonormal basis of s vectors.
     */
    static void orthonormalise(double[][] q, SplittableRandom rng) {
        int n = q[0].length;
        for (int j = 0; j < q.length; j++) {
            double[] v = q[j];
            for (int attempt = 0; ; attempt++) {
                MatrixFunctions.project(v);
                double before = norm(v);
                for (int pass = 0; pass < 2; pass++) {
                    for (int i = 0; i < j; i++) {
                        double c = dot(q[i], v);
                        double[] qi = q[i];
                        for (int t = 0; t < n; t++) {
                            v[t] -= c * qi[t];
                        }
                    }
                    MatrixFunctions.project(v);
                }
                double after = norm(v);
                if (after > 1e-10 * before && after > 0) {
                    double inv = 1 / after;
                    for (int t = 0; t < n; t++) {
                        v[t] *= inv;
                    }
                    break;
                }
                if (attempt > 3) {
                    throw new IllegalStateException("cannot extend an orthonormal basis of " + j + " vectors in 1-perp of R^" + n);
                }
                for (int t = 0; t < n; t++) {
                    v[t] = rng.nextGaussian();
                }
            }
        }
    }

    private static double dot(double[] a, double[] b) {
        double s0 = 0;
        double s1 = 0;
        int i = 0;
        for (; i + 1 < a.length; i += 2) {
            s0 += a[i] * b[i];
            s1 += a[i + 1] * b[i + 1];
        }
        if (i < a.length) {
            s0 += a[i] * b[i];
        }
        return s0 + s1;
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    /** cols (s×n) → rows (n×s). */
    private static void transposeBack(double[][] colsIn, double[][] rows) {
        int n = rows.length;
        int s = colsIn.length;
        for (int c = 0; c < s; c++) {
            double[] col = colsIn[c];
            for (int i = 0; i < n; i++) {
                rows[i][c] = col[i];
            }
        }
    }

    private static void copy(double[][] from, double[][] to) {
        for (int i = 0; i < from.length; i++) {
            System.arraycopy(from[i], 0, to[i], 0, from[i].length);
        }
    }
}
