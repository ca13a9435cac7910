package rwdp.bounds.pndp;

import java.util.Arrays;
import java.util.List;
import java.util.function.IntConsumer;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.Solver;
import rwdp.spectral.SpectralFunction;
import rwdp.spectral.SpectralInterval;
import rwdp.spectral.SpectrumOutOfReachException;

/**
 * The pairwise network DP accountant of RW DP-SGD (Cyffers et al., §6 and App. B, D): Rényi
 * privacy losses ε_{u→v} between every ordered pair of nodes for a symmetric doubly stochastic W.
 * Matrices are n×n, row u = sender, column v = observer, diagonal 0.
 *
 * <p>The façade for every way of asking: {@link #pairwise} (the n×n matrix), {@link #row} (one
 * sender's losses to every node, O(K·nnz) time and O(nnz + n) memory), {@link #sample} (all-pairs
 * statistics from K random senders, with intervals), {@link #allSources} (exact all-pairs
 * statistics streamed block by block, never n² memory) and {@link #meanIdentity} (the mean over
 * all pairs from the trace of f(W − J/n)); {@link #plan} decides the solver of each once.
 */
public final class PndpAccountant {
    private PndpAccountant() {}

    /**
     * Returns Theorem 3's closed form from L = L(W) (not modified):
     * ε_{u→v} = α T ln T/(σ² n²) + α T L_uv/(σ² n), diagonal 0 (Cyffers et al., Thm. 3, eq. (16) with N_u = T/n).
     */
    public static double[][] closedForm(double[][] l, PndpParams p) {
        double[][] eps = copy(l);
        toClosedForm(eps, p);
        return eps;
    }

    /**
     * Turns L = L(W) into {@link #closedForm} in place: the map of {@link PairLoss#at}, in the order of operations the
     * matrix outputs have always had (α/σ²·T/n here, (T/n)·α/σ² there: they can differ in the last bit).
     */
    static void toClosedForm(double[][] l, PndpParams p) {
        int n = l.length;
        double c = p.constant(n);
        double k = p.rate() * p.T() / n;
        for (int u = 0; u < n; u++) {
            double[] row = l[u];
            for (int v = 0; v < n; v++) {
                row[v] = u == v ? 0 : c + k * row[v];
            }
        }
    }

    /**
     * Turns G = g_T(W − J/n) (the finite series Σ_{t≤T} (W^t − J/n)/t) into the exact finite-T
     * loss composed N_u = T/n times, in place: ε_{u→v} = N_u α/σ² (H_T/n + G_uv), diagonal 0
     * (Cyffers et al., App. B, eq. (15) composed over the N_u contributions): {@link PairLoss#at} factored as
     * b·(H_T/n + G), as the matrix outputs have always been computed.
     */
    static void toSeries(double[][] g, PndpParams p) {
        int n = g.length;
        double k = p.contributions(n) * p.rate();
        double h = PndpParams.harmonic(p.T()) / n;
        for (int u = 0; u < n; u++) {
            double[] row = g[u];
            for (int v = 0; v < n; v++) {
                row[v] = u == v ? 0 : k * (h + row[v]);
            }
        }
    }

    /**
     * Returns, for a pair matrix M (before the diagonal is zeroed; not modified), M̃_uv = max over neighbours w ≠ v of
     * v of M_uw: the sender-known loss of Cyffers et al., App. B.1 (as in the authors' {@code maxi_priv}, which takes
     * the max of L(W) then applies Thm. 3).
     *
     * @throws InvalidArgumentException when g does not have m.length nodes
     */
    public static double[][] senderKnown(double[][] m, Graph g) {
        double[][] out = copy(m);
        toSenderKnown(out, g);
        return out;
    }

