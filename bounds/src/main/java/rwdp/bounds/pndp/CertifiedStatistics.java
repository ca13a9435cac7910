package rwdp.bounds.pndp;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.random.MeanInterval;
import rwdp.random.Rngs;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.SpectralInterval;
import rwdp.spectral.SpectrumOutOfReachException;

/**
 * Min, mean and max of ε_{u→v} over all ordered pairs u ≠ v as intervals, without all pairs, for the anonymous sender
 * (Cyffers et al., Thm. 3 and App. B eq. (15)): ε_{u→v} = a + b·F_uv with F = Σ_{t=1..T} A^t/t, A = W − J/n
 * (T = ∞ for Theorem 3's closed form).
 *
 * <p>Why it is proven. Split F_uv = Σ_{t≤S} A^t_uv/t + Σ_{t>S} A^t_uv/t. The head is computed exactly for every pair
 * within S steps by short walks from every node (A^t_uv = (W^t)_uv − 1/n, and (W^t)_uv = 0 beyond distance t). The
 * tail is bounded for every pair at once: A^t_uv = ⟨A^a e_u, A^b e_v⟩ with a + b = t, so |A^t_uv| ≤ N_a N_b, where
 * N_s = max_u ‖A^s e_u‖ is exact for s ≤ S (‖A^s e_u‖² = ‖W^s e_u‖² − 1/n) and N_{S+r} ≤ λ*^r N_S beyond, λ* = max|λ|
 * of W on 1⊥ from the Lanczos interval the expansion is built on (A^s e_u ∈ 1⊥ for s ≥ 1). For the max, each sender u
 * keeps its own norms ‖A^a e_u‖ against the receivers' worst N_b, so a typical sender is not held to the tail of the
 * most concentrated (lowest-degree) node's walks; when the senders that could still beat the attained max are more than
 * exact rows allow, longer walks from them alone narrow them ({@link CandidateWalks}). The max's lower end is an
 * attained value: the exact row of the pair whose head is largest. The mean needs only the trace, because F𝟙 = 0
 * (W doubly stochastic): Σ_{u≠v} F_uv = −tr F, and tr A^t = Σ_u (W^t)_uu − 1 is exact for t ≤ 2S from the same walks
 * ((W^{2s})_uu = ‖W^s e_u‖², (W^{2s−1})_uu = ⟨W^{s−1}e_u, W^s e_u⟩), |tr A^t| ≤ λ*^{t−2S} tr A^{2S} beyond.
 * Everything is proven up to floating-point rounding, covered by a relative allowance of {@value #ROUNDING}.
 *
 * <p>A known sender (App. B.1) loses max over w ∈ N(v)∖{v} of F_uw at v, the diagonal F_uu among them when u observes
 * v: every such value lies between the least and the largest entry of row u, diagonal included, so the same bounds hold
 * once each sender's diagonal enters them (its head from the same walks, its tail from u's own norms on both sides), and
 * the exact rows are read through the max over observers. Its mean has no trace identity (the max breaks F𝟙 = 0): it is
 * every sender's exact row, or sampled senders' rows ({@link #knownMean}).
 */
final class CertifiedStatistics {
    private CertifiedStatistics() {}

    /** Sparse products (entries of W touched) the short walks may take: beyond it they would not finish in minutes. */
    static final double WORK_BUDGET = 3e9;

    /** Longest walk from every node (the cost grows as the degree to this power). */
    static final int MAX_STEPS = 4;

    /** Relative allowance for floating-point rounding in the sums (far above their ~1e-15 · steps error). */
    static final double ROUNDING = 1e-10;

    /** The attained ends' allowance for the expansion's error, relative to max|f| (10× its default tolerance). */
    static final double ROW_TOLERANCE = 10 * MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE;

    /** Returns the estimated sparse products of walks of s steps from every node: nnz · Σ_{r<s} d₂^r, d₂ the size-biased degree. */
    static double work(TransitionMatrix w, int s) {
        double sumDeg = 0;
        double sumDeg2 = 0;
        for (int u = 0; u < w.n(); u++) {
            double d = w.rowLength(u);
            sumDeg += d;
            sumDeg2 += d * d;
        }
        double d2 = sumDeg2 / sumDeg;
        double total = 0;
        double p = 1;
        for (int r = 0; r < s; r++) {
            total += w.nonZeros() * p;
            p *= d2;
        }
        return total;
    }

