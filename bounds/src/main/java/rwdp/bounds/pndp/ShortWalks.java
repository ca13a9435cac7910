package rwdp.bounds.pndp;

import java.util.stream.IntStream;
import rwdp.markov.TransitionMatrix;

/**
 * The short walks behind the certified statistics (CertifiedStatistics uses them): W^s e_u for s ≤ S from every node by sparse scatter (W symmetric),
 * with their norms, return terms (the trace's head) and heads Σ_{s≤S} (W^s)_uv/s, in parallel over fixed blocks of
 * nodes merged in order (the same numbers for any thread count); and a second walk from chosen senders that bounds
 * each pair it reaches with both nodes' own norms.
 */
final class ShortWalks {
    private ShortWalks() {}

    /** Nodes per block of the parallel walks: the partial results merge in block order, whatever the thread count. */
    private static final int NODES_PER_BLOCK = 2048;

    /** What the walks from every node found (merged over nodes in a fixed order). */
    static final class Walks {
        double headMax = Double.NEGATIVE_INFINITY;
        int maxU = -1;
        int maxV = -1;
        double headMin = Double.POSITIVE_INFINITY;
        final double[] normSq;
        final double[] traceW;
        /** Per sender u (shared by the blocks, each writes its own nodes): max over v ≠ u of the head. */
        double[] rowHead;
        /** Per step s ≤ S and sender u (shared like rowHead): ‖W^s e_u‖². */
        double[][] rowNormSq;
        /** Per sender u (shared like rowHead): the diagonal's head Σ_{s≤S} (W^s)_uu/s. */
        double[] diagHead;

        Walks(int steps) {
            normSq = new double[steps + 1];
            traceW = new double[2 * steps + 1];
        }

        void merge(Walks o) {
            if (o.headMax > headMax) {
                headMax = o.headMax;
                maxU = o.maxU;
                maxV = o.maxV;
            }
            headMin = Math.min(headMin, o.headMin);
            for (int s = 0; s < normSq.length; s++) {
                normSq[s] = Math.max(normSq[s], o.normSq[s]);
            }
            for (int t = 0; t < traceW.length; t++) {
                traceW[t] += o.traceW[t];
            }
        }
    }

    /** Scratch of one thread: one dense vector per step and their supports. */
    static final class Scratch {
        final double[][] x;
        final int[][] support;
        final int[] size;
        final double[] head;
        final boolean[] seen;
        final int[] union;

        Scratch(int n, int steps) {
            x = new double[steps + 1][n];
            support = new int[steps + 1][n];
            size = new int[steps + 1];
            head = new double[n];
            seen = new boolean[n];
            union = new int[n];
        }
    }

    /** Walks of {@code steps} from every node, in parallel over fixed blocks merged in order. */
    static Walks walks(TransitionMatrix w, int steps, long T) {
        int n = w.n();
        int blocks = (n + NODES_PER_BLOCK - 1) / NODES_PER_BLOCK;
        Walks[] parts = new Walks[blocks];
        double[] rowHead = new double[n];
        double[][] rowNormSq = new double[steps + 1][n];
        double[] diagHead = new double[n];
        ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(() -> new Scratch(n, steps));
        IntStream.range(0, blocks).parallel().forEach(b -> {
            Walks part = new Walks(steps);
            part.rowHead = rowHead;
            part.rowNormSq = rowNormSq;
            part.diagHead = diagHead;
            Scratch sc = scratch.get();
            for (int u = b * NODES_PER_BLOCK; u < Math.min(n, (b + 1) * NODES_PER_BLOCK); u++) {
                walkFrom(w, u, steps, T, sc, part);
            }
            parts[b] = part;
        });
        Walks all = new Walks(steps);
        for (Walks p : parts) {
            all.merge(p);
        }
        all.rowHead = rowHead;
        all.rowNormSq = rowNormSq;
        all.diagHead = diagHead;
        return all;
    }

    /** One node's walks: W^s e_u for s ≤ S by sparse scatter (W symmetric), their norms, return terms and heads. */
    private static void walkFrom(TransitionMatrix w, int u, int steps, long T, Scratch sc, Walks part) {
        int unionSize = propagate(w, u, steps, T, sc, part);
        double best = 0;
        for (int i = 0; i < unionSize; i++) {
            int v = sc.union[i];
            if (v != u) {
                double h = sc.head[v];
                best = Math.max(best, h);
                if (h > part.headMax) {
                    part.headMax = h;
                    part.maxU = u;
                    part.maxV = v;
                }
                part.headMin = Math.min(part.headMin, h);
            }
        }
        part.rowHead[u] = best;
        part.diagHead[u] = sc.seen[u] ? sc.head[u] : 0;
        // Pairs no walk reached have head 0, the least possible (W ≥ 0).
        if (unionSize - (sc.seen[u] ? 1 : 0) < w.n() - 1) {
            part.headMin = Math.min(part.headMin, 0);
        }
        clear(sc, steps, unionSize);
    }