    /** Turns M into {@link #senderKnown} in place. */
    static void toSenderKnown(double[][] m, Graph g) {
        int n = m.length;
        if (g.n() != n) {
            throw new InvalidArgumentException("graph has " + g.n() + " nodes, matrix " + n);
        }
        double[] old = new double[n];
        for (int u = 0; u < n; u++) {
            System.arraycopy(m[u], 0, old, 0, n);
            for (int v = 0; v < n; v++) {
                m[u][v] = SenderBlocks.knownEntry(g, old, v);
            }
        }
    }

    /** Returns S_uv = Σ_{t≤T} (W^t)_uv/t for every pair by sparse products (Cyffers et al., eq. (15), without α/σ²). */
    public static double[][] exactSeries(TransitionMatrix w, long T) {
        return WalkSeries.exactSeries(w, T);
    }

    /** Returns Σ_i Pr[the walk from u first enters F at step i]/i (Cyffers et al., App. D eq. (17), without α/σ²). */
    public static double collusionExact(TransitionMatrix w, int u, int[] coalition, long T) {
        return WalkSeries.collusionExact(w, u, coalition, T);
    }

    /** Returns the union bound Σ_{v∈F} S_uv of Cyffers et al., App. D eq. (18) (single contribution, without α/σ²). */
    public static double collusionUnion(double[][] series, int u, int[] coalition) {
        return WalkSeries.collusionUnion(series, u, coalition);
    }

    /** Returns min, mean and max over the ordered pairs u ≠ v with the pair of the max (Cyffers et al., §7: the mean privacy loss). */
    public static PairStatistics stats(double[][] m) {
        return PairStatistics.ofMatrix(m);
    }