    /** Returns the longest walk length within the budget, capped at the series' T; refuses when even 2 steps exceed it. */
    static int steps(PndpSetting s) {
        TransitionMatrix w = s.w();
        if (work(w, 2) > WORK_BUDGET) {
            throw new InvalidArgumentException(String.format(Locale.ROOT,
                    "certified statistics need walks of 2 steps from every node, about %.3g sparse products: more than the %.0e"
                            + " that finish in minutes on this graph (its degrees are too large)", work(w, 2), WORK_BUDGET));
        }
        int steps = 2;
        while (steps < MAX_STEPS && work(w, steps + 1) <= WORK_BUDGET) {
            steps++;
        }
        return (int) Math.min(steps, s.horizon());
    }

    /** Returns the certified statistics (F-space, before a + b·F) by walks of {@code steps} from every node and one exact row. */
    static PairStatistics.Certified compute(PndpSetting s, MatrixFunctionOperator op, int steps) {
        return compute(s, op, steps, maxCandidateRows(op));
    }

    /** As {@link #compute(PndpSetting, MatrixFunctionOperator, int)}, with at most {@code rowLimit} exact candidate rows. */
    static PairStatistics.Certified compute(PndpSetting s, MatrixFunctionOperator op, int steps, int rowLimit) {
        TransitionMatrix w = s.w();
        int n = w.n();
        // The closed form sums every step (a walk's tail beyond T is not negligible where W mixes slowly).
        long T = s.horizon();
        // A known sender's loss at v is the max of row u over v's other neighbours, the diagonal f_uu included (App. B.1).
        Graph known = s.senderKnown() ? s.graph() : null;
        // λ* rests on the certificate the expansion rests on: a plain operator exists only if its interval is trusted
        // (Lanczos settled, or on large expanders no eigenvalue beyond it felt by a filter of twice the degree).
        SpectralInterval iv = op.deflated() == 0 ? op.interval() : MatrixFunctions.spectralInterval(w);
        if (op.deflated() > 0 && !iv.settled()) {
            throw new SpectrumOutOfReachException("Lanczos did not settle the spectrum of W, so no λ* bounds the walks' tail");
        }
        double lambda = Math.max(Math.abs(iv.lower()), Math.abs(iv.upper()));
        ShortWalks.Walks all = ShortWalks.walks(w, steps, T);
        double[] norm = new double[steps + 1];
        for (int q = 1; q <= steps; q++) {
            // ‖A^q e_u‖ ≤ λ*^q as well (e_u − 𝟙/n has norm below 1, and A^q = A^q restricted to 1⊥).
            norm[q] = Math.min(Math.sqrt(Math.max(0, all.normSq[q] - 1.0 / n)), Math.pow(lambda, q));
        }
        double tail = pairTail(norm, lambda, steps, T);
        double harmonicS = PndpParams.harmonic(steps);
        // Each sender's pairs have a tail bound of their own: its norms ‖A^a e_u‖ against the worst receiver's (a low-degree
        // node's walk stays concentrated, so the worst node's norms would hold every sender to the largest tail).
        double geometric = ShortWalks.geometricTail(lambda, 2L * steps, T);
        double[] senderTail = new double[n];
        // The diagonal's tail pairs u's own norms with themselves (needed only when the sender is known).
        double[] diagTail = known == null ? null : new double[n];
        // own[q][u] bounds ‖A^q e_u‖ (the walks' exact norm, or λ*^q); rowNormSq's memory is reused for it.
        double[][] own = all.rowNormSq;
        IntStream.range(0, n).parallel().forEach(u -> {
            double[] ou = new double[steps + 1];
            for (int q = 1; q <= steps; q++) {
                own[q][u] = Math.min(Math.sqrt(Math.max(0, own[q][u] - 1.0 / n)), Math.pow(lambda, q));
                ou[q] = own[q][u];
            }
            senderTail[u] = Math.min(tail, ShortWalks.senderTail(ou, norm, geometric, steps, T));
            if (diagTail != null) {
                diagTail[u] = Math.min(tail, ShortWalks.senderTail(ou, ou, geometric, steps, T));
            }
        });
        // The head of a pair with no walk of ≤ S steps between them is −H_S/n; such a pair exists when a ball is not all nodes.
        // Heads are ≥ 0 (W ≥ 0); a pair no walk reached has head 0, already counted in headMin.
        double minLo = all.headMin - harmonicS / n - tail;
        double upper = Double.NEGATIVE_INFINITY;
        // The attained end's sender: the largest head (a known sender's diagonal counts, every node having an observer).
        int top = all.maxU;
        double topHead = Double.NEGATIVE_INFINITY;
        double[] bound = new double[n];
        for (int u = 0; u < n; u++) {
            bound[u] = all.rowHead[u] + senderTail[u];
            if (known != null) {
                bound[u] = Math.max(bound[u], all.diagHead[u] + diagTail[u]);
                minLo = Math.min(minLo, all.diagHead[u] - diagTail[u] - harmonicS / n);
                double head = Math.max(all.rowHead[u], all.diagHead[u]);
                if (head > topHead) {
                    topHead = head;
                    top = u;
                }
            }
            upper = Math.max(upper, bound[u]);
        }
        double maxHi = upper - harmonicS / n;
        // The row is the expansion's, within its tolerance of max|f| on the interval: the attained ends give that much way.
        double rowError = expansionError(s, op, iv);
        double[] extremes = rowExtremes(op.row(top), top, known);
        double rowMax = extremes[0];
        int argU = top;
        int argV = (int) extremes[1];
        double rowMin = extremes[2];
        // Every sender whose pairs could beat the attained max (head + tail ≥ it) gets its exact row: when they are few,
        // the max over all pairs is the max of those rows, and hi closes on lo.
        double threshold = rowMax - rowError + harmonicS / n;
        int[] candidates = IntStream.range(0, n).filter(u -> bound[u] >= threshold).toArray();
        if (candidates.length > rowLimit) {
            // Too many for exact rows: walk again from the candidates and bound each pair with both its nodes' own norms
            // (a typical sender's near pairs are far from the worst node's tail).
            double[] refinedBound = new double[candidates.length];
            int[] from = candidates;
            ThreadLocal<ShortWalks.Scratch> scratch = ThreadLocal.withInitial(() -> new ShortWalks.Scratch(n, steps));
            IntStream.range(0, from.length).parallel().forEach(i -> {
                int u = from[i];
                double b = ShortWalks.pairBound(w, u, steps, T, scratch.get(), own, geometric, senderTail[u]);
                refinedBound[i] = known == null ? b : Math.max(b, all.diagHead[u] + diagTail[u]);
            });
            double refined = Double.NEGATIVE_INFINITY;
            int kept = 0;
            for (int i = 0; i < from.length; i++) {
                refined = Math.max(refined, refinedBound[i]);
                if (refinedBound[i] >= threshold) {
                    from[kept++] = from[i];
                }
            }
            candidates = Arrays.copyOf(from, kept);
            // Senders outside the first filter have head + tail below the threshold, hence below every kept bound's max
            // or the threshold itself; the max's upper end is the larger of the refined bounds and the threshold.
            maxHi = Math.min(maxHi, Math.max(refined, threshold) - harmonicS / n);
        }
        int longSteps = 0;
        if (candidates.length > rowLimit) {
            // Still too many: longer walks from the candidates alone, each pair inside them bounded by both nodes' norms.
            IntToDoubleFunction diag = known == null ? null : u -> all.diagHead[u] + diagTail[u] - harmonicS / n;
            CandidateWalks.Narrowed nw = CandidateWalks.narrow(w, candidates, steps, T, lambda, threshold - harmonicS / n,
                    rowLimit, diag);
            candidates = nw.candidates();
            maxHi = Math.min(maxHi, nw.hi());
            longSteps = nw.steps();
        }
        int candidateSenders = candidates.length;
        if (candidates.length <= rowLimit) {
            double[] best = exactMax(op, candidates, known);
            if (best[0] > rowMax) {
                rowMax = best[0];
                argU = (int) best[1];
                argV = (int) best[2];
            }
            maxHi = Math.min(maxHi, rowMax + 2 * rowError);
        }
        double slack = ROUNDING * Math.max(Math.abs(maxHi), Math.abs(minLo));
        PairLoss loss = s.loss();
        double maxLo = rowMax - rowError;
        double minHi = rowMin + rowError;
        double lo = loss.at(Math.min(minLo - slack, minHi));
        double hi = loss.at(Math.max(maxHi + slack, maxLo));
        double meanLo = lo;
        double meanHi = hi;
        if (known == null) {
            // The anonymous mean needs only the trace (F𝟙 = 0); the known one has no such identity, only the min and max.
            double[] trace = traceInterval(all, lambda, steps, T, n);
            double pairs = (double) n * (n - 1);
            meanLo = loss.at(-trace[1] / pairs);
            meanHi = loss.at(-trace[0] / pairs);
        }
        return new PairStatistics.Certified(steps, lambda, tail, lo, loss.at(minHi), meanLo, meanHi,
                loss.at(maxLo), hi, argU, argV, candidateSenders, longSteps);
    }

