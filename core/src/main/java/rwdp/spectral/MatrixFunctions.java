package rwdp.spectral;

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
public final class MatrixFunctions {
    private MatrixFunctions() {}

    /** Symmetry and stochasticity must hold to this absolute tolerance. */
    public static final double TOLERANCE = 1e-12;

    /** Default relative accuracy of the Chebyshev expansion. */
    public static final double DEFAULT_CHEBYSHEV_TOLERANCE = 1e-13;

    /**
     * Columns of the matrix computed per task of {@link #matrix}: one pass over W serves the whole block. Each column's
     * arithmetic is its own, so the block changes no result; 64 rather than 32 made the n = 2048 matrices 10-18% faster
     * warm (ER, 45x45 grid, random geometric; 128 gained little more and nothing in a cold run).
     */
    public static final int COLUMN_BLOCK = 64;

    /** Share of the heap one n×n computation may take; the rest holds the graph, W and the JVM's own. */
    public static final double HEAP_SHARE = 0.8;

    /**
     * Returns the bytes the n×n matrix of f(W − J/n) needs by {@code solver}: the matrix, three times that for eigen
     * (dense W, eigenvectors, result); AUTO counts the smaller, since it may take the expansion.
     */
    public static long matrixBytes(int n, Solver solver) {
        long m = (long) n * n * 8L + 16L * n;
        return solver == Solver.EIGEN ? 3 * m : m;
    }

    /** Returns whether the n×n matrix by {@code solver} fits in {@value #HEAP_SHARE} of the JVM's heap. */
    public static boolean matrixFits(int n, Solver solver) {
        return matrixBytes(n, solver) <= HEAP_SHARE * Runtime.getRuntime().maxMemory();
    }

    /**
     * Throws InvalidArgumentException unless W is irreducible, symmetric and doubly stochastic
     * (Cyffers et al., Assumption 2), with a message naming the broken property.
     */
    public static void requireSymmetricDoublyStochastic(TransitionMatrix w) {
        DoublyStochasticCheck.requireSymmetricDoublyStochastic(w);
    }

    /**
     * Returns the operator v ↦ f(W − J/n)v for a symmetric doubly stochastic W on a connected
     * graph (Cyffers et al., Assumption 2), accurate to about {@code tol} relative to max|f| on
     * the spectrum.
     *
     * @throws InvalidArgumentException when W is not symmetric doubly stochastic on a connected graph, has fewer than 2
     *     nodes, or tol is not in (0, 1)
     * @throws SpectrumOutOfReachException when the plain expansion cannot reach the spectrum
     */
    public static MatrixFunctionOperator operator(TransitionMatrix w, SpectralFunction f, double tol) {
        check(w, tol);
        return onInterval(w, f, tol, spectralInterval(w));
    }

    /**
     * Returns the operator of {@link #operator(TransitionMatrix, SpectralFunction, double)} built on the interval {@code iv}
     * (from {@link #spectralInterval} of the same W: a caller that looked at it first need not run Lanczos twice).
     *
     * @throws InvalidArgumentException as {@link #operator(TransitionMatrix, SpectralFunction, double)}
     * @throws SpectrumOutOfReachException when the plain expansion cannot reach the spectrum
     */
    public static MatrixFunctionOperator operator(TransitionMatrix w, SpectralFunction f, double tol, SpectralInterval iv) {
        check(w, tol);
        return onInterval(w, f, tol, iv);
    }

    private static MatrixFunctionOperator onInterval(TransitionMatrix w, SpectralFunction f, double tol, SpectralInterval iv) {
        MatrixFunctionOperator op = new MatrixFunctionOperator(w, iv, chebyshevDegree(f, iv, tol));
        if (!op.trusted()) {
            throw new SpectrumOutOfReachException(unsettled(iv) + "; ", rwdp.check.Remedy.DEFLATED_OR_EIGEN);
        }
        return op;
    }

    private static String unsettled(SpectralInterval iv) {
        return String.format(java.util.Locale.ROOT, "the top of W's spectrum did not settle in %d Lanczos steps "
                + "(largest Ritz value %.9f, still moving) and a filter of twice the expansion's degree grew beyond its "
                + "interval: the walk mixes too slowly for the plain Chebyshev expansion, whose interval must contain "
                + "every eigenvalue it feels", iv.lanczosSteps(), iv.ritzMax());
    }

    private static void check(TransitionMatrix w, double tol) {
        requireSymmetricDoublyStochastic(w);
        if (w.n() < 2) {
            throw new InvalidArgumentException("need at least 2 nodes, got " + w.n());
        }
        if (!(tol > 0 && tol < 1)) {
            throw new InvalidArgumentException("Chebyshev tolerance must be in (0, 1), got " + tol);
        }
    }

