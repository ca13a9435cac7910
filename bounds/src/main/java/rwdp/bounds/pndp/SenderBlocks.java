package rwdp.bounds.pndp;

import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.spectral.BlockWorkspace;
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
                r[v] = knownEntry(g, f, v);
            }
        }
        PairLoss loss = s.loss();
        for (int v = 0; v < r.length; v++) {
            r[v] = v == u ? 0 : loss.at(r[v]);
        }
        return r;
    }

    /**
     * Returns receiver v's entry of a sender's row f of f(W − J/n) when the sender is known: the max over v's
     * neighbours w ≠ v of f_w, the diagonal included (Cyffers et al., App. B.1).
     */
    static double knownEntry(Graph g, double[] f, int v) {
        double best = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < g.degree(v); k++) {
            int w = g.neighbor(v, k);
            if (w != v && f[w] > best) {
                best = f[w];
            }
        }
        return best;
    }

    /**
     * Returns the merged statistics of the rows {@code sources} (a pure function of the setting and
     * the block: the map step of a distributed all-pairs job).
     */
    static PairStatistics block(PndpSetting s, MatrixFunctionOperator op, int[] sources) {
        return new Evaluator(s, op).block(sources);
    }

    /** Returns the statistics of sender u's row {@code f} of f(W − J/n), with {@code dist} its BFS distances from u. */
    static PairStatistics rowStatistics(PndpSetting s, int u, double[] f, int[] dist) {
        return PairStatistics.ofRow(u, losses(s, u, f), dist);
    }

    /** See {@link PndpAccountant#blocks(PndpSetting, MatrixFunctionOperator, int[][], int)}. */
    static PairStatistics[] blocks(PndpSetting s, MatrixFunctionOperator op, int[][] blocks, int width) {
        if (width < 1) {
            throw new InvalidArgumentException("kernel width must be >= 1, got " + width);
        }
        Evaluator evaluator = new Evaluator(s, op);
        PairStatistics[] out = new PairStatistics[blocks.length];
        for (int first = 0; first < blocks.length; ) {
            int last = first;
            int senders = blocks[first].length;
            while (last + 1 < blocks.length && senders + blocks[last + 1].length <= width) {
                senders += blocks[++last].length;
            }
            int[] call = new int[senders];
            int at = 0;
            for (int b = first; b <= last; b++) {
                System.arraycopy(blocks[b], 0, call, at, blocks[b].length);
                at += blocks[b].length;
            }
            PairStatistics[] rows = evaluator.blockRows(call);
            at = 0;
            for (int b = first; b <= last; b++) {
                // Each block's rows merged in its own order: the statistics of a call of one block.
                PairStatistics acc = new PairStatistics();
                for (int j = 0; j < blocks[b].length; j++) {
                    acc.merge(rows[at++]);
                }
                out[b] = acc;
            }
            first = last + 1;
        }
        return out;
    }

    /**
     * Blocks of senders through the multi-vector kernel with one {@link BlockWorkspace}, allocated for the first block
     * and reused by every later one of the same size (issue: three n×block arrays per block before): one per thread
     * or task, never shared.
     */
    static final class Evaluator {
        private final PndpSetting setting;
        private final MatrixFunctionOperator op;
        private BlockWorkspace ws;

        Evaluator(PndpSetting setting, MatrixFunctionOperator op) {
            this.setting = setting;
            this.op = op;
        }

        /** Returns the merged statistics of the rows {@code sources}. */
        PairStatistics block(int[] sources) {
            PairStatistics acc = new PairStatistics();
            for (PairStatistics r : blockRows(sources)) {
                acc.merge(r);
            }
            return acc;
        }

        /** Returns the statistics of each row {@code sources[j]}. */
        PairStatistics[] blockRows(int[] sources) {
            for (int u : sources) {
                requireNode(setting, u);
            }
            PairStatistics[] out = new PairStatistics[sources.length];
            if (sources.length == 0) {
                return out;
            }
            if (ws == null || ws.block() != sources.length) {
                ws = op.workspace(sources.length);
            }
            op.rowsInto(sources, ws);
            // The same per-group traversals as forEachRow's callers: n ints per sender of one group, never the whole call's.
            RowDistances dist = new RowDistances(setting.graph(), sources);
            for (int j = 0; j < sources.length; j++) {
                out[j] = rowStatistics(setting, sources[j], ws.row(j), dist.of(j));
            }
            return out;
        }
    }

    /**
     * Evaluators handed to parallel tasks and taken back, so that each thread reuses one workspace across its blocks
     * and the workspaces go with the pool when the computation ends (a thread-local would keep them in the pool's
     * threads). Which evaluator serves a block changes no number: each block's arithmetic is its own.
     */
    static final class Pool {
        private final PndpSetting setting;
        private final MatrixFunctionOperator op;
        private final ConcurrentLinkedQueue<Evaluator> idle = new ConcurrentLinkedQueue<>();

        Pool(PndpSetting setting, MatrixFunctionOperator op) {
            this.setting = setting;
            this.op = op;
        }

        /** Returns the statistics of each row {@code sources[j]} with an idle evaluator (a new one if none is idle). */
        PairStatistics[] blockRows(int[] sources) {
            Evaluator e = idle.poll();
            if (e == null) {
                e = new Evaluator(setting, op);
            }
            try {
                return e.blockRows(sources);
            } finally {
                idle.offer(e);
            }
        }

        /** Returns the merged statistics of the rows {@code sources} with an idle evaluator. */
        PairStatistics block(int[] sources) {
            PairStatistics acc = new PairStatistics();
            for (PairStatistics r : blockRows(sources)) {
                acc.merge(r);
            }
            return acc;
        }
    }

    /**
     * Returns the exact statistics over all ordered pairs u ≠ v, streaming blocks of {@code block}
     * senders through the multi-vector kernel in parallel (memory O(nnz + n·block) per thread, allocated once per
     * thread) and merging the partial statistics in block order; {@code progress} receives the number of senders
     * finished after each block (may be null).
     *
     * @throws InvalidArgumentException when block &lt; 1
     */
    static PairStatistics allSources(PndpSetting s, MatrixFunctionOperator op, int block, IntConsumer progress) {
        if (block < 1) {
            throw new InvalidArgumentException("block size must be >= 1, got " + block);
        }
        int n = s.w().n();
        int blocks = (n + block - 1) / block;
        PairStatistics[] parts = new PairStatistics[blocks];
        AtomicInteger done = new AtomicInteger();
        if (block == MatrixFunctionOperator.DEFAULT_BLOCK && op.senderBlock() > block) {
            // A large graph: wider kernel blocks, each step on every thread; the statistics still merge per block of
            // `block` senders in sender order (the rows arrive in order), so the same bits as the per-thread blocks.
            for (int b = 0; b < blocks; b++) {
                parts[b] = new PairStatistics();
            }
            int[] senders = IntStream.range(0, n).toArray();
            RowDistances dist = new RowDistances(s.graph(), senders);
            op.forEachRow(senders, (u, row) -> {
                parts[u / block].merge(rowStatistics(s, u, row, dist.of(u)));
                int d = done.incrementAndGet();
                if (progress != null && (d % block == 0 || d == n)) {
                    progress.accept(d);
                }
            });
        } else {
            Pool pool = new Pool(s, op);
            IntStream.range(0, blocks).parallel().forEach(b -> {
                int[] src = IntStream.range(b * block, Math.min(n, (b + 1) * block)).toArray();
                parts[b] = pool.block(src);
                int d = done.addAndGet(src.length);
                if (progress != null) {
                    progress.accept(d);
                }
            });
        }
        PairStatistics all = new PairStatistics();
        for (PairStatistics p : parts) {
            all.merge(p);
        }
        return all;
    }
}