    /**
     * Returns {max, its v, min} over v ≠ u of sender u's row of f(W − J/n), the known sender's entries (App. B.1) when
     * {@code known} is its graph, else the row's own.
     */
    static double[] rowExtremes(double[] row, int u, Graph known) {
        double max = Double.NEGATIVE_INFINITY;
        double min = Double.POSITIVE_INFINITY;
        int arg = -1;
        for (int v = 0; v < row.length; v++) {
            if (v != u) {
                double x = known == null ? row[v] : SenderBlocks.knownEntry(known, row, v);
                if (x > max) {
                    max = x;
                    arg = v;
                }
                min = Math.min(min, x);
            }
        }
        return new double[] {max, arg, min};
    }

    /** Returns the bound on max|p − f| over W's interval, p the expansion: an entry's, and 1/(n − 1) of the trace's, error. */
    private static double expansionError(PndpSetting s, MatrixFunctionOperator op, SpectralInterval iv) {
        double fMax = Math.max(Math.abs(s.function().apply(iv.lower())), Math.abs(s.function().apply(iv.upper())));
        return (ROW_TOLERANCE + op.deflationError()) * fMax;
    }

    /**
     * Returns the mean as an interval at {@code id}'s level: the trace identity's (Hutchinson probes, or the dense
     * spectrum's exact trace) widened by the expansion's error on the trace and intersected with the proven {@code c}.
     */
    static PairStatistics.Interval statisticalMean(PndpSetting s, MatrixFunctionOperator op, PairStatistics.Certified c,
            PairStatistics.MeanIdentity id, double level) {
        int n = s.w().n();
        SpectralInterval iv = op.deflated() == 0 ? op.interval() : MatrixFunctions.spectralInterval(s.w());
        // The probes see tr p(A), not tr f(A): at most (n − 1)·max|p − f| apart, in ε units perTrace(n) times that. The
        // dense spectrum's trace is exact but for rounding, which the same relative allowance as the proven ends covers
        // (an interval of width 0 would not contain the same mean summed another way, a few ulps off).
        double slack = switch (id.route()) {
            case "spectrum" -> ROUNDING * Math.abs(id.mean());
            // Rows are within the expansion's error of f entry by entry, and so is a max over observers.
            case KNOWN_ALL, KNOWN_SAMPLED -> s.loss().slope() * expansionError(s, op, iv) + ROUNDING * Math.abs(id.mean());
            default -> s.loss().perTrace(n) * (n - 1) * expansionError(s, op, iv);
        };
        double lo = Math.max(c.meanLo(), id.ciLow() - slack);
        double hi = Math.min(c.meanHi(), id.ciHigh() + slack);
        if (lo > hi) {
            // The statistical interval missed the proven one (a draw in 1 − level): the proven interval stands.
            return new PairStatistics.Interval(id.mean(), c.meanLo(), c.meanHi(), level);
        }
        return new PairStatistics.Interval(Math.min(hi, Math.max(lo, id.mean())), lo, hi, level);
    }

