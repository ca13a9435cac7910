package rwdp.bounds.pndp;

import java.util.Locale;
import rwdp.check.InvalidArgumentException;
import rwdp.check.Remedy;
import rwdp.markov.TransitionMatrix;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.Deflation;
import rwdp.spectral.SpectralFunction;
import rwdp.spectral.SpectralInterval;
import rwdp.spectral.Solver;
import rwdp.spectral.SpectrumOutOfReachException;

/**
 * How one question to the PNDP accountant is answered (Cyffers et al., Thm. 3, App. B): what is asked, the solver
 * decided for it and, for the Chebyshev paths, the prepared row operator, so the spectral interval, the degree and the
 * deflation are computed once and every mode is decided by one rule ({@link #of}).
 *
 * @param request  what is asked
 * @param solver   the solver that runs: EIGEN (the n×n matrix only), CHEBYSHEV or DEFLATED, never AUTO
 * @param operator the row operator, null exactly for EIGEN
 */
public record PndpPlan(Request request, Solver solver, MatrixFunctionOperator operator) {
    /**
     * Checks that the solver and the operator fit the request.
     *
     * @throws InvalidArgumentException when request or solver is null or solver is AUTO, operator is null for a
     *     Chebyshev solver or given for EIGEN, EIGEN serves a request other than MATRIX, or the operator's deflation does
     *     not match the solver
     */
    public PndpPlan {
        if (request == null || solver == null || solver == Solver.AUTO) {
            throw new InvalidArgumentException("a plan needs a request and a decided solver, got " + request + ", " + solver);
        }
        if ((solver == Solver.EIGEN) != (operator == null)) {
            throw new InvalidArgumentException("the Chebyshev solvers need their row operator, eigen has none");
        }
        if (solver == Solver.EIGEN && request.kind() != Request.Kind.MATRIX) {
            throw new InvalidArgumentException(eigenOnlyForTheMatrix(), Remedy.CHEBYSHEV);
        }
        if (operator != null && (solver == Solver.DEFLATED) != (operator.deflated() > 0)) {
            throw new InvalidArgumentException("solver " + solver.label() + " but the operator is " + operator.solver());
        }
    }

    /**
     * What the accountant is asked: the n×n matrix, the rows of {@code senders} senders, a sample of {@code senders}
     * senders with a budget of {@code probes} operator applications for the proxy that stratifies them (and as many
     * Hutchinson probes for the trace identity beyond the spectrum's reach), or exact statistics over all senders.
     *
     * @param kind    which of the four
     * @param senders the senders of ROWS (≥ 1) or SAMPLE (≥ 1); 0 otherwise
     * @param probes  the probes of SAMPLE (≥ 0); 0 otherwise
     */
    public record Request(Kind kind, int senders, int probes) {
        /** The four ways of asking. */
        public enum Kind {
            /** The n×n matrix of losses. */
            MATRIX,
            /** Given senders' rows. */
            ROWS,
            /** Statistics from a sample of senders. */
            SAMPLE,
            /** Exact statistics over every sender. */
            ALL_SOURCES
        }

        /**
         * Checks the request.
         *
         * @throws InvalidArgumentException when kind is null, or senders or probes do not fit the kind (see the
         *     message)
         */
        public Request {
            if (kind == null) {
                throw new InvalidArgumentException("the kind of request is required");
            }
            boolean counted = kind == Kind.ROWS || kind == Kind.SAMPLE;
            if (counted ? senders < 1 : senders != 0) {
                throw new InvalidArgumentException(kind + " takes " + (counted ? ">= 1" : "no") + " senders, got " + senders);
            }
            if (kind == Kind.SAMPLE ? probes < 0 : probes != 0) {
                throw new InvalidArgumentException(kind + " takes " + (kind == Kind.SAMPLE ? ">= 0" : "no") + " probes, got "
                        + probes);
            }
        }

        /** Returns the request for the n×n matrix. */
        public static Request matrix() {
            return new Request(Kind.MATRIX, 0, 0);
        }

        /**
         * Returns the request for {@code senders} senders' rows.
         *
         * @throws InvalidArgumentException when {@code senders} &lt; 1
         */
        public static Request rows(int senders) {
            return new Request(Kind.ROWS, senders, 0);
        }

