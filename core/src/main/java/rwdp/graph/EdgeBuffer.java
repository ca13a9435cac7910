package rwdp.graph;

import java.util.Arrays;

/** A growable list of undirected edges, turned into a {@link Graph} once complete. */
final class EdgeBuffer {
    private int[] u = new int[16];
    private int[] v = new int[16];
    private int m;

    void add(int a, int b) {
        if (m == u.length) {
            int cap = Math.max(16, m + (m >> 1));
            u = Arrays.copyOf(u, cap);
            v = Arrays.copyOf(v, cap);
        }
        u[m] = a;
        v[m] = b;
        m++;
    }

    Graph toGraph(int n) {
        return Graph.fromEdges(n, u, v, m, null);
    }

    Graph toGraph(int n, long[] originalIds) {
        return Graph.fromEdges(n, u, v, m, originalIds);
    }
}
