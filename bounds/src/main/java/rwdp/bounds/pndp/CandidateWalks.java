package rwdp.bounds.pndp;

import java.util.Arrays;
import java.util.function.IntToDoubleFunction;
import java.util.stream.IntStream;
import rwdp.markov.TransitionMatrix;

/**
 * Longer walks from the senders that could still hold the max, for graphs whose walks mix slowly (geometric graphs,
 * grids, low-degree nodes under Metropolis weights), where walks of S ≤ 4 steps leave too many candidates for exact rows.
 *
 * <p>Why it is proven. F is symmetric (W is), so a pair (u, v) with v outside the candidates C has F_uv = F_vu at most
 * v's own bound, below the threshold: only pairs inside C can beat the attained max. A walk of L steps from each u ∈ C
 * gives every pair's head Σ_{t≤L} A^t_uv/t exactly and u's norms ‖A^q e_u‖ for q ≤ L; the tail of a pair inside C is
 * then bounded with both nodes' own norms to L (the unreached ones against the largest norm in C), and beyond 2L by
 * λ*^{t−2L} as before. Each pass doubles L on the candidates left, while they are more than the exact rows allow and the
 * walks fit a budget of entries touched, counted per candidate in a fixed order (so the same passes for any thread
 * count).
 */
final class CandidateWalks {
    private CandidateWalks() {}

    /** Entries of W the long walks may touch in all (two walks a candidate a pass): at most a few minutes (measured 10-25 ns an entry on two cores, the vectors out of cache). */
    static final double BUDGET = 1e10;

    /** Memory the candidates' norms may take. */
    private static final double NORM_BYTES = 256e6;

    /** The longest walk tried. */
    static final int MAX_STEPS = 256;

    /** Candidates per block: the budget is checked between blocks, in order. */
    private static final int BLOCK = 256;

    /**
     * What the passes left: the candidates, an upper bound on every pair's F_uv (∞ when no pass ran; at least the
     * threshold) and the last walk length that completed (0 if none).
     */
    record Narrowed(int[] candidates, double hi, int steps) {
        Narrowed {
            candidates = candidates.clone();
        }

        @Override
        public int[] candidates() {
            return candidates.clone();
        }
    }

