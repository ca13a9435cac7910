package rwdp.bounds.pndp;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import rwdp.graph.Graph;
import rwdp.spectral.MatrixFunctionOperator;

/**
 * BFS distances for the rows of a sender list as the kernel hands them out: one bit-parallel traversal
 * ({@link Graph#distancesFrom(int[])}) per group of {@value MatrixFunctionOperator#DEFAULT_BLOCK} consecutive rows,
 * made when the group's first row asks and dropped after its last, so at most about one group per thread is held
 * (n·32 ints). A traversal reads the edges once per level for the whole group, not once per sender.
 */
final class RowDistances {
    private static final int GROUP = MatrixFunctionOperator.DEFAULT_BLOCK;
    private final Graph graph;
    private final int[] senders;
    private final AtomicReferenceArray<int[][]> held;
    private final AtomicIntegerArray left;

    /** Distances for the rows of {@code senders} on {@code graph}; each row j is to be asked for once. */
    RowDistances(Graph graph, int[] senders) {
        this.graph = graph;
        this.senders = senders;
        int groups = (senders.length + GROUP - 1) / GROUP;
        this.held = new AtomicReferenceArray<>(groups);
        this.left = new AtomicIntegerArray(groups);
        for (int g = 0; g < groups; g++) {
            left.set(g, Math.min(GROUP, senders.length - g * GROUP));
        }
    }

    /** Returns the BFS distances from {@code senders[j]} (−1 where unreachable), as {@link Graph#distancesFrom(int)} gives them. */
    int[] of(int j) {
        int g = j / GROUP;
        int[][] d = held.get(g);
        if (d == null) {
            // Rows of a group arrive on one thread at a time (MatrixFunctionOperator.forEachRow), so one traversal each.
            d = graph.distancesFrom(Arrays.copyOfRange(senders, g * GROUP, Math.min(senders.length, (g + 1) * GROUP)));
            held.set(g, d);
        }
        int[] row = d[j - g * GROUP];
        if (left.decrementAndGet(g) == 0) {
            held.set(g, null);
        }
        return row;
    }
}
