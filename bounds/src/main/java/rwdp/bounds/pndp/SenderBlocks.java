package rwdp.bounds.pndp;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.spectral.MatrixFunctionOperator;

/**
 * Loss statistics of blocks of senders through the multi-vector kernel, and the exact all-pairs statistics streamed
 * block by block in parallel, never n² memory (Cyffers et al., Thm. 3; App. B.1 when the sender is known).
 */
final class SenderBlocks {
    private SenderBlocks() {}

    static void requireNode(PndpSetting s, int u) {
        if (u < 0 || u >= s.w().n()) {
            throw new InvalidArgumentException("source " + u + " is not a node of the graph (0.." + (s.w().n() - 1) + ")");
        }
    }

    /**
     * Turns row u of f(W − J/n) into row u of losses, in place where it can. Sender known (App. B.1):
     * ε̃_{u→v} = max over w ∈ N(v)∖{v} of ε_{u→w} needs only row u, since every w is another
     * observer of the same sender; the max is taken before the diagonal is zeroed, as in the matrix path.
     */
    static double[] losses(PndpSetting s, int u, double[] f) {
        double[] r = f;
        if (s.senderKnown()) {
            Graph g = s.graph();
            r = new double[f.length];
            for (int v = 0; v < f.length; v++) {
                double best = Double.NEGATIVE_INFINITY;
                for (int k = 0; k < g.degree(v); k++) {
                    int w = g.neighbor(v, k);
                    if (w != v && f[w] > best) {
                        best = f[w];
                    }
                }
                r[v] = best;
            }
        }
        double a = s.offset();
        double b = s.slope();
        for (int v = 0; v < r.length; v++) {
            r[v] = v == u ? 0 : a + b * r[v];
        }
        return r;
    }

    /**
     * Returns the merged statistics of the rows {@code sources} (a pure function of the setting and
     * the block: the map step of a distributed all-pairs job).
     */
    public static PairStatistics block(PndpSetting s, MatrixFunctionOperator op, int[] sources) {
        PairStatistics acc = new PairStatistics();
        for (PairStatistics r : blockRows(s, op, sources)) {
            acc.merge(r);
        }
        return acc;
    }

    static PairStatistics[] blockRows(PndpSetting s, MatrixFunctionOperator op, int[] sources) {
        for (int u : sources) {
            requireNode(s, u);
        }
        double[][] rows = op.rows(sources);
        PairStatistics[] out = new PairStatistics[sources.length];
        for (int j = 0; j < sources.length; j++) {
            int u = sources[j];
            double[] eps = losses(s, u, rows[j]);
            rows[j] = null;
            out[j] = PairStatistics.ofRow(u, eps, s.graph().distancesFrom(u));
        }
        return out;
    }

    /**
     * Returns the exact statistics over all ordered pairs u ≠ v, streaming blocks of {@code block}
     * senders through the multi-vector kernel in parallel (memory O(nnz + n·block) per thread) and
     * merging the partial statistics in block order; {@code progress} receives the number of senders
     * finished after each block (may be null).
     *
     * @throws InvalidArgumentException when block &lt; 1
     */
    public static PairStatistics allSources(PndpSetting s, MatrixFunctionOperator op, int block, IntConsumer progress) {
        if (block < 1) {
            throw new InvalidArgumentException("block size must be >= 1, got " + block);
        }
        int n = s.w().n();
        int blocks = (n + block - 1) / block;
        PairStatistics[] parts = new PairStatistics[blocks];
        AtomicInteger done = new AtomicInteger();
        IntStream.range(0, blocks).parallel().forEach(b -> {
            int[] src = IntStream.range(b * block, Math.min(n, (b + 1) * block)).toArray();
            parts[b] = block(s, op, src);
            int d = done.addAndGet(src.length);
            if (progress != null) {
                progress.accept(d);
            }
        });
        PairStatistics all = new PairStatistics();
        for (PairStatistics p : parts) {
            all.merge(p);
        }
        return all;
    }
}
