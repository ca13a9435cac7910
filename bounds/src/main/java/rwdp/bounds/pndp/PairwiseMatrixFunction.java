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
        /** Chebyshev expansion with W's top eigenpairs deflated (exactly, by a rank-k correction). */
        DEFLATED,
        /** The cheapest of the three by the cost model, said in {@link Choice#name()}. */
        AUTO;

        /** Returns the method named {@code s} (eigen, chebyshev, deflated or auto). */
        public static Method parse(String s) {
            try {
                return valueOf(s.strip().toUpperCase(Locale.ROOT));
            } catch (IllegalArgumentException e) {
                throw new InvalidArgumentException("unknown solver '" + s + "'; expected eigen, chebyshev, deflated or auto");
            }
        }
    }

    /**
     * The solver picked for one matrix and, for the Chebyshev paths, the operator it built (so the spectral
     * interval, the degree and the deflation are computed once).
     *
     * @param method   EIGEN, CHEBYSHEV or DEFLATED (never AUTO)
     * @param operator the row operator (null for EIGEN)
     */
    public record Choice(Method method, PairwiseRows operator) {
        /** Returns the solver's name for reports: eigen, chebyshev or deflated. */
        public String name() {
            return operator == null ? "eigen" : operator.solver();
        }

        /** Returns the Chebyshev degree (−1 for eigen). */
        public int degree() {
            return operator == null ? -1 : operator.degree();
        }
    }

    /**
     * Returns the solver for f(W − J/n) and its prepared operator: AUTO takes eigen up to 64 nodes, else the
     * Chebyshev expansion, deflated when that pays for n columns, unless 2·(nnz + 3n)·n·degree flops exceed a dense
     * eigendecomposition's ~40 n³ (EJML, measured: 6 s at n = 1000) or the expansion is out of reach (gap too small,
     * spectrum not settled), when eigen is taken if it fits in memory.
     */
    public static Choice choose(TransitionMatrix w, SpectralFunction f, Method method) {
        return switch (method) {
            case EIGEN -> new Choice(Method.EIGEN, null);
            case CHEBYSHEV -> new Choice(Method.CHEBYSHEV, PairwiseRows.prepare(w, f, DEFAULT_CHEBYSHEV_TOLERANCE));
            case DEFLATED -> {
                PairwiseRows op = PairwiseRows.prepare(w, f, DEFAULT_CHEBYSHEV_TOLERANCE, PairwiseRows.Deflation.ALWAYS, w.n());
                yield new Choice(op.deflated() > 0 ? Method.DEFLATED : Method.CHEBYSHEV, op);
            }
            case AUTO -> {
                if (w.n() <= 64) {
                    yield new Choice(Method.EIGEN, null);
                }
                requireSymmetricDoublyStochastic(w);
                PairwiseRows op;
                try {
                    op = PairwiseRows.prepare(w, f, DEFAULT_CHEBYSHEV_TOLERANCE, PairwiseRows.Deflation.AUTO, w.n());
                } catch (SpectrumOutOfReachException outOfReach) {
                    // Gap too small or spectrum not settled, and deflation did not rescue it: the dense
                    // eigendecomposition is exact whatever the gap, when its three n×n matrices fit.
                    if (3.0 * 8 * w.n() * (double) w.n() > 0.8 * Runtime.getRuntime().maxMemory()) {
                        throw outOfReach;
                    }
                    yield new Choice(Method.EIGEN, null);
                }
                double cheb = 2.0 * (op.nonZeros() + 3.0 * w.n()) * w.n() * op.degree() + 2.0 * w.n() * w.n() * op.deflated();
                double eig = 40.0 * Math.pow(w.n(), 3);
                yield cheb < eig ? new Choice(op.deflated() > 0 ? Method.DEFLATED : Method.CHEBYSHEV, op)
                        : new Choice(Method.EIGEN, null);
            }
        };
    }

    /** Returns f(W − J/n) by the chosen solver (Cyffers et al., Thm. 3). */
    public static double[][] compute(TransitionMatrix w, SpectralFunction f, Choice choice) {
        return choice.operator() == null ? eigen(w, f) : matrix(choice.operator());
    }

    /** Returns f(W − J/n) by the chosen method (Cyffers et al., Thm. 3). */
    public static double[][] compute(TransitionMatrix w, SpectralFunction f, Method method) {
        return compute(w, f, choose(w, f, method));
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
        public Interval {
            if (!(lower >= -1 - 1e-12 && lower < upper && upper < 1)) {
                throw new InvalidArgumentException("spectral interval [" + lower + ", " + upper + "] must lie in [-1, 1)");
            }
            if (ritz.length != weight.length) {
                throw new InvalidArgumentException("Ritz values and weights differ in length");
            }
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
     * stationary direction, where the mapped polynomial grows, never enters), {@value #BLOCK}
     * columns at a time in parallel; accurate to about {@code tol} relative to max|f|.
     */
    public static double[][] chebyshev(TransitionMatrix w, SpectralFunction f, double tol) {
        return matrix(PairwiseRows.prepare(w, f, tol));
    }

    /**
     * Returns f(W − J/n) by the Chebyshev expansion with W's top eigenpairs deflated whenever that is accurate to
     * about {@code tol} (else the plain expansion): the degree then follows the rest of the spectrum.
     */
    public static double[][] deflated(TransitionMatrix w, SpectralFunction f, double tol) {
        return matrix(PairwiseRows.prepare(w, f, tol, PairwiseRows.Deflation.ALWAYS, w.n()));
    }

    /** Returns the n×n matrix of the operator, {@value #BLOCK} columns at a time in parallel, symmetrised. */
    static double[][] matrix(PairwiseRows op) {
        int n = op.n();
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
