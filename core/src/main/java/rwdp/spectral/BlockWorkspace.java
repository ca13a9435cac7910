package rwdp.spectral;

import rwdp.check.InvalidArgumentException;

/**
 * The buffers of {@link MatrixFunctionOperator#rowsInto}, allocated once and reused block after block: the two
 * Chebyshev recurrence vectors and the accumulated sum (n rows of {@code block} columns each), the per-column mean, the
 * row accumulators (one per parallel chunk of rows), the deflation's coefficients, and the rows handed out. Without it the kernel allocated three n×block
 * arrays per block (0.8 GB at n = 10⁶ and 32 senders). Not thread-safe: one per thread or task.
 */
public final class BlockWorkspace {
    final int n;
    final int block;
    double[][] prev;
    double[][] cur;
    final double[][] y;
    final double[] mean;
    final double[][] acc;
    final double[][] deflation;
    final double[][] out;

    /**
     * Returns a workspace for blocks of exactly {@code block} rows of an operator on {@code n} nodes with
     * {@code deflated} deflated eigenpairs.
     *
     * @throws InvalidArgumentException when n, block or deflated is out of range
     */
    public BlockWorkspace(int n, int block, int deflated) {
        if (n < 1 || block < 1 || deflated < 0) {
            throw new InvalidArgumentException("a workspace needs n >= 1, block >= 1 and deflated >= 0, got " + n + ", "
                    + block + ", " + deflated);
        }
        this.n = n;
        this.block = block;
        prev = new double[n][block];
        cur = new double[n][block];
        y = new double[n][block];
        mean = new double[block];
        acc = ChebyshevExpansion.accumulators(n, block);
        deflation = new double[deflated][block];
        out = new double[block][n];
    }

    /** Returns the number of rows per block. */
    public int block() {
        return block;
    }

    /**
     * Returns row j of the last block computed into this workspace (not a copy: overwritten by the next block).
     *
     * @throws InvalidArgumentException when j is outside 0..block−1
     */
    public double[] row(int j) {
        if (j < 0 || j >= block) {
            throw new InvalidArgumentException("row " + j + " is not in 0.." + (block - 1));
        }
        return out[j];
    }
}