    private static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = Arrays.copyOf(m[i], m[i].length);
        }
        return c;
    }

    // ---- The façade: matrix, row, sample, all sources ------------------------------------------

    /**
     * Returns how {@code what} is answered for the setting by {@code solver}, AUTO decided once for every kind of
     * request (see {@link PndpPlan#of}); run it with {@link #pairwise(PndpSetting, PndpPlan)}, {@link #row},
     * {@link #sample} or {@link #allSources} on {@link PndpPlan#operator()}.
     *
     * @throws InvalidArgumentException when W is not symmetric doubly stochastic on a connected graph, eigen is asked
     *                                  for rows or statistics, or the n×n matrix asked for does not fit in memory
     * @throws SpectrumOutOfReachException when no solver asked for can reach the spectrum
     */
    public static PndpPlan plan(PndpSetting s, Solver solver, PndpPlan.Request what) {
        return PndpPlan.of(s.w(), s.function(), solver, what);
    }

    /**
     * Returns {@link #plan(PndpSetting, Solver, PndpPlan.Request)}'s plan built on {@code iv}, W's spectral interval the
     * caller already has ({@link MatrixFunctions#spectralInterval}).
     *
     * @throws InvalidArgumentException as {@link PndpPlan#of(TransitionMatrix, SpectralFunction, Solver, PndpPlan.Request,
     *     SpectralInterval)}
     * @throws SpectrumOutOfReachException when no solver asked for can reach the spectrum
     */
    public static PndpPlan plan(PndpSetting s, Solver solver, PndpPlan.Request what, SpectralInterval iv) {
        return PndpPlan.of(s.w(), s.function(), solver, what, iv);
    }

    /**
     * Returns the n×n matrix of ε_{u→v} (diagonal 0) for the setting by the solver (Cyffers et al., Thm. 3, App. B, B.1).
     *
     * @throws InvalidArgumentException as {@link #plan} does for the matrix
     * @throws SpectrumOutOfReachException when the solver cannot reach the spectrum
     */
    public static double[][] pairwise(PndpSetting s, Solver solver) {
        return pairwise(s, plan(s, solver, PndpPlan.Request.matrix()));
    }

    /**
     * Returns the n×n matrix of ε_{u→v} (diagonal 0) by a plan made for the setting's matrix (Cyffers et al., Thm. 3,
     * App. B, B.1).
     *
     * @throws InvalidArgumentException when the plan is not for the matrix
     */
    public static double[][] pairwise(PndpSetting s, PndpPlan plan) {
        double[][] eps = plan.matrix(s.w(), s.function());
        if (s.senderKnown()) {
            toSenderKnown(eps, s.graph());
        }
        if (s.series()) {
            toSeries(eps, s.params());
        } else {
            toClosedForm(eps, s.params());
        }
        return eps;
    }

    /**
     * Returns the n×n matrix f(W − J/n) by {@code solver}, AUTO decided as for the accountant's matrix ({@link PndpPlan#of}):
     * L(W) for f = {@link SpectralFunction#logResolvent()} (Cyffers et al., Thm. 3).
     *
     * @throws InvalidArgumentException when W is not symmetric doubly stochastic on a connected graph or the matrix does
     *                                  not fit in memory
     * @throws SpectrumOutOfReachException when the solver cannot reach the spectrum
     */
    public static double[][] matrixFunction(TransitionMatrix w, SpectralFunction f, Solver solver) {
        return PndpPlan.of(w, f, solver, PndpPlan.Request.matrix()).matrix(w, f);
    }

    /**
     * Returns the n×n matrix f(W − J/n) by a plan made for this W and f ({@link PndpPlan#of}; Cyffers et al., Thm. 3).
     *
     * @throws InvalidArgumentException when the plan is not for the matrix
     */
    public static double[][] matrixFunction(TransitionMatrix w, SpectralFunction f, PndpPlan plan) {
        return plan.matrix(w, f);
    }

    /** Returns the statistics (with by-distance groups) of a full matrix of losses. */
    public static PairStatistics statistics(double[][] eps, Graph g) {
        PairStatistics all = new PairStatistics();
        for (int u = 0; u < eps.length; u++) {
            all.merge(PairStatistics.ofRow(u, eps[u], g.distancesFrom(u)));
        }
        return all;
    }

    /**
     * Returns the plain row operator v ↦ f(W − J/n)v of the setting (Chebyshev on the sparse W, default accuracy): the
     * operator of {@code plan(s, Solver.CHEBYSHEV, ...)}.
     *
     * @throws InvalidArgumentException when W is not symmetric doubly stochastic on a connected graph
     * @throws SpectrumOutOfReachException when the plain expansion cannot reach the spectrum
     */
    public static MatrixFunctionOperator operator(PndpSetting s) {
        return MatrixFunctions.operator(s.w(), s.function(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
    }

    /**
     * One sender's losses: ε_{u→v} for every v (0 at v = u), the BFS distances from u and their
     * statistics over v ≠ u. The arrays are copied in and out (once per row, against the row's O(K·nnz) work).
     */
    public record Row(int source, double[] epsilon, int[] distance, PairStatistics stats) {
        /**
         * Checks the row.
         *
         * @throws InvalidArgumentException when epsilon, distance or stats is null, epsilon and distance differ in
         *     length, or source is outside 0..epsilon.length−1
         */
        public Row {
            if (epsilon == null || distance == null || epsilon.length != distance.length || stats == null) {
                throw new InvalidArgumentException("a row needs its losses, distances of the same length and statistics");
            }
            if (source < 0 || source >= epsilon.length) {
                throw new InvalidArgumentException("source " + source + " is not in 0.." + (epsilon.length - 1));
            }
            epsilon = epsilon.clone();
            distance = distance.clone();
        }

        /** Returns a copy of ε_{source→v} for every v. */
        @Override
        public double[] epsilon() {
            return epsilon.clone();
        }

        /** Returns a copy of the BFS distances from the source. */
        @Override
        public int[] distance() {
            return distance.clone();
        }
    }

    /** Returns sender u's row of losses (Cyffers et al., Thm. 3; App. B.1 when the sender is known). */
    public static Row row(PndpSetting s, MatrixFunctionOperator op, int u) {
        SenderBlocks.requireNode(s, u);
        double[] eps = SenderBlocks.losses(s, u, op.row(u));
        int[] dist = s.graph().distancesFrom(u);
        return new Row(u, eps, dist, PairStatistics.ofRow(u, eps, dist));
    }

    /**
     * Returns the merged statistics of the rows {@code sources} (a pure function of the setting and
     * the block: the map step of a distributed all-pairs job).
     */
    public static PairStatistics block(PndpSetting s, MatrixFunctionOperator op, int[] sources) {
        return SenderBlocks.block(s, op, sources);
    }

    /**
     * Returns the merged statistics of each block of senders in turn, through one kernel workspace allocated for the
     * first block and reused by the others (the map step of a distributed all-pairs job: one call per task).
     *
     * @throws InvalidArgumentException when a source is not a node of the graph
     */
    public static PairStatistics[] blocks(PndpSetting s, MatrixFunctionOperator op, int[][] blocks) {
        return blocks(s, op, blocks, 1);
    }

    /**
     * Returns the merged statistics of each block of senders, as {@link #blocks(PndpSetting, MatrixFunctionOperator,
     * int[][])}, with consecutive blocks joined into kernel calls of up to {@code width} senders (a block wider than that
     * alone): the same bits, since a row's do not depend on the call that computes it, and less work per sender on a
     * large graph.
     *
     * @throws InvalidArgumentException when a source is not a node of the graph or width &lt; 1
     */
    public static PairStatistics[] blocks(PndpSetting s, MatrixFunctionOperator op, int[][] blocks, int width) {
        return SenderBlocks.blocks(s, op, blocks, width);
    }

    /** Default number of senders per block of the multi-vector kernel. */
    public static final int DEFAULT_BLOCK = MatrixFunctionOperator.DEFAULT_BLOCK;

    /**
     * Returns the exact statistics over all ordered pairs u ≠ v, streaming blocks of {@code block}
     * senders through the multi-vector kernel in parallel (memory O(nnz + n·block) per thread);
     * {@code progress} receives the number of senders finished after each block (may be null).
     */
    public static PairStatistics allSources(PndpSetting s, MatrixFunctionOperator op, int block, IntConsumer progress) {
        return SenderBlocks.allSources(s, op, block, progress);
    }

    /** The budget by default, in operator applications, of the short-walk proxy that stratifies {@link #sample}'s senders. */
    public static final int DEFAULT_SAMPLE_PROBES = SampledSources.DEFAULT_PROBES;

    /**
     * Returns all-pairs statistics from {@code k} exact rows stratified on a diagonal proxy within
     * {@value #DEFAULT_SAMPLE_PROBES} operator applications, the draw seeded by {@code seed}; the intervals (at
     * {@code level}) are over the choice of senders (Cyffers et al., §7).
     *
     * @throws InvalidArgumentException if k is not in 2..n or the level is not in (0, 1)
     */
    public static PairStatistics.Sample sample(PndpSetting s, MatrixFunctionOperator op, int k, long seed, double level, IntConsumer progress) {
        return sample(s, op, k, DEFAULT_SAMPLE_PROBES, seed, level, progress);
    }

    /**
     * Returns all-pairs statistics from {@code k} exact rows: hubs and nodes whose short-walk return term (the
     * diagonal of f(W − J/n) truncated to m steps) lies far out computed with certainty, the rest drawn from strata of
     * that term, which takes at most {@code probes} operator applications' worth of sparse products (0: the hubs and a
     * uniform draw); the draw seeded by {@code seed}, the intervals (at {@code level}) over the choice of senders
     * (Cyffers et al., §7).
     *
     * @throws InvalidArgumentException if k is not in 2..n, probes &lt; 0 or the level is not in (0, 1)
     */
    public static PairStatistics.Sample sample(PndpSetting s, MatrixFunctionOperator op, int k, int probes, long seed, double level, IntConsumer progress) {
        return SampledSources.sample(s, op, k, probes, seed, level, progress);
    }

    /** Largest n for which {@link #meanIdentity} takes the dense eigenvalues. */
    public static final int SPECTRUM_ROUTE_MAX_N = 1500;

    /**
     * Returns the mean loss over all ordered pairs from −trace(f(W − J/n))/(n(n − 1)) (anonymous
     * sender only: the sender-known max has no such identity), by the spectrum up to
     * {@value #SPECTRUM_ROUTE_MAX_N} nodes, else by {@code probes} Hutchinson probes seeded by {@code seed}.
     */
    public static PairStatistics.MeanIdentity meanIdentity(PndpSetting s, MatrixFunctionOperator op, int probes, long seed, double level) {
        return TraceIdentity.meanIdentity(s, op, probes, seed, level, SPECTRUM_ROUTE_MAX_N);
    }

    /**
     * Returns the certified min, mean and max over all ordered pairs from walks of {@link #certifiedSteps} steps from every
     * node and one exact row of {@code op} (Cyffers et al., Thm. 3, App. B eq. (15); the anonymous mean by F𝟙 = 0 and the
     * trace; a known sender's loss, App. B.1, bounded through its row's diagonal too, its mean only by the min and max).
     *
     * @throws InvalidArgumentException when the walks would not finish in minutes
     * @throws SpectrumOutOfReachException when Lanczos did not settle the spectrum of W
     */
    public static PairStatistics.Certified certified(PndpSetting s, MatrixFunctionOperator op) {
        return CertifiedStatistics.compute(s, op, certifiedSteps(s));
    }

    /**
     * Returns the all-pairs mean of ε as an interval at confidence {@code level}, widened by the expansion's error and
     * intersected with {@code proven}'s proven mean. Anonymous sender: the trace identity's ({@code probes} Hutchinson
     * probes seeded by {@code seed}; the exact spectrum up to {@value #SPECTRUM_ROUTE_MAX_N} nodes; Cyffers et al.,
     * Thm. 3, F𝟙 = 0). Known sender (App. B.1): every sender's exact row up to {@value #SPECTRUM_ROUTE_MAX_N} nodes, else
     * the t interval of {@code probes} uniformly drawn senders' exact row means. Where that is narrower than the walks'
     * bound (slowly mixing W; always for the known sender), this is the tighter mean.
     *
     * @throws InvalidArgumentException when probes &lt; 2 (beyond {@value #SPECTRUM_ROUTE_MAX_N} nodes) or the level is
     *     not in (0, 1)
     */
    public static PairStatistics.Interval certifiedMean(PndpSetting s, MatrixFunctionOperator op, PairStatistics.Certified proven,
            int probes, long seed, double level) {
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        PairStatistics.MeanIdentity id = s.senderKnown()
                ? CertifiedStatistics.knownMean(s, op, probes, seed, level, SPECTRUM_ROUTE_MAX_N)
                : meanIdentity(s, op, probes, seed, level);
        return CertifiedStatistics.statisticalMean(s, op, proven, id, level);
    }

    /**
     * Returns the most applications of a degree-{@code degree} operator on W's {@code nonZeros} stored entries that
     * {@link #certified} and {@link #certifiedMean} may take on n nodes with {@code probes} probes: the attained row, the
     * max's candidate rows up to their budget (about 7e10 sparse products), and the probes beyond
     * {@value #SPECTRUM_ROUTE_MAX_N} nodes (a known sender's mean: every row up to there); what a caller multiplies by one
     * application's cost to refuse up front.
     */
    public static int certifiedRows(int degree, int nonZeros, int n, int probes, boolean senderKnown) {
        int mean = n > SPECTRUM_ROUTE_MAX_N ? probes : senderKnown ? n : 0;
        return 1 + CertifiedStatistics.maxCandidateRows(degree, nonZeros) + mean;
    }

    /**
     * Returns the walk length {@link #certified} takes: the longest (≤ 4, ≤ T) within about 3e9 sparse products.
     *
     * @throws InvalidArgumentException when even walks of 2 steps from every node exceed that (the estimate in the message)
     */
    public static int certifiedSteps(PndpSetting s) {
        return CertifiedStatistics.steps(s);
    }
}