    /**
     * Returns the candidates left, and an upper bound on max over all pairs u ≠ v of F_uv (and of the known sender's
     * diagonal, {@code diagBound} when not null), after walks of 2S, 4S, … steps from the candidates {@code c}: every
     * pair outside them is below {@code threshold} (F units). Stops when at most {@code rowLimit} are left.
     */
    static Narrowed narrow(TransitionMatrix w, int[] c, int shortSteps, long T, double lambda, double threshold, int rowLimit,
            IntToDoubleFunction diagBound) {
        int n = w.n();
        double hi = Double.POSITIVE_INFINITY;
        int done = 0;
        double spent = 0;
        ThreadLocal<LongScratch> scratch = ThreadLocal.withInitial(() -> new LongScratch(n));
        boolean[] inC = new boolean[n];
        for (int steps = 2 * shortSteps; c.length > rowLimit && steps <= MAX_STEPS && steps / 2 < T; steps *= 2) {
            int L = steps;
            int[] from = c;
            if ((double) from.length * (L + 1) * Double.BYTES > NORM_BYTES) {
                break;
            }
            // Each candidate's own norms to L (the receivers' side of every pair inside C).
            double[][] norm = new double[from.length][L + 1];
            // ‖A^q e_u‖ ≤ λ*^q too: the powers once a pass, not once a candidate.
            double[] cap = new double[L + 1];
            for (int q = 1; q <= L; q++) {
                cap[q] = Math.pow(lambda, q);
            }
            long[] touched = new long[from.length];
            double pass = 0;
            boolean over = false;
            for (int b0 = 0; b0 < from.length && !over; b0 += BLOCK) {
                int b1 = Math.min(from.length, b0 + BLOCK);
                IntStream.range(b0, b1).parallel().forEach(i -> {
                    LongScratch sc = scratch.get();
                    double[] sq = new double[L + 1];
                    long[] r = longWalk(w, from[i], L, T, sc, sq);
                    clearLong(sc, (int) r[0]);
                    touched[i] = r[1];
                    for (int q = 1; q <= L; q++) {
                        norm[i][q] = Math.min(Math.sqrt(Math.max(0, sq[q] - 1.0 / n)), cap[q]);
                    }
                });
                for (int i = b0; i < b1; i++) {
                    pass += 2.0 * touched[i];
                }
                over = spent + pass > BUDGET;
            }
            if (over) {
                break;
            }
            spent += pass;
            double[] worst = new double[L + 1];
            int[] index = new int[n];
            for (int i = 0; i < from.length; i++) {
                inC[from[i]] = true;
                index[from[i]] = i;
                for (int q = 1; q <= L; q++) {
                    worst[q] = Math.max(worst[q], norm[i][q]);
                }
            }
            double geometric = ShortWalks.geometricTail(lambda, 2L * L, T);
            double harmonic = PndpParams.harmonic((int) Math.min(L, T));
            double[] bound = new double[from.length];
            IntStream.range(0, from.length).parallel().forEach(i -> {
                LongScratch sc = scratch.get();
                int u = from[i];
                long[] r = longWalk(w, u, L, T, sc, new double[L + 1]);
                int size = (int) r[0];
                int reachedInC = 0;
                double best = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < size; k++) {
                    int v = sc.union[k];
                    if (v != u && inC[v]) {
                        reachedInC++;
                        best = Math.max(best, sc.head[v] + ShortWalks.senderTail(norm[i], norm[index[v]], geometric, L, T));
                    }
                }
                if (diagBound != null) {
                    double diag = (sc.seen[u] ? sc.head[u] : 0) + ShortWalks.senderTail(norm[i], norm[i], geometric, L, T);
                    best = Math.max(best, Math.min(diag - harmonic / n, diagBound.applyAsDouble(u)) + harmonic / n);
                }
                if (reachedInC < from.length - 1) {
                    // Candidates the walk did not reach: head 0 within L steps, tail against the largest norms in C.
                    best = Math.max(best, ShortWalks.senderTail(norm[i], worst, geometric, L, T));
                }
                clearLong(sc, size);
                bound[i] = best - harmonic / n;
            });
            double top = threshold;
            int kept = 0;
            int[] next = new int[from.length];
            for (int i = 0; i < from.length; i++) {
                inC[from[i]] = false;
                top = Math.max(top, bound[i]);
                if (bound[i] >= threshold) {
                    next[kept++] = from[i];
                }
            }
            hi = Math.min(hi, top);
            c = Arrays.copyOf(next, kept);
            done = L;
        }
        return new Narrowed(c, hi, done);
    }

    /** Scratch of one thread: two rolling dense vectors, their supports, and the heads over the union of supports. */
    static final class LongScratch {
        double[] prev;
        double[] cur;
        int[] prevSupport;
        int[] curSupport;
        final double[] head;
        final boolean[] seen;
        final int[] union;

        LongScratch(int n) {
            prev = new double[n];
            cur = new double[n];
            prevSupport = new int[n];
            curSupport = new int[n];
            head = new double[n];
            seen = new boolean[n];
            union = new int[n];
        }
    }

    /**
     * Walks {@code steps} from u keeping only the last two vectors: writes ‖W^s e_u‖² for s ≤ steps into {@code normSq},
     * leaves the heads Σ_{s≤steps, s≤T} (W^s)_uv/s in {@code sc.head} over {@code sc.union} (read them, then
     * {@link #clearLong}), and returns {union size, entries of W touched}.
     */
    static long[] longWalk(TransitionMatrix w, int u, int steps, long T, LongScratch sc, double[] normSq) {
        sc.prev[u] = 1;
        sc.prevSupport[0] = u;
        int prevSize = 1;
        int unionSize = 0;
        long touched = 0;
        for (int s = 1; s <= steps; s++) {
            int m = 0;
            for (int i = 0; i < prevSize; i++) {
                int j = sc.prevSupport[i];
                double xj = sc.prev[j];
                int len = w.rowLength(j);
                touched += len;
                for (int k = 0; k < len; k++) {
                    int v = w.column(j, k);
                    if (sc.cur[v] == 0) {
                        sc.curSupport[m++] = v;
                    }
                    sc.cur[v] += xj * w.probability(j, k);
                }
            }
            double c = s <= T ? 1.0 / s : 0;
            double sq = 0;
            for (int i = 0; i < m; i++) {
                int v = sc.curSupport[i];
                sq += sc.cur[v] * sc.cur[v];
                if (!sc.seen[v]) {
                    sc.seen[v] = true;
                    sc.union[unionSize++] = v;
                }
                sc.head[v] += c * sc.cur[v];
            }
            normSq[s] = sq;
            for (int i = 0; i < prevSize; i++) {
                sc.prev[sc.prevSupport[i]] = 0;
            }
            double[] x = sc.prev;
            sc.prev = sc.cur;
            sc.cur = x;
            int[] sup = sc.prevSupport;
            sc.prevSupport = sc.curSupport;
            sc.curSupport = sup;
            prevSize = m;
        }
        for (int i = 0; i < prevSize; i++) {
            sc.prev[sc.prevSupport[i]] = 0;
        }
        return new long[] {unionSize, touched};
    }

    /** Zeroes the heads {@link #longWalk} left in {@code sc}. */
    static void clearLong(LongScratch sc, int unionSize) {
        for (int i = 0; i < unionSize; i++) {
            sc.head[sc.union[i]] = 0;
            sc.seen[sc.union[i]] = false;
        }
    }
}