    /** The known sender's mean routes: every sender's exact row, or senders drawn uniformly. */
    static final String KNOWN_ALL = "all-senders";
    static final String KNOWN_SAMPLED = "sampled-senders";

    /**
     * Returns the known sender's mean over all ordered pairs (Cyffers et al., App. B.1, which has no trace identity):
     * up to {@code allMaxN} nodes every sender's exact row, else the t interval at {@code level} of the row means of
     * {@code senders} senders drawn uniformly with replacement (seeded by {@code seed}).
     */
    static PairStatistics.MeanIdentity knownMean(PndpSetting s, MatrixFunctionOperator op, int senders, long seed, double level,
            int allMaxN) {
        int n = s.w().n();
        boolean all = n <= allMaxN;
        if (!all && senders < 2) {
            throw new InvalidArgumentException("need at least 2 sampled senders for the known sender's mean, got " + senders);
        }
        int[] from = new int[all ? n : senders];
        SplittableRandom rng = Rngs.root(Rngs.derive(seed, "certified-known-senders"));
        for (int i = 0; i < from.length; i++) {
            from[i] = all ? i : rng.nextInt(n);
        }
        double[] rowMean = new double[from.length];
        Graph g = s.graph();
        PairLoss loss = s.loss();
        op.forEachRow(from, (j, row) -> {
            double sum = 0;
            for (int v = 0; v < n; v++) {
                if (v != from[j]) {
                    sum += loss.at(SenderBlocks.knownEntry(g, row, v));
                }
            }
            rowMean[j] = sum / (n - 1);
        });
        if (all) {
            double m = Arrays.stream(rowMean).sum() / n;
            return new PairStatistics.MeanIdentity(KNOWN_ALL, m, m, m, n);
        }
        MeanInterval t = MeanInterval.studentT(rowMean, level);
        return new PairStatistics.MeanIdentity(KNOWN_SAMPLED, t.mean(), t.mean() - t.halfWidth(), t.mean() + t.halfWidth(), senders);
    }

