package rwdp.spectral;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;

/**
 * The multi-vector kernel of {@link MatrixFunctionOperator}: blocks of rows (or of given vectors) of f(W − J/n) through
 * one Chebyshev recurrence on n × block arrays, and the delivery of many senders' rows in blocks sized to the graph
 * (Cyffers et al., Thm. 3, App. B; issue 31: one random read of a neighbour's row serves the whole block).
 */
final class BlockRows {
    private BlockRows() {}

    /** See {@link MatrixFunctionOperator#senderBlock()}. */
    static int senderBlock(int n) {
        return senderBlock(n, 1);
    }

    /** See {@link MatrixFunctionOperator#senderBlock(int)}. */
    static int senderBlock(int n, int concurrent) {
        if (n < ChebyshevExpansion.PARALLEL_ROWS) {
            return MatrixFunctionOperator.DEFAULT_BLOCK;
        }
        long perSender = 4L * 8 * n;
        long fit = (long) (MatrixFunctionOperator.HEAP_SHARE * Runtime.getRuntime().maxMemory() / Math.max(1, concurrent)) / perSender;
        return (int) Math.max(MatrixFunctionOperator.DEFAULT_BLOCK, Math.min(MatrixFunctionOperator.LARGE_BLOCK, fit));
    }

    /** See {@link MatrixFunctionOperator#forEachRow}. */
    static void forEachRow(MatrixFunctionOperator op, int[] senders, MatrixFunctionOperator.RowSink sink) {
        for (int u : senders) {
            if (u < 0 || u >= op.n) {
                throw new InvalidArgumentException("node " + u + " is not in 0.." + (op.n - 1));
            }
        }
        int widest = senderBlock(op.n);
        int blocks = (senders.length + widest - 1) / widest;
        // Equal blocks on a large graph: one workspace serves them all (an odd last block would need a second).
        int width = widest == MatrixFunctionOperator.DEFAULT_BLOCK || blocks == 0 ? widest : (senders.length + blocks - 1) / blocks;
        if (widest == MatrixFunctionOperator.DEFAULT_BLOCK) {
            Queue<BlockWorkspace> idle = new ConcurrentLinkedQueue<>();
            IntStream.range(0, blocks).parallel().forEach(b -> deliver(op, senders, b * width, width, idle, sink));
        } else {
            Queue<BlockWorkspace> idle = new ArrayDeque<>();
            for (int b = 0; b < blocks; b++) {
                deliver(op, senders, b * width, width, idle, sink);
            }
        }
    }

    private static void deliver(MatrixFunctionOperator op, int[] senders, int from, int width, Queue<BlockWorkspace> idle,
                                MatrixFunctionOperator.RowSink sink) {
        int[] block = Arrays.copyOfRange(senders, from, Math.min(senders.length, from + width));
        BlockWorkspace ws = idle.poll();
        if (ws != null && ws.block() != block.length) {
            // Let the old buffers go before the new ones are taken: on a large graph both would not fit.
            ws = null;
        }
        if (ws == null) {
            ws = op.workspace(block.length);
        }
        rowsInto(op, block, ws);
        BlockWorkspace done = ws;
        int to = from + block.length;
        int firstGroup = from / MatrixFunctionOperator.DEFAULT_BLOCK;
        int groups = (to - 1) / MatrixFunctionOperator.DEFAULT_BLOCK - firstGroup + 1;
        // The sink's work (a row's losses, its breadth-first distances) on every thread, one 32-aligned group of j per
        // task and in increasing j within it; a group cut by the block's edge has its first part delivered with this
        // block, before the next block starts.
        IntStream g = IntStream.range(0, groups);
        (groups > 1 && block.length > MatrixFunctionOperator.DEFAULT_BLOCK ? g.parallel() : g).forEach(k -> {
            int lo = Math.max(from, (firstGroup + k) * MatrixFunctionOperator.DEFAULT_BLOCK);
            int hi = Math.min(to, (firstGroup + k + 1) * MatrixFunctionOperator.DEFAULT_BLOCK);
            for (int j = lo; j < hi; j++) {
                sink.accept(j, done.row(j - from));
            }
        });
        idle.offer(ws);
    }