        /**
         * Returns the request for statistics from {@code senders} sampled senders and {@code probes} trace probes.
         *
         * @throws InvalidArgumentException when {@code senders} &lt; 1 or {@code probes} &lt; 0
         */
        public static Request sample(int senders, int probes) {
            return new Request(Kind.SAMPLE, senders, probes);
        }

        /** Returns the request for exact statistics over all senders. */
        public static Request allSources() {
            return new Request(Kind.ALL_SOURCES, 0, 0);
        }

        /** Returns how many vectors the row operator is applied to on n nodes: what deflation must pay for. */
        public long vectors(int n) {
            return switch (kind) {
                case MATRIX, ALL_SOURCES -> n;
                case ROWS -> senders;
                case SAMPLE -> (long) senders + probes;
            };
        }
    }

    /** Largest n for which AUTO takes the dense eigendecomposition without asking the cost model. */
    public static final int ALWAYS_EIGEN_MAX_N = 64;

    /** Share of the heap one n×n computation may take; the rest holds the graph, W and the JVM's own. */
    public static final double HEAP_SHARE = MatrixFunctions.HEAP_SHARE;

    /**
     * Returns how {@code what} is answered for f(W − J/n) by {@code solver}: AUTO decided here, once, for every kind.
     * For rows and statistics AUTO is the Chebyshev expansion, deflated when finding W's top eigenpairs pays for
     * {@link Request#vectors} applications. For the matrix AUTO takes eigen up to {@value #ALWAYS_EIGEN_MAX_N} nodes,
     * else that expansion for n columns unless 2·(nnz + 3n)·n·degree + 2n²·(deflated pairs) flops exceed a dense
     * eigendecomposition's ~40 n³ (EJML, measured: 6 s at n = 1000) or the expansion is out of reach (gap too small,
     * spectrum not settled), when eigen is taken if it fits in memory. The n×n memory is checked before any work (the
     * smaller need for AUTO) and again for the solver decided.
     *
     * @throws InvalidArgumentException when W is not symmetric doubly stochastic on a connected graph, when eigen is
     *                                  asked for anything but the matrix, or when the matrix does not fit
     *                                  ({@link #requireMatrixFits})
     * @throws SpectrumOutOfReachException when no solver asked for can reach the spectrum
     */
    public static PndpPlan of(TransitionMatrix w, SpectralFunction f, Solver solver, Request what) {
        return planOn(w, f, solver, what, null);
    }

    /**
     * Returns {@link #of(TransitionMatrix, SpectralFunction, Solver, Request)}'s plan with the Chebyshev paths built on
     * {@code iv}, W's spectral interval already computed ({@link MatrixFunctions#spectralInterval}), not a second Lanczos.
     *
     * @throws InvalidArgumentException as {@link #of(TransitionMatrix, SpectralFunction, Solver, Request)}, or when iv is
     *     null
     * @throws SpectrumOutOfReachException as {@link #of(TransitionMatrix, SpectralFunction, Solver, Request)}
     */
    public static PndpPlan of(TransitionMatrix w, SpectralFunction f, Solver solver, Request what, SpectralInterval iv) {
        if (iv == null) {
            throw new InvalidArgumentException("the spectral interval is required");
        }
        return planOn(w, f, solver, what, iv);
    }

    /** The plan, its Chebyshev paths on {@code iv} when given, else on a Lanczos interval computed where needed. */
    private static PndpPlan planOn(TransitionMatrix w, SpectralFunction f, Solver solver, Request what, SpectralInterval iv) {
        boolean matrix = what.kind() == Request.Kind.MATRIX;
        if (matrix) {
            requireMatrixFits(w.n(), solver);
        } else if (solver == Solver.EIGEN) {
            throw new InvalidArgumentException(eigenOnlyForTheMatrix(), Remedy.CHEBYSHEV);
        }
        PndpPlan plan = switch (solver) {
            case EIGEN -> new PndpPlan(what, Solver.EIGEN, null);
            case CHEBYSHEV -> expansion(what, iv == null ? MatrixFunctions.operator(w, f, MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE)
                    : MatrixFunctions.operator(w, f, MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE, iv));
            case DEFLATED -> expansion(what, prepare(w, f, Deflation.ALWAYS, what, iv));
            case AUTO -> matrix ? autoMatrix(w, f, what, iv) : expansion(what, prepare(w, f, Deflation.AUTO, what, iv));
        };
        if (matrix) {
            requireMatrixFits(w.n(), plan.solver());
        }
        return plan;
    }

