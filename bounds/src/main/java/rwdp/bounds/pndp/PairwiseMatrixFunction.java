package rwdp.bounds.pndp;

import java.util.Locale;
import java.util.stream.IntStream;
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
     * Throws InvalidArgumentException unless W is irreducible, symmetric and doubly stochastic
     * (Cyffers et al., Assumption 2), with a message naming the broken property.
     */
    public static void requireSymmetricDoublyStochastic(TransitionMatrix w) {
        DoublyStochasticCheck.requireSymmetricDoublyStochastic(w);
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

    /** Returns f(W − J/n) from the dense symmetric eigendecomposition of W − J/n (Cyffers et al.'s {@code logW}). */
    public static double[][] eigen(TransitionMatrix w, SpectralFunction f) {
        return DenseSpectralFunction.eigen(w, f);
    }

    /** Returns an interval containing the spectrum of W on 1⊥ from Lanczos Ritz values padded by their residuals. */
    public static Interval spectralInterval(TransitionMatrix w) {
        return LanczosInterval.spectralInterval(w);
    }

    /** Returns the Chebyshev coefficients c_0..c_K of f on the interval (c_0 halved), K the degree reaching {@code tol}. */
    public static double[] chebyshevDegree(SpectralFunction f, Interval iv, double tol) {
        return ChebyshevExpansion.chebyshevDegree(f, iv, tol);
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

    /** Subtracts the mean of v from every entry: the projection on 1⊥, where f(W − J/n) acts. */
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
}
