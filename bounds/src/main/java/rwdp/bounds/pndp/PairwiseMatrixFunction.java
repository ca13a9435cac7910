package rwdp.bounds.pndp;

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

    /**
     * Columns of the matrix computed per task of {@link #matrix}: one pass over W serves the whole block. Each column's
     * arithmetic is its own, so the block changes no result; 64 rather than 32 made the n = 2048 matrices 10-18% faster
     * warm (ER, 45x45 grid, random geometric; 128 gained little more and nothing in a cold run).
     */
    static final int COLUMN_BLOCK = 64;

    /**
     * Returns f(W − J/n) by {@code solver}, AUTO decided by {@link PndpPlan#of} (Cyffers et al., Thm. 3).
     *
     * @throws InvalidArgumentException when W is not symmetric doubly stochastic on a connected graph or the matrix does
     *                                  not fit in memory
     * @throws SpectrumOutOfReachException when the solver cannot reach the spectrum
     */
    public static double[][] compute(TransitionMatrix w, SpectralFunction f, Solver solver) {
        return compute(w, f, PndpPlan.of(w, f, solver, PndpPlan.Request.matrix()));
    }

    /**
     * Returns f(W − J/n) by a plan made for this W and f (Cyffers et al., Thm. 3).
     *
     * @throws InvalidArgumentException when the plan is not for the matrix
     */
    public static double[][] compute(TransitionMatrix w, SpectralFunction f, PndpPlan plan) {
        if (plan.request().kind() != PndpPlan.Request.Kind.MATRIX) {
            throw new InvalidArgumentException("the plan answers " + plan.request().kind() + ", not the matrix");
        }
        return plan.operator() == null ? eigen(w, f) : matrix(plan.operator(), COLUMN_BLOCK);
    }

    /**
     * Throws InvalidArgumentException unless W is irreducible, symmetric and doubly stochastic
     * (Cyffers et al., Assumption 2), with a message naming the broken property.
     */
    public static void requireSymmetricDoublyStochastic(TransitionMatrix w) {
        DoublyStochasticCheck.requireSymmetricDoublyStochastic(w);
    }

    /**
     * An interval containing the eigenvalues of W on 1⊥ (Lanczos Ritz values padded by their
     * residual bounds), where the Chebyshev expansion is built, with the Lanczos quadrature of the
     * spectral density it came with.
     *
     * @param lower         lower end, ≥ −1
     * @param upper         upper end, < 1
     * @param lanczosSteps  Lanczos iterations used
     * @param ritzMin       smallest Ritz value (an upper estimate of λ_min)
     * @param ritzMax       largest Ritz value (a lower estimate of λ_2)
     * @param ritz          the Ritz values, decreasing (may be empty)
     * @param weight        their Gauss quadrature weights τ_j² (the start vector's spectral measure; sum 1)
     * @param settled       whether the extreme Ritz values settled (or were exact) before the step limit: if not,
     *                      eigenvalues may lie outside [lower, upper] and the plain expansion cannot be trusted
     */
    public record Interval(double lower, double upper, int lanczosSteps, double ritzMin, double ritzMax, double[] ritz,
                           double[] weight, boolean settled) implements java.io.Serializable {
        /**
         * Checks the interval and its Ritz data.
         *
         * @throws InvalidArgumentException unless -1 &lt;= lower &lt; upper &lt; 1, or when ritz and weight differ in
         *     length
         */
        public Interval {
            if (!(lower >= -1 - 1e-12 && lower < upper && upper < 1)) {
                throw new InvalidArgumentException("spectral interval [" + lower + ", " + upper + "] must lie in [-1, 1)");
            }
            if (ritz.length != weight.length) {
                throw new InvalidArgumentException("Ritz values and weights differ in length");
            }
            // Copies: a record is immutable only if nobody else holds its arrays.
            ritz = ritz.clone();
            weight = weight.clone();
        }

        /** Returns a copy of the Ritz values, decreasing. */
        @Override
        public double[] ritz() {
            return ritz.clone();
        }

        /** Returns a copy of the Gauss quadrature weights of the Ritz values. */
        @Override
        public double[] weight() {
            return weight.clone();
        }

        /** Returns the interval [newLower, newUpper], known to contain the spectrum in question (the quadrature kept). */
        public Interval with(double newLower, double newUpper, double newRitzMax) {
            return new Interval(newLower, newUpper, lanczosSteps, ritzMin, newRitzMax, ritz, weight, true);
        }

        /**
         * Returns the Ritz value above which about {@code count} of the {@code dimension} eigenvalues lie, by the
         * Lanczos quadrature (Golub &amp; Meurant, Matrices, Moments and Quadrature, 2010, §6.2): a rough estimate,
         * good for a cost model, never for a bound; {@code lower} when the quadrature has too little mass.
         */
        public double levelWithCount(double count, int dimension) {
            double mass = 0;
            for (int j = 0; j < ritz.length; j++) {
                mass += weight[j] * dimension;
                if (mass >= count) {
                    return ritz[j];
                }
            }
            return lower;
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
     * stationary direction, where the mapped polynomial grows, never enters), {@value #COLUMN_BLOCK}
     * columns at a time in parallel; accurate to about {@code tol} relative to max|f|.
     */
    public static double[][] chebyshev(TransitionMatrix w, SpectralFunction f, double tol) {
        return matrix(PairwiseRows.prepare(w, f, tol), COLUMN_BLOCK);
    }

    /**
     * Returns f(W − J/n) by the Chebyshev expansion with W's top eigenpairs deflated whenever that is accurate to
     * about {@code tol} (else the plain expansion): the degree then follows the rest of the spectrum.
     */
    public static double[][] deflated(TransitionMatrix w, SpectralFunction f, double tol) {
        return matrix(PairwiseRows.prepare(w, f, tol, PairwiseRows.Deflation.ALWAYS, w.n()), COLUMN_BLOCK);
    }

    /** Returns the n×n matrix of the operator, {@code block} columns at a time in parallel, symmetrised. */
    static double[][] matrix(PairwiseRows op, int block) {
        if (block < 1) {
            throw new InvalidArgumentException("block must be >= 1, got " + block);
        }
        int n = op.n();
        double[][] out = new double[n][];
        int blocks = (n + block - 1) / block;
        IntStream.range(0, blocks).parallel().forEach(blk -> {
            int j0 = blk * block;
            int[] src = IntStream.range(j0, Math.min(n, j0 + block)).toArray();
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