    /**
     * Returns the operator v ↦ f(W − J/n)v, deflating W's top eigenpairs when {@code deflation} allows and, for
     * {@code vectors} applications, it pays: f(W − J/n) = p(W − J/n) + Σ_i (f(θ_i) − p(θ_i)) φ_iφ_iᵀ with p the
     * Chebyshev expansion on the rest of the spectrum (Cyffers et al., Thm. 3, App. B; see {@link DeflatedExpansion}).
     *
     * @throws InvalidArgumentException as {@link #operator(TransitionMatrix, SpectralFunction, double)}
     * @throws SpectrumOutOfReachException when neither the Chebyshev expansion nor deflating the top eigenpairs
     *     reaches tol
     */
    public static MatrixFunctionOperator operator(TransitionMatrix w, SpectralFunction f, double tol, Deflation deflation, long vectors) {
        if (deflation == Deflation.NEVER) {
            return operator(w, f, tol);
        }
        check(w, tol);
        return deflatedOn(w, f, tol, deflation, vectors, spectralInterval(w));
    }

    /**
     * Returns the operator of {@link #operator(TransitionMatrix, SpectralFunction, double, Deflation, long)} built on the
     * interval {@code iv} ({@link #spectralInterval} of the same W).
     *
     * @throws InvalidArgumentException as {@link #operator(TransitionMatrix, SpectralFunction, double)}
     * @throws SpectrumOutOfReachException as {@link #operator(TransitionMatrix, SpectralFunction, double, Deflation, long)}
     */
    public static MatrixFunctionOperator operator(TransitionMatrix w, SpectralFunction f, double tol, Deflation deflation, long vectors,
            SpectralInterval iv) {
        if (deflation == Deflation.NEVER) {
            return operator(w, f, tol, iv);
        }
        check(w, tol);
        return deflatedOn(w, f, tol, deflation, vectors, iv);
    }

    private static MatrixFunctionOperator deflatedOn(TransitionMatrix w, SpectralFunction f, double tol, Deflation deflation,
            long vectors, SpectralInterval iv) {
        double[] coeffs = ChebyshevExpansion.coefficientsWithin(f, iv, tol);
        if (coeffs != null) {
            MatrixFunctionOperator plain = new MatrixFunctionOperator(w, iv, coeffs);
            if (plain.trusted()) {
                return DeflatedExpansion.deflate(plain, w, f, tol, deflation == Deflation.ALWAYS, vectors);
            }
        }
        // The plain expansion is out of reach (a gap of ~1e-6: long rings and paths) or its interval is not to be trusted
        // (Lanczos did not settle); the block iteration finds the top eigenpairs and checks the cut itself, so deflation
        // may still give the matrix function, whatever it costs.
        MatrixFunctionOperator stub = new MatrixFunctionOperator(w, iv, new double[] {0});
        MatrixFunctionOperator op = DeflatedExpansion.deflate(stub, w, f, tol, true, vectors, Double.POSITIVE_INFINITY);
        if (op.deflated() == 0) {
            String why = iv.settled() ? ChebyshevExpansion.tooLong(f, iv) : unsettled(iv);
            String problem = why + "; deflating the top eigenpairs did not help either (" + op.deflationNote() + "); ";
            throw matrixFits(w.n(), Solver.EIGEN) ? new SpectrumOutOfReachException(problem, rwdp.check.Remedy.EIGEN)
                    : new SpectrumOutOfReachException(problem + "the dense eigendecomposition does not fit either at n = " + w.n()
                            + ": ", rwdp.check.Remedy.CLOSED_FORMS);
        }
        return op;
    }

    /** Returns f(W − J/n) from the dense symmetric eigendecomposition of W − J/n (Cyffers et al.'s {@code logW}). */
    public static double[][] eigen(TransitionMatrix w, SpectralFunction f) {
        return DenseSpectralFunction.eigen(w, f);
    }

    /** Returns an interval containing the spectrum of W on 1⊥ from Lanczos Ritz values padded by their residuals. */
    public static SpectralInterval spectralInterval(TransitionMatrix w) {
        return Lanczos.spectralInterval(w);
    }

    /** Returns the Chebyshev coefficients c_0..c_K of f on the interval (c_0 halved), K the degree reaching {@code tol}. */
    public static double[] chebyshevDegree(SpectralFunction f, SpectralInterval iv, double tol) {
        return ChebyshevExpansion.chebyshevDegree(f, iv, tol);
    }

    /**
     * Returns f(W − J/n) by a Chebyshev expansion of f on the spectral interval of W on 1⊥,
     * applied to the sparse W (three-term recurrence, projected on 1⊥ at every step so the
     * stationary direction, where the mapped polynomial grows, never enters), {@value #COLUMN_BLOCK}
     * columns at a time in parallel; accurate to about {@code tol} relative to max|f|.
     */
    public static double[][] chebyshev(TransitionMatrix w, SpectralFunction f, double tol) {
        return matrix(operator(w, f, tol), COLUMN_BLOCK);
    }

    /**
     * Returns f(W − J/n) by the Chebyshev expansion with W's top eigenpairs deflated whenever that is accurate to
     * about {@code tol} (else the plain expansion): the degree then follows the rest of the spectrum.
     */
    public static double[][] deflated(TransitionMatrix w, SpectralFunction f, double tol) {
        return matrix(operator(w, f, tol, Deflation.ALWAYS, w.n()), COLUMN_BLOCK);
    }

    /**
     * Returns the n×n matrix of the operator, {@code block} columns at a time in parallel, symmetrised.
     *
     * @throws InvalidArgumentException when block &lt; 1
     */
    public static double[][] matrix(MatrixFunctionOperator op, int block) {
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
    public static void project(double[] v) {
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