    private static MatrixFunctionOperator prepare(TransitionMatrix w, SpectralFunction f, Deflation deflation, Request what,
            SpectralInterval iv) {
        double tol = MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE;
        return iv == null ? MatrixFunctions.operator(w, f, tol, deflation, what.vectors(w.n()))
                : MatrixFunctions.operator(w, f, tol, deflation, what.vectors(w.n()), iv);
    }

    private static PndpPlan expansion(Request what, MatrixFunctionOperator op) {
        return new PndpPlan(what, op.deflated() > 0 ? Solver.DEFLATED : Solver.CHEBYSHEV, op);
    }

    private static PndpPlan autoMatrix(TransitionMatrix w, SpectralFunction f, Request what, SpectralInterval iv) {
        int n = w.n();
        if (n <= ALWAYS_EIGEN_MAX_N) {
            return new PndpPlan(what, Solver.EIGEN, null);
        }
        MatrixFunctionOperator op;
        try {
            op = prepare(w, f, Deflation.AUTO, what, iv);
        } catch (SpectrumOutOfReachException outOfReach) {
            // Gap too small or spectrum not settled, and deflation did not rescue it: the dense eigendecomposition is
            // exact whatever the gap, when its three n×n matrices fit.
            if (!matrixFits(n, Solver.EIGEN)) {
                throw outOfReach;
            }
            return new PndpPlan(what, Solver.EIGEN, null);
        }
        double cheb = 2.0 * (op.nonZeros() + 3.0 * n) * n * op.degree() + 2.0 * n * n * op.deflated();
        double eig = 40.0 * Math.pow(n, 3);
        return cheb < eig ? expansion(what, op) : new PndpPlan(what, Solver.EIGEN, null);
    }

    private static String eigenOnlyForTheMatrix() {
        return "the dense eigendecomposition builds n x n eigenvectors; rows and all-pairs statistics are computed without "
                + "them: ";
    }

    /** Returns the bytes the n×n matrix of f(W − J/n) needs by {@code solver} ({@link MatrixFunctions#matrixBytes}). */
    public static long matrixBytes(int n, Solver solver) {
        return MatrixFunctions.matrixBytes(n, solver);
    }

    /** Returns whether the n×n matrix by {@code solver} fits in {@value #HEAP_SHARE} of the JVM's heap. */
    public static boolean matrixFits(int n, Solver solver) {
        return MatrixFunctions.matrixFits(n, solver);
    }

    /**
     * Refuses an n×n matrix by {@code solver} that would not fit ({@link #matrixFits}), before any work.
     *
     * @throws InvalidArgumentException when it does not fit, naming rows and statistics (no n×n memory) as the remedy
     */
    public static void requireMatrixFits(int n, Solver solver) {
        if (!matrixFits(n, solver)) {
            throw new InvalidArgumentException(String.format(Locale.ROOT, "the %d x %d matrix needs about %s but the heap has %s: ",
                    n, n, bytes(matrixBytes(n, solver)), bytes(Runtime.getRuntime().maxMemory())), Remedy.MATRIX_FREE);
        }
    }

    private static String bytes(long b) {
        return b >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GB", b / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.0f MB", b / (double) (1L << 20));
    }

    /** Returns the solver's name for reports: eigen, chebyshev or deflated. */
    public String name() {
        return solver.label();
    }

    /** Returns the Chebyshev degree (−1 for eigen). */
    public int degree() {
        return operator == null ? -1 : operator.degree();
    }

    /**
     * Returns f(W − J/n) by this plan, made for this W and f (Cyffers et al., Thm. 3).
     *
     * @throws InvalidArgumentException when the plan is not for the matrix
     */
    double[][] matrix(TransitionMatrix w, SpectralFunction f) {
        if (request.kind() != Request.Kind.MATRIX) {
            throw new InvalidArgumentException("the plan answers " + request.kind() + ", not the matrix");
        }
        return operator == null ? MatrixFunctions.eigen(w, f) : MatrixFunctions.matrix(operator, MatrixFunctions.COLUMN_BLOCK);
    }
}