    /**
     * Returns how many exact rows the max may take to close its interval: about 7e10 sparse products' worth (256 rows
     * of a 10⁶-node 8-regular graph at K = 28, a few CPU minutes in 32-row blocks).
     */
    static int maxCandidateRows(MatrixFunctionOperator op) {
        return maxCandidateRows(op.degree(), op.nonZeros());
    }

    /** Returns {@link #maxCandidateRows(MatrixFunctionOperator)} for an operator of {@code degree} on {@code nonZeros} entries. */
    static int maxCandidateRows(int degree, int nonZeros) {
        return (int) Math.min(4096, ROW_BUDGET / ((double) Math.max(1, degree) * nonZeros));
    }

    /** Sparse products the candidate rows of the max may take. */
    static final double ROW_BUDGET = 7e10;

    /**
     * Returns {max, u, v} over the exact rows of {@code senders} (v ≠ u), through {@link MatrixFunctionOperator#forEachRow}
     * with each row's best kept and the bests merged in sender order (ties to the earlier), so the same answer for any
     * thread count or block width.
     */
    static double[] exactMax(MatrixFunctionOperator op, int[] senders, Graph known) {
        double[][] perRow = new double[senders.length][];
        op.forEachRow(senders, (j, row) -> {
            double[] e = rowExtremes(row, senders[j], known);
            perRow[j] = new double[] {e[0], senders[j], e[1]};
        });
        double[] best = {Double.NEGATIVE_INFINITY, -1, -1};
        for (double[] p : perRow) {
            if (p[0] > best[0]) {
                best = p;
            }
        }
        return best;
    }

    /** Returns the sum over t > S of the uniform bound N_a N_b / t on |A^t_uv| (t ≤ T), rounded up. */
    static double pairTail(double[] norm, double lambda, int steps, long T) {
        return ShortWalks.senderTail(norm, norm, ShortWalks.geometricTail(lambda, 2L * steps, T), steps, T);
    }


    /** Returns [lo, hi] on tr F = Σ_{t≤T} tr(A^t)/t: exact to 2S, the rest bounded by λ*^{t−2S} tr A^{2S}. */
    static double[] traceInterval(ShortWalks.Walks all, double lambda, int steps, long T, int n) {
        double head = 0;
        for (int t = 1; t <= Math.min(T, 2L * steps); t++) {
            head += (all.traceW[t] - 1) / t;
        }
        double top = Math.max(0, all.traceW[2 * steps] - 1);
        double rest = T > 2L * steps ? top * lambda * ShortWalks.geometricTail(lambda, 2L * steps + 1, T) : 0;
        double slack = ROUNDING * (Math.abs(head) + rest) + 1e-12 * n;
        return new double[] {head - rest - slack, head + rest + slack};
    }

}