    /** See {@link MatrixFunctionOperator#rowsInto}. */
    static void rowsInto(MatrixFunctionOperator op, int[] sources, BlockWorkspace ws) {
        int bs = sources.length;
        if (ws.n != op.n || ws.block != bs || ws.deflation.length != op.deflated()) {
            throw new InvalidArgumentException("the workspace holds " + ws.block + " rows of " + ws.n + " nodes with "
                    + ws.deflation.length + " deflated pairs, the block " + bs + " rows of " + op.n + " with " + op.deflated());
        }
        for (int u : sources) {
            if (u < 0 || u >= op.n) {
                throw new InvalidArgumentException("node " + u + " is not in 0.." + (op.n - 1));
            }
        }
        double inv = 1.0 / op.n;
        double c0 = op.coeffs[0];
        for (int i = 0; i < op.n; i++) {
            double[] pi = ws.prev[i];
            double[] yi = ws.y[i];
            for (int c = 0; c < bs; c++) {
                double x = (i == sources[c] ? 1 : 0) - inv;
                pi[c] = x;
                yi[c] = c0 * x;
            }
        }
        if (op.phi != null) {
            // Row u gains Σ_j (f − p)(θ_j) φ_j(u) φ_j: the deflated directions, where p is not f.
            for (int c = 0; c < bs; c++) {
                double[] pu = op.phi[sources[c]];
                for (int j = 0; j < op.theta.length; j++) {
                    ws.deflation[j][c] = op.correction[j] * pu[j];
                }
            }
        }
        expand(op, ws, bs);
    }

    /** See {@link MatrixFunctionOperator#applyInto}. */
    static void applyInto(MatrixFunctionOperator op, double[][] z, BlockWorkspace ws) {
        int bs = z.length;
        if (ws.n != op.n || ws.block != bs || ws.deflation.length != op.deflated()) {
            throw new InvalidArgumentException("the workspace holds " + ws.block + " rows of " + ws.n + " nodes with "
                    + ws.deflation.length + " deflated pairs, the block " + bs + " vectors of " + op.n + " with " + op.deflated());
        }
        for (double[] v : z) {
            if (v.length != op.n) {
                throw new InvalidArgumentException("a vector of " + v.length + " entries for " + op.n + " nodes");
            }
        }
        double c0 = op.coeffs[0];
        for (int i = 0; i < op.n; i++) {
            double[] pi = ws.prev[i];
            double[] yi = ws.y[i];
            for (int c = 0; c < bs; c++) {
                double x = z[c][i];
                pi[c] = x;
                yi[c] = c0 * x;
            }
        }
        if (op.phi != null) {
            for (int c = 0; c < bs; c++) {
                for (int j = 0; j < op.theta.length; j++) {
                    double d = 0;
                    for (int i = 0; i < op.n; i++) {
                        d += op.phi[i][j] * z[c][i];
                    }
                    ws.deflation[j][c] = op.correction[j] * d;
                }
            }
        }
        expand(op, ws, bs);
    }

    /** The recurrence from ws.prev and ws.y as set up, the deflated part from ws.deflation, and the rows handed out. */
    private static void expand(MatrixFunctionOperator op, BlockWorkspace ws, int bs) {
        double[][] prev = ws.prev;
        double[][] cur = ws.cur;
        double[][] y = ws.y;
        double[] mean = ws.mean;
        double[][] acc = ws.acc;
        if (op.coeffs.length > 1) {
            ChebyshevExpansion.step(op.rowStart, op.cols, op.vals, prev, null, cur, op.n, op.s1, op.s0, 1, mean, acc, op.coeffs[1], y);
        }
        for (int k = 2; k < op.coeffs.length; k++) {
            ChebyshevExpansion.step(op.rowStart, op.cols, op.vals, cur, prev, prev, op.n, op.s1, op.s0, 2, mean, acc, op.coeffs[k], y);
            double[][] t = prev;
            prev = cur;
            cur = t;
        }
        // The recurrence swapped its two vectors: keep them as they are for the next block (both are overwritten).
        ws.prev = prev;
        ws.cur = cur;
        if (op.phi != null) {
            int k = op.theta.length;
            double[][] a = ws.deflation;
            for (int i = 0; i < op.n; i++) {
                double[] pi = op.phi[i];
                double[] yi = y[i];
                for (int j = 0; j < k; j++) {
                    double pij = pi[j];
                    double[] aj = a[j];
                    for (int c = 0; c < bs; c++) {
                        yi[c] += pij * aj[c];
                    }
                }
            }
        }
        double[][] out = ws.out;
        for (int i = 0; i < op.n; i++) {
            double[] yi = y[i];
            for (int c = 0; c < bs; c++) {
                out[c][i] = yi[c];
            }
        }
    }
}
