package rwdp.bounds.pndp;

import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;
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
 * most concentrated (lowest-degree) node's walks. The max's lower end is an
 * attained value: the exact row of the pair whose head is largest. The mean needs only the trace, because F𝟙 = 0
 * (W doubly stochastic): Σ_{u≠v} F_uv = −tr F, and tr A^t = Σ_u (W^t)_uu − 1 is exact for t ≤ 2S from the same walks
 * ((W^{2s})_uu = ‖W^s e_u‖², (W^{2s−1})_uu = ⟨W^{s−1}e_u, W^s e_u⟩), |tr A^t| ≤ λ*^{t−2S} tr A^{2S} beyond.
 * Everything is proven up to floating-point rounding, covered by a relative allowance of {@value #ROUNDING}.
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

    /** Returns the longest walk length within the budget, capped at T; refuses when even 2 steps exceed it. */
    static int steps(PndpSetting s) {
        TransitionMatrix w = s.w();
        if (work(w, 2) > WORK_BUDGET) {
            throw new InvalidArgumentException(String.format(java.util.Locale.ROOT,
                    "certified statistics need walks of 2 steps from every node, about %.3g sparse products: more than the %.0e"
                            + " that finish in minutes on this graph (its degrees are too large)", work(w, 2), WORK_BUDGET));
        }
        int steps = 2;
        while (steps < MAX_STEPS && work(w, steps + 1) <= WORK_BUDGET) {
            steps++;
        }
        return (int) Math.min(steps, s.params().T());
    }

    /** Returns the certified statistics (F-space, before a + b·F) by walks of {@code steps} from every node and one exact row. */
    static PairStatistics.Certified compute(PndpSetting s, MatrixFunctionOperator op, int steps) {
        return compute(s, op, steps, maxCandidateRows(op));
    }

    /** As {@link #compute(PndpSetting, MatrixFunctionOperator, int)}, with at most {@code rowLimit} exact candidate rows. */
    static PairStatistics.Certified compute(PndpSetting s, MatrixFunctionOperator op, int steps, int rowLimit) {
        if (s.senderKnown()) {
            throw new InvalidArgumentException("certified statistics are for the anonymous sender: the sender-known loss is a max over"
                    + " neighbours, which the trace identity and the walk bound do not cover (use --sample or --all-sources)");
        }
        TransitionMatrix w = s.w();
        int n = w.n();
        long T = s.params().T();
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
        double geometric = geometricTail(lambda, 2L * steps, T);
        double[] senderTail = new double[n];
        // own[q][u] bounds ‖A^q e_u‖ (the walks' exact norm, or λ*^q); rowNormSq's memory is reused for it.
        double[][] own = all.rowNormSq;
        IntStream.range(0, n).parallel().forEach(u -> {
            double[] ou = new double[steps + 1];
            for (int q = 1; q <= steps; q++) {
                own[q][u] = Math.min(Math.sqrt(Math.max(0, own[q][u] - 1.0 / n)), Math.pow(lambda, q));
                ou[q] = own[q][u];
            }
            senderTail[u] = Math.min(tail, ShortWalks.senderTail(ou, norm, geometric, steps, T));
        });
        // The head of a pair with no walk of ≤ S steps between them is −H_S/n; such a pair exists when a ball is not all nodes.
        // Heads are ≥ 0 (W ≥ 0); a pair no walk reached has head 0, already counted in headMin.
        double headMin = all.headMin - harmonicS / n;
        double upper = Double.NEGATIVE_INFINITY;
        for (int u = 0; u < n; u++) {
            upper = Math.max(upper, all.rowHead[u] + senderTail[u]);
        }
        double maxHi = upper - harmonicS / n;
        double minLo = headMin - tail;
        // The attained end: the exact row of the node whose head is largest.
        double[] row = op.row(all.maxU);
        // The row is the expansion's, within its tolerance of max|f| on the interval: the attained ends give that much way.
        double rowError = expansionError(s, op, iv);
        int argV = -1;
        double rowMax = Double.NEGATIVE_INFINITY;
        double rowMin = Double.POSITIVE_INFINITY;
        for (int v = 0; v < n; v++) {
            if (v != all.maxU) {
                if (row[v] > rowMax) {
                    rowMax = row[v];
                    argV = v;
                }
                rowMin = Math.min(rowMin, row[v]);
            }
        }
        // Every sender whose pairs could beat the attained max (head + tail ≥ it) gets its exact row: when they are few,
        // the max over all pairs is the max of those rows, and hi closes on lo.
        double threshold = rowMax - rowError + harmonicS / n;
        int[] candidates = IntStream.range(0, n).filter(u -> all.rowHead[u] + senderTail[u] >= threshold).toArray();
        if (candidates.length > rowLimit) {
            // Too many for exact rows: walk again from the candidates and bound each pair with both its nodes' own norms
            // (a typical sender's near pairs are far from the worst node's tail).
            double[] bound = new double[candidates.length];
            int[] from = candidates;
            ThreadLocal<ShortWalks.Scratch> scratch = ThreadLocal.withInitial(() -> new ShortWalks.Scratch(n, steps));
            IntStream.range(0, from.length).parallel().forEach(i ->
                    bound[i] = ShortWalks.pairBound(w, from[i], steps, T, scratch.get(), own, geometric, senderTail[from[i]]));
            double refined = Double.NEGATIVE_INFINITY;
            int kept = 0;
            for (int i = 0; i < from.length; i++) {
                refined = Math.max(refined, bound[i]);
                if (bound[i] >= threshold) {
                    from[kept++] = from[i];
                }
            }
            candidates = java.util.Arrays.copyOf(from, kept);
            // Senders outside the first filter have head + tail below the threshold, hence below every kept bound's max
            // or the threshold itself; the max's upper end is the larger of the refined bounds and the threshold.
            maxHi = Math.min(maxHi, Math.max(refined, threshold) - harmonicS / n);
        }
        int candidateSenders = candidates.length;
        if (candidates.length <= rowLimit) {
            double[] best = exactMax(op, candidates);
            if (best[0] > rowMax) {
                rowMax = best[0];
                all.maxU = (int) best[1];
                argV = (int) best[2];
            }
            maxHi = Math.min(maxHi, rowMax + 2 * rowError);
        }
        double[] trace = traceInterval(all, lambda, steps, T, n);
        double pairs = (double) n * (n - 1);
        double slack = ROUNDING * Math.max(Math.abs(maxHi), Math.abs(minLo));
        PairLoss loss = s.loss();
        double maxLo = rowMax - rowError;
        double minHi = rowMin + rowError;
        return new PairStatistics.Certified(steps, lambda, tail,
                loss.at(Math.min(minLo - slack, minHi)), loss.at(minHi),
                loss.at(-trace[1] / pairs), loss.at(-trace[0] / pairs),
                loss.at(maxLo), loss.at(Math.max(maxHi + slack, maxLo)), all.maxU, argV, candidateSenders);
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
        double slack = "spectrum".equals(id.route()) ? ROUNDING * Math.abs(id.mean())
                : s.loss().perTrace(n) * (n - 1) * expansionError(s, op, iv);
        double lo = Math.max(c.meanLo(), id.ciLow() - slack);
        double hi = Math.min(c.meanHi(), id.ciHigh() + slack);
        if (lo > hi) {
            // The statistical interval missed the proven one (a draw in 1 − level): the proven interval stands.
            return new PairStatistics.Interval(id.mean(), c.meanLo(), c.meanHi(), level);
        }
        return new PairStatistics.Interval(Math.min(hi, Math.max(lo, id.mean())), lo, hi, level);
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
    static double[] exactMax(MatrixFunctionOperator op, int[] senders) {
        double[][] perRow = new double[senders.length][];
        op.forEachRow(senders, (j, row) -> {
            double[] best = {Double.NEGATIVE_INFINITY, -1, -1};
            for (int v = 0; v < row.length; v++) {
                if (v != senders[j] && row[v] > best[0]) {
                    best[0] = row[v];
                    best[1] = senders[j];
                    best[2] = v;
                }
            }
            perRow[j] = best;
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
        return ShortWalks.senderTail(norm, norm, geometricTail(lambda, 2L * steps, T), steps, T);
    }


    /** Returns an upper bound on Σ_{t=t0..T} λ^{t−t0}/t (closed form T: to infinity). */
    static double geometricTail(double lambda, long t0, long T) {
        double sum = 0;
        double p = 1;
        long t = t0;
        for (; t <= T && t < t0 + 100_000; t++) {
            sum += p / t;
            p *= lambda;
            if (p < 1e-20) {
                t++;
                break;
            }
        }
        // What is left is below p Σ_j λ^j / t ≤ p / (t (1 − λ)).
        return t > T ? sum : sum + p / (t * (1 - lambda));
    }

    /** Returns [lo, hi] on tr F = Σ_{t≤T} tr(A^t)/t: exact to 2S, the rest bounded by λ*^{t−2S} tr A^{2S}. */
    static double[] traceInterval(ShortWalks.Walks all, double lambda, int steps, long T, int n) {
        double head = 0;
        for (int t = 1; t <= Math.min(T, 2L * steps); t++) {
            head += (all.traceW[t] - 1) / t;
        }
        double top = Math.max(0, all.traceW[2 * steps] - 1);
        double rest = T > 2L * steps ? top * lambda * geometricTail(lambda, 2L * steps + 1, T) : 0;
        double slack = ROUNDING * (Math.abs(head) + rest) + 1e-12 * n;
        return new double[] {head - rest - slack, head + rest + slack};
    }

}
