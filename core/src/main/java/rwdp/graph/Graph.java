package rwdp.graph;

import java.util.ArrayDeque;
import java.util.Arrays;
import rwdp.check.InvalidArgumentException;

/**
 * An immutable simple undirected graph in compressed adjacency (CSR) form. Nodes are
 * {@code 0..n-1}; the neighbours of node {@code i} are {@code neighbor(i, 0..degree(i)-1)}, sorted
 * increasingly, self excluded. Self-loops and duplicate edges are dropped at construction.
 */
public final class Graph implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final int n;
    private final int[] offsets;
    private final int[] adjacency;
    private final long[] originalIds;

    private Graph(int n, int[] offsets, int[] adjacency, long[] originalIds) {
        this.n = n;
        this.offsets = offsets;
        this.adjacency = adjacency;
        this.originalIds = originalIds;
    }

    /**
     * Returns the graph on {@code n} nodes with the given undirected edges {@code (u[k], v[k])}.
     *
     * @throws InvalidArgumentException when n &lt; 1 or an endpoint in u or v is outside 0..n−1
     */
    public static Graph fromEdges(int n, int[] u, int[] v) {
        return fromEdges(n, u, v, u.length, null);
    }

    /**
     * Returns the graph on {@code n} nodes with the first {@code m} edges of {@code (u, v)};
     * {@code originalIds}, when not null, names node {@code i} in the source data.
     *
     * @throws InvalidArgumentException when n &lt; 1, originalIds is not null and not of length n, or an endpoint
     *     among the first m of u and v is outside 0..n−1
     */
    public static Graph fromEdges(int n, int[] u, int[] v, int m, long[] originalIds) {
        if (n < 1) {
            throw new InvalidArgumentException("a graph needs at least 1 node, got " + n);
        }
        if (originalIds != null && originalIds.length != n) {
            throw new InvalidArgumentException("originalIds has length " + originalIds.length + ", expected " + n);
        }
        int[] deg = new int[n];
        for (int k = 0; k < m; k++) {
            check(n, u[k]);
            check(n, v[k]);
            if (u[k] != v[k]) {
                deg[u[k]]++;
                deg[v[k]]++;
            }
        }
        int[] start = new int[n + 1];
        for (int i = 0; i < n; i++) {
            start[i + 1] = start[i] + deg[i];
        }
        int[] fill = Arrays.copyOf(start, n);
        int[] adj = new int[start[n]];
        for (int k = 0; k < m; k++) {
            if (u[k] != v[k]) {
                adj[fill[u[k]]++] = v[k];
                adj[fill[v[k]]++] = u[k];
            }
        }
        // Sort each row and drop duplicates, compacting in place.
        int[] offsets = new int[n + 1];
        int w = 0;
        for (int i = 0; i < n; i++) {
            Arrays.sort(adj, start[i], start[i + 1]);
            offsets[i] = w;
            int prev = -1;
            for (int k = start[i]; k < start[i + 1]; k++) {
                if (adj[k] != prev) {
                    adj[w++] = adj[k];
                    prev = adj[k];
                }
            }
        }
        offsets[n] = w;
        return new Graph(n, offsets, Arrays.copyOf(adj, w), originalIds == null ? null : originalIds.clone());
    }

    private static void check(int n, int node) {
        if (node < 0 || node >= n) {
            throw new InvalidArgumentException("edge endpoint " + node + " outside 0.." + (n - 1));
        }
    }

    /** Returns the number of nodes. */
    public int n() {
        return n;
    }

    /** Returns the number of undirected edges. */
    public long edgeCount() {
        return adjacency.length / 2;
    }

    /** Returns the number of neighbours of {@code i} (self excluded). */
    public int degree(int i) {
        return offsets[i + 1] - offsets[i];
    }

    /** Returns the {@code k}-th neighbour of {@code i} in increasing order. */
    public int neighbor(int i, int k) {
        return adjacency[offsets[i] + k];
    }

    /** Returns a copy of the sorted neighbour list of {@code i}. */
    public int[] neighbors(int i) {
        return Arrays.copyOfRange(adjacency, offsets[i], offsets[i + 1]);
    }

    /** Returns whether {@code i} and {@code j} are adjacent (binary search, O(log deg)). */
    public boolean hasEdge(int i, int j) {
        return Arrays.binarySearch(adjacency, offsets[i], offsets[i + 1], j) >= 0;
    }

    /** Returns the smallest degree. */
    public int minDegree() {
        int m = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            m = Math.min(m, degree(i));
        }
        return m;
    }

    /** Returns the largest degree. */
    public int maxDegree() {
        int m = 0;
        for (int i = 0; i < n; i++) {
            m = Math.max(m, degree(i));
        }
        return m;
    }

    /** Returns the mean degree 2|E|/n. */
    public double meanDegree() {
        return 2.0 * edgeCount() / n;
    }

    /** Returns the id node {@code i} had in the source data ({@code i} itself unless renumbered). */
    public long originalId(int i) {
        return originalIds == null ? i : originalIds[i];
    }

    /** Returns whether nodes were renumbered from the source data's ids. */
    public boolean isRenumbered() {
        return originalIds != null;
    }

    /** Returns BFS hop distances from {@code source}; -1 marks unreachable nodes. */
    public int[] distancesFrom(int source) {
        int[] dist = new int[n];
        Arrays.fill(dist, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        dist[source] = 0;
        queue[tail++] = source;
        while (head < tail) {
            int x = queue[head++];
            for (int k = offsets[x]; k < offsets[x + 1]; k++) {
                int y = adjacency[k];
                if (dist[y] < 0) {
                    dist[y] = dist[x] + 1;
                    queue[tail++] = y;
                }
            }
        }
        return dist;
    }

    /** Sources one traversal of {@link #distancesFrom(int[])} carries (one bit each in a word per node). */
    public static final int SOURCES_PER_TRAVERSAL = 64;

    /**
     * Returns the BFS hop distances from each of {@code sources} (row j from sources[j]; −1 marks unreachable nodes), as
     * {@link #distancesFrom(int)} gives them, from one bit-parallel traversal per {@value #SOURCES_PER_TRAVERSAL} sources:
     * a node's word holds one bit per source, so a level reads each frontier node's edges once for all the sources it
     * carries, not once per source (Then et al., "The More the Merrier: Efficient Multi-Source Graph Traversal", VLDB 2014).
     *
     * @throws InvalidArgumentException when a source is not a node
     */
    public int[][] distancesFrom(int[] sources) {
        for (int u : sources) {
            if (u < 0 || u >= n) {
                throw new InvalidArgumentException("node " + u + " is not in 0.." + (n - 1));
            }
        }
        int[][] dist = new int[sources.length][];
        if (sources.length == 0) {
            return dist;
        }
        long[] visited = new long[n];
        long[] frontier = new long[n];
        long[] next = new long[n];
        int[] cur = new int[n];
        int[] nxt = new int[n];
        for (int from = 0; from < sources.length; from += SOURCES_PER_TRAVERSAL) {
            int to = Math.min(sources.length, from + SOURCES_PER_TRAVERSAL);
            if (from > 0) {
                Arrays.fill(visited, 0);
            }
            int curLen = 0;
            for (int j = from; j < to; j++) {
                int v = sources[j];
                dist[j] = new int[n];
                Arrays.fill(dist[j], -1);
                dist[j][v] = 0;
                if (frontier[v] == 0) {
                    cur[curLen++] = v;
                }
                long bit = 1L << (j - from);
                frontier[v] |= bit;
                visited[v] |= bit;
            }
            for (int level = 1; curLen > 0; level++) {
                int nxtLen = 0;
                for (int i = 0; i < curLen; i++) {
                    int x = cur[i];
                    long f = frontier[x];
                    for (int k = offsets[x]; k < offsets[x + 1]; k++) {
                        int y = adjacency[k];
                        long reached = f & ~visited[y];
                        if (reached != 0) {
                            if (next[y] == 0) {
                                nxt[nxtLen++] = y;
                            }
                            next[y] |= reached;
                            visited[y] |= reached;
                        }
                    }
                    frontier[x] = 0;
                }
                for (int i = 0; i < nxtLen; i++) {
                    int y = nxt[i];
                    long bits = next[y];
                    next[y] = 0;
                    frontier[y] = bits;
                    while (bits != 0) {
                        dist[from + Long.numberOfTrailingZeros(bits)][y] = level;
                        bits &= bits - 1;
                    }
                }
                int[] t = cur;
                cur = nxt;
                nxt = t;
                curLen = nxtLen;
            }
        }
        return dist;
    }

    /** Returns whether every node is reachable from node 0. */
    public boolean isConnected() {
        for (int d : distancesFrom(0)) {
            if (d < 0) {
                return false;
            }
        }
        return true;
    }

    /** Returns each node's connected component, numbered 0, 1, ... in the order of each component's smallest node. */
    public int[] componentLabels() {
        int[] label = new int[n];
        Arrays.fill(label, -1);
        int[] queue = new int[n];
        int next = 0;
        for (int s = 0; s < n; s++) {
            if (label[s] >= 0) {
                continue;
            }
            int head = 0;
            int tail = 0;
            label[s] = next;
            queue[tail++] = s;
            while (head < tail) {
                int x = queue[head++];
                for (int k = offsets[x]; k < offsets[x + 1]; k++) {
                    int y = adjacency[k];
                    if (label[y] < 0) {
                        label[y] = next;
                        queue[tail++] = y;
                    }
                }
            }
            next++;
        }
        return label;
    }

    /** Returns the size of each connected component, indexed as {@link #componentLabels()} numbers them. */
    public int[] componentSizes() {
        return sizes(componentLabels());
    }

    private static int[] sizes(int[] label) {
        int count = 0;
        for (int l : label) {
            count = Math.max(count, l + 1);
        }
        int[] size = new int[count];
        for (int l : label) {
            size[l]++;
        }
        return size;
    }

    /**
     * Returns the subgraph induced by the largest connected component (of equal ones, the one holding the smallest node),
     * its nodes renumbered 0.. in increasing order and each keeping its {@link #originalId(int)}; this graph when
     * it is connected.
     */
    public Graph largestComponent() {
        int[] label = componentLabels();
        int[] size = sizes(label);
        if (size.length == 1) {
            return this;
        }
        int keep = 0;
        for (int c = 1; c < size.length; c++) {
            if (size[c] > size[keep]) {
                keep = c;
            }
        }
        // Old ids in increasing order map to new ones in increasing order, so each row stays sorted.
        int m = size[keep];
        int[] newId = new int[n];
        long[] ids = new long[m];
        int[] off = new int[m + 1];
        int j = 0;
        for (int i = 0; i < n; i++) {
            if (label[i] == keep) {
                newId[i] = j;
                ids[j] = originalId(i);
                off[j + 1] = off[j] + degree(i);
                j++;
            }
        }
        int[] adj = new int[off[m]];
        j = 0;
        for (int i = 0; i < n; i++) {
            if (label[i] == keep) {
                for (int k = offsets[i]; k < offsets[i + 1]; k++) {
                    adj[j++] = newId[adjacency[k]];
                }
            }
        }
        return new Graph(m, off, adj, ids);
    }

    /** Returns whether the graph is bipartite (2-colourable), checked on every component. */
    public boolean isBipartite() {
        int[] colour = new int[n];
        Arrays.fill(colour, -1);
        ArrayDeque<Integer> queue = new ArrayDeque<>();
        for (int s = 0; s < n; s++) {
            if (colour[s] >= 0) {
                continue;
            }
            colour[s] = 0;
            queue.add(s);
            while (!queue.isEmpty()) {
                int x = queue.poll();
                for (int k = offsets[x]; k < offsets[x + 1]; k++) {
                    int y = adjacency[k];
                    if (colour[y] < 0) {
                        colour[y] = 1 - colour[x];
                        queue.add(y);
                    } else if (colour[y] == colour[x]) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    @Override
    public String toString() {
        return "Graph[n=" + n + ", edges=" + edgeCount() + "]";
    }
}
