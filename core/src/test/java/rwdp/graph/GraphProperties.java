package rwdp.graph;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;

class GraphProperties {

    @Property(tries = 200)
    boolean adjacencyIsSymmetricAndDegreesSumToTwiceTheEdges(@ForAll @IntRange(min = 1, max = 80) int n,
            @ForAll @DoubleRange(min = 0, max = 1) double p, @ForAll long seed) {
        Graph g = GraphGenerators.erdosRenyi(n, p, seed);
        long degSum = 0;
        for (int i = 0; i < n; i++) {
            degSum += g.degree(i);
            for (int k = 0; k < g.degree(i); k++) {
                int j = g.neighbor(i, k);
                if (j == i || !g.hasEdge(j, i) || (k > 0 && g.neighbor(i, k - 1) >= j)) {
                    return false;
                }
            }
        }
        return degSum == 2 * g.edgeCount();
    }

    @Property(tries = 100)
    boolean bfsDistancesAreConsistentAlongEdges(@ForAll @IntRange(min = 2, max = 60) int n,
            @ForAll @DoubleRange(min = 0.02, max = 0.5) double p, @ForAll long seed) {
        Graph g = GraphGenerators.erdosRenyi(n, p, seed);
        int[] d = g.distancesFrom(0);
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < g.degree(i); k++) {
                int j = g.neighbor(i, k);
                if ((d[i] < 0) != (d[j] < 0) || (d[i] >= 0 && Math.abs(d[i] - d[j]) > 1)) {
                    return false;
                }
            }
        }
        return true;
    }

    /**
     * The bit-parallel traversal gives each source's distances exactly as its own BFS does: sparse and disconnected
     * graphs, more sources than one word carries (so a second traversal), repeated sources.
     */
    @Property(tries = 150)
    boolean multiSourceDistancesEqualOneBfsPerSource(@ForAll @IntRange(min = 1, max = 150) int n,
            @ForAll @DoubleRange(min = 0, max = 0.3) double p, @ForAll @IntRange(min = 0, max = 140) int k, @ForAll long seed) {
        Graph g = GraphGenerators.erdosRenyi(n, p, seed);
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
        int[] sources = new int[k];
        for (int j = 0; j < k; j++) {
            sources[j] = rng.nextInt(n);
        }
        int[][] all = g.distancesFrom(sources);
        for (int j = 0; j < k; j++) {
            if (!java.util.Arrays.equals(all[j], g.distancesFrom(sources[j]))) {
                return false;
            }
        }
        return all.length == k;
    }

    @Property(tries = 60)
    boolean geometricEdgesAreExactlyThePairsWithinTheRadius(@ForAll @IntRange(min = 2, max = 120) int n,
            @ForAll @DoubleRange(min = 0.01, max = 1.5) double r, @ForAll long seed) {
        // The cell-grid construction must find the same pairs as the brute-force O(n²) scan.
        java.util.SplittableRandom rng = new java.util.SplittableRandom(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextDouble();
            y[i] = rng.nextDouble();
        }
        Graph g = GraphGenerators.geometric(n, r, seed);
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double dx = x[i] - x[j];
                double dy = y[i] - y[j];
                if ((dx * dx + dy * dy <= r * r) != g.hasEdge(i, j)) {
                    return false;
                }
            }
        }
        return true;
    }

    @Property(tries = 60)
    boolean regularGraphsAreRegular(@ForAll @IntRange(min = 2, max = 40) int n, @ForAll @IntRange(min = 0, max = 39) int d,
            @ForAll long seed) {
        if (d >= n || (n * d) % 2 != 0) {
            return true;
        }
        Graph g = GraphGenerators.regular(n, d, seed);
        return g.minDegree() == d && g.maxDegree() == d && g.edgeCount() == (long) n * d / 2;
    }

    /**
     * The largest component against a union-find of the edges (an independent computation): its size is the largest
     * set's, ties go to the set holding the smallest node, the kept nodes are that set in increasing order with their
     * ids, and two kept nodes are adjacent exactly when they were.
     */
    @Property(tries = 200)
    boolean largestComponentIsTheUnionFindsLargestSet(@ForAll @IntRange(min = 1, max = 120) int n,
            @ForAll @DoubleRange(min = 0, max = 0.08) double p, @ForAll long seed) {
        Graph g = GraphGenerators.erdosRenyi(n, p, seed);
        int[] parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < g.degree(i); k++) {
                parent[find(parent, i)] = find(parent, g.neighbor(i, k));
            }
        }
        int[] size = new int[n];
        for (int i = 0; i < n; i++) {
            size[find(parent, i)]++;
        }
        int best = -1;
        for (int i = 0; i < n; i++) {
            int r = find(parent, i);
            if (best < 0 || size[r] > size[best]) {
                best = r;
            }
        }
        java.util.List<Integer> kept = new java.util.ArrayList<>();
        for (int i = 0; i < n; i++) {
            if (find(parent, i) == best) {
                kept.add(i);
            }
        }
        Graph h = g.largestComponent();
        if (h.n() != kept.size() || !h.isConnected() || (kept.size() == n) != (h == g)) {
            return false;
        }
        for (int a = 0; a < h.n(); a++) {
            if (h.originalId(a) != kept.get(a)) {
                return false;
            }
            for (int b = 0; b < h.n(); b++) {
                if (h.hasEdge(a, b) != g.hasEdge(kept.get(a), kept.get(b))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static int find(int[] parent, int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }
}