    /**
     * Returns an upper bound on max over v ≠ u of F_uv + H_S/n: over the nodes u's walks reach, the head plus the pair's
     * tail with both nodes' own norms ({@code own[q][x]} bounds ‖A^q e_x‖); over the others (head 0), u's tail against
     * the worst receiver, {@code worstTail}.
     */
    static double pairBound(TransitionMatrix w, int u, int steps, long T, Scratch sc, double[][] own, double geometric,
            double worstTail) {
        int unionSize = propagate(w, u, steps, T, sc, null);
        double[] ou = new double[steps + 1];
        double[] ov = new double[steps + 1];
        for (int q = 1; q <= steps; q++) {
            ou[q] = own[q][u];
        }
        double best = unionSize - (sc.seen[u] ? 1 : 0) < w.n() - 1 ? worstTail : Double.NEGATIVE_INFINITY;
        for (int i = 0; i < unionSize; i++) {
            int v = sc.union[i];
            if (v != u) {
                for (int q = 1; q <= steps; q++) {
                    ov[q] = own[q][v];
                }
                best = Math.max(best, sc.head[v] + senderTail(ou, ov, geometric, steps, T));
            }
        }
        clear(sc, steps, unionSize);
        return best;
    }

    /**
     * Spreads W^s e_u for s ≤ S into {@code sc} (vectors, supports, heads Σ_{s≤S} (W^s)_uv/s and the union of the
     * supports, whose size it returns); records the norms and return terms in {@code part} unless it is null.
     */
    private static int propagate(TransitionMatrix w, int u, int steps, long T, Scratch sc, Walks part) {
        sc.x[0][u] = 1;
        sc.support[0][0] = u;
        sc.size[0] = 1;
        int unionSize = 0;
        for (int s = 1; s <= steps; s++) {
            double[] prev = sc.x[s - 1];
            double[] cur = sc.x[s];
            int[] sup = sc.support[s];
            int m = 0;
            for (int i = 0; i < sc.size[s - 1]; i++) {
                int j = sc.support[s - 1][i];
                double xj = prev[j];
                for (int k = 0; k < w.rowLength(j); k++) {
                    int v = w.column(j, k);
                    if (cur[v] == 0) {
                        sup[m++] = v;
                    }
                    cur[v] += xj * w.probability(j, k);
                }
            }
            sc.size[s] = m;
            double c = s <= T ? 1.0 / s : 0;
            double normSq = 0;
            for (int i = 0; i < m; i++) {
                int v = sup[i];
                normSq += cur[v] * cur[v];
                if (!sc.seen[v]) {
                    sc.seen[v] = true;
                    sc.union[unionSize++] = v;
                }
                sc.head[v] += c * cur[v];
            }
            if (part != null) {
                part.normSq[s] = Math.max(part.normSq[s], normSq);
                part.rowNormSq[s][u] = normSq;
                part.traceW[2 * s] += normSq;
                part.traceW[2 * s - 1] += dot(prev, sc.support[s - 1], sc.size[s - 1], cur);
            }
        }
        return unionSize;
    }

    /** Zeroes what {@link #propagate} wrote into {@code sc}. */
    private static void clear(Scratch sc, int steps, int unionSize) {
        for (int s = 0; s <= steps; s++) {
            for (int i = 0; i < sc.size[s]; i++) {
                sc.x[s][sc.support[s][i]] = 0;
            }
            sc.size[s] = 0;
        }
        for (int i = 0; i < unionSize; i++) {
            sc.head[sc.union[i]] = 0;
            sc.seen[sc.union[i]] = false;
        }
    }

    private static double dot(double[] a, int[] support, int size, double[] b) {
        double s = 0;
        for (int i = 0; i < size; i++) {
            s += a[support[i]] * b[support[i]];
        }
        return s;
    }

    /**
     * Returns the sum over t > S of the bound ‖A^a e_u‖·N_b / t on |A^t_uv| for every receiver v (a = ⌊t/2⌋, b = ⌈t/2⌉,
     * t ≤ T; beyond 2S both norms shrink by λ* a step): {@code own[q]} bounds ‖A^q e_u‖, {@code norm[q]} every node's,
     * {@code geometric} is Σ_{t=2S..T} λ*^{t−2S}/t.
     */
    static double senderTail(double[] own, double[] norm, double geometric, int steps, long T) {
        double sum = 0;
        long last = Math.min(T, 2L * steps - 1);
        for (long t = steps + 1; t <= last; t++) {
            sum += own[(int) (t / 2)] * norm[(int) ((t + 1) / 2)] / t;
        }
        return sum + own[steps] * norm[steps] * geometric;
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
}
