package rwdp.graph;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * The graph families of the spec's SPEC grammar. Random families take a seed and use
 * {@link SplittableRandom}, whose output is fixed by the JDK specification, so a given
 * (parameters, seed) yields the same graph on every platform.
 */
public final class GraphGenerators {
    private GraphGenerators() {}

    /** Returns the complete graph K_n. */
    public static Graph complete(int n) {
        requireNodes("complete", n, 1);
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                e.add(i, j);
            }
        }
        return e.toGraph(n);
    }

    /** Returns the cycle 0-1-...-(n-1)-0 (n >= 3; n = 2 gives a single edge). */
    public static Graph ring(int n) {
        requireNodes("ring", n, 2);
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 0; i < n; i++) {
            e.add(i, (i + 1) % n);
        }
        return e.toGraph(n);
    }

    /** Returns the star with centre 0 and leaves 1..n-1. */
    public static Graph star(int n) {
        requireNodes("star", n, 2);
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 1; i < n; i++) {
            e.add(0, i);
        }
        return e.toGraph(n);
    }

    /** Returns the path 0-1-...-(n-1). */
    public static Graph path(int n) {
        requireNodes("path", n, 1);
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 0; i + 1 < n; i++) {
            e.add(i, i + 1);
        }
        return e.toGraph(n);
    }

    /** Returns the r x c grid; node (a, b) is a*c + b. */
    public static Graph grid(int r, int c) {
        requireNodes("grid rows", r, 1);
        requireNodes("grid columns", c, 1);
        EdgeBuffer e = new EdgeBuffer();
        for (int a = 0; a < r; a++) {
            for (int b = 0; b < c; b++) {
                if (b + 1 < c) {
                    e.add(a * c + b, a * c + b + 1);
                }
                if (a + 1 < r) {
                    e.add(a * c + b, (a + 1) * c + b);
                }
            }
        }
        return e.toGraph(r * c);
    }

    /** Returns the r x c torus (grid with wrap-around); node (a, b) is a*c + b. */
    public static Graph torus(int r, int c) {
        requireNodes("torus rows", r, 1);
        requireNodes("torus columns", c, 1);
        EdgeBuffer e = new EdgeBuffer();
        for (int a = 0; a < r; a++) {
            for (int b = 0; b < c; b++) {
                e.add(a * c + b, a * c + (b + 1) % c);
                e.add(a * c + b, ((a + 1) % r) * c + b);
            }
        }
        return e.toGraph(r * c);
    }

    /** Returns the k-dimensional hypercube on 2^k nodes (neighbours differ in one bit). */
    public static Graph hypercube(int k) {
        requireHypercube(k);
        int n = 1 << k;
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 0; i < n; i++) {
            for (int b = 0; b < k; b++) {
                int j = i ^ (1 << b);
                if (i < j) {
                    e.add(i, j);
                }
            }
        }
        return e.toGraph(n);
    }

    /** Returns the exponential graph: node i linked to i +- 2^j mod n for every 2^j < n. */
    public static Graph exponential(int n) {
        requireNodes("exponential", n, 1);
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 0; i < n; i++) {
            for (long s = 1; s < n; s <<= 1) {
                e.add(i, (int) ((i + s) % n));
            }
        }
        return e.toGraph(n);
    }

    /**
     * Returns an Erdos-Renyi G(n, p) graph, in O(n + m) by geometric skipping
     * (Batagelj and Brandes 2005).
     */
    public static Graph erdosRenyi(int n, double p, long seed) {
        requireNodes("er", n, 1);
        requireProbability("er edge probability", p);
        EdgeBuffer e = new EdgeBuffer();
        if (p == 0) {
            return e.toGraph(n);
        }
        SplittableRandom rng = new SplittableRandom(seed);
        if (p == 1) {
            return complete(n);
        }
        double logq = Math.log1p(-p);
        int v = 1;
        int w = -1;
        while (v < n) {
            double r = rng.nextDouble();
            w += 1 + (int) Math.floor(Math.log1p(-r) / logq);
            while (w >= v && v < n) {
                w -= v;
                v++;
            }
            if (v < n) {
                e.add(v, w);
            }
        }
        return e.toGraph(n);
    }

    /**
     * Returns a random d-regular simple graph by the Steger-Wormald pairing (pair two random
     * free stubs on distinct, non-adjacent nodes; restart when stuck), which is asymptotically
     * uniform. For d > (n-1)/2 it builds the complement of an (n-1-d)-regular graph, since
     * pairings of dense graphs almost never finish.
     */
    public static Graph regular(int n, int d, long seed) {
        requireRegular(n, d);
        SplittableRandom rng = new SplittableRandom(seed);
        if (2 * d > n - 1) {
            Graph sparse = pairing(n, n - 1 - d, rng);
            EdgeBuffer e = new EdgeBuffer();
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    if (!sparse.hasEdge(i, j)) {
                        e.add(i, j);
                    }
                }
            }
            return e.toGraph(n);
        }
        return pairing(n, d, rng);
    }

    private static Graph pairing(int n, int d, SplittableRandom rng) {
        int points = n * d;
        int[] stubs = new int[points];
        for (int attempt = 0; attempt < 10_000; attempt++) {
            for (int i = 0; i < points; i++) {
                stubs[i] = i / d;
            }
            int free = points;
            PartialRegular edges = new PartialRegular(n, d);
            EdgeBuffer e = new EdgeBuffer();
            boolean stuck = false;
            while (free > 0 && !stuck) {
                boolean paired = false;
                for (int tries = 0; tries < 64 && !paired; tries++) {
                    int a = rng.nextInt(free);
                    int b = rng.nextInt(free);
                    int u = stubs[a];
                    int v = stubs[b];
                    if (u != v && !edges.contains(u, v)) {
                        edges.add(u, v);
                        e.add(u, v);
                        // Remove both stubs by swapping them to the end (larger index first).
                        int hi = Math.max(a, b);
                        int lo = Math.min(a, b);
                        stubs[hi] = stubs[--free];
                        stubs[lo] = stubs[--free];
                        paired = true;
                    }
                }
                if (!paired) {
                    stuck = !suitablePairExists(stubs, free, edges);
                }
            }
            if (!stuck) {
                return e.toGraph(n);
            }
        }
        throw new InvalidArgumentException("no simple " + d + "-regular graph found on " + n + " nodes; use another degree");
    }

    private static boolean suitablePairExists(int[] stubs, int free, PartialRegular edges) {
        for (int a = 0; a < free; a++) {
            for (int b = a + 1; b < free; b++) {
                if (stubs[a] != stubs[b] && !edges.contains(stubs[a], stubs[b])) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * The edges paired so far, as each node's neighbours (at most d): a membership test scans the shorter list, which
     * beats hashing boxed longs for the small degrees of random regular graphs (a 10⁶-node, 8-regular graph was 12 s
     * of hashing).
     */
    private static final class PartialRegular {
        private final int[][] nbr;
        private final int[] deg;

        PartialRegular(int n, int d) {
            nbr = new int[n][d];
            deg = new int[n];
        }

        boolean contains(int u, int v) {
            int a = deg[u] <= deg[v] ? u : v;
            int b = a == u ? v : u;
            int[] row = nbr[a];
            for (int k = 0, end = deg[a]; k < end; k++) {
                if (row[k] == b) {
                    return true;
                }
            }
            return false;
        }

        void add(int u, int v) {
            nbr[u][deg[u]++] = v;
            nbr[v][deg[v]++] = u;
        }
    }

    /**
     * Returns a random geometric graph: n uniform points in the unit square, an edge when the
     * Euclidean distance is at most {@code radius}. Uses a cell grid, so O(n + m) expected.
     */
    public static Graph geometric(int n, double radius, long seed) {
        requireGeometric(n, radius);
        SplittableRandom rng = new SplittableRandom(seed);
        double[] x = new double[n];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = rng.nextDouble();
            y[i] = rng.nextDouble();
        }
        int cells = (int) Math.max(1, Math.min(Math.floor(1 / radius), Math.ceil(Math.sqrt(n))));
        int[] head = new int[cells * cells];
        int[] next = new int[n];
        java.util.Arrays.fill(head, -1);
        for (int i = 0; i < n; i++) {
            int c = cell(x[i], cells) * cells + cell(y[i], cells);
            next[i] = head[c];
            head[c] = i;
        }
        double r2 = radius * radius;
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 0; i < n; i++) {
            int cx = cell(x[i], cells);
            int cy = cell(y[i], cells);
            for (int a = Math.max(0, cx - 1); a <= Math.min(cells - 1, cx + 1); a++) {
                for (int b = Math.max(0, cy - 1); b <= Math.min(cells - 1, cy + 1); b++) {
                    for (int j = head[a * cells + b]; j >= 0; j = next[j]) {
                        if (j > i) {
                            double dx = x[i] - x[j];
                            double dy = y[i] - y[j];
                            if (dx * dx + dy * dy <= r2) {
                                e.add(i, j);
                            }
                        }
                    }
                }
            }
        }
        return e.toGraph(n);
    }

    private static int cell(double coordinate, int cells) {
        return Math.min(cells - 1, (int) (coordinate * cells));
    }

    /**
     * Returns a stochastic block model: blocks of the given sizes (nodes numbered block by
     * block), edge probability {@code pIn} inside a block and {@code pOut} across blocks.
     */
    public static Graph stochasticBlockModel(int[] sizes, double pIn, double pOut, long seed) {
        requireBlockModel(sizes, pIn, pOut);
        int n = 0;
        for (int s : sizes) {
            n += s;
        }
        int[] block = new int[n];
        for (int b = 0, i = 0; b < sizes.length; b++) {
            for (int k = 0; k < sizes[b]; k++) {
                block[i++] = b;
            }
        }
        SplittableRandom rng = new SplittableRandom(seed);
        EdgeBuffer e = new EdgeBuffer();
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                double p = block[i] == block[j] ? pIn : pOut;
                if (rng.nextDouble() < p) {
                    e.add(i, j);
                }
            }
        }
        return e.toGraph(n);
    }

    /** Refuses a hypercube dimension outside 0..24 (2^24 nodes). */
    static void requireHypercube(int k) {
        if (k < 0 || k > 24) {
            throw new InvalidArgumentException("hypercube dimension must be in 0..24, got " + k);
        }
    }

    /** Refuses (n, d) for which no simple d-regular graph exists. */
    static void requireRegular(int n, int d) {
        requireNodes("regular", n, 1);
        if (d < 0 || d >= n) {
            throw new InvalidArgumentException("regular degree must be in 0..n-1, got d=" + d + " for n=" + n);
        }
        if (((long) n * d) % 2 != 0) {
            throw new InvalidArgumentException("regular:n,d needs n*d even, got n=" + n + ", d=" + d);
        }
    }

    /** Refuses a geometric graph without nodes or with a radius that is not positive and finite. */
    static void requireGeometric(int n, double radius) {
        requireNodes("geometric", n, 1);
        if (!(radius > 0) || Double.isInfinite(radius)) {
            throw new InvalidArgumentException("geometric radius must be positive and finite, got " + radius);
        }
    }

    /** Refuses a block model without blocks, with an empty block or with a probability outside [0, 1]. */
    static void requireBlockModel(int[] sizes, double pIn, double pOut) {
        if (sizes.length == 0) {
            throw new InvalidArgumentException("sbm needs at least one block size");
        }
        requireProbability("sbm p_in", pIn);
        requireProbability("sbm p_out", pOut);
        for (int s : sizes) {
            if (s < 1) {
                throw new InvalidArgumentException("sbm block sizes must be >= 1, got " + s);
            }
        }
    }

    /** Refuses fewer than {@code min} nodes. */
    static void requireNodes(String what, int n, int min) {
        if (n < min) {
            throw new InvalidArgumentException(what + " needs at least " + min + " node(s), got " + n);
        }
    }

    /** Refuses a probability outside [0, 1]. */
    static void requireProbability(String what, double p) {
        if (!(p >= 0 && p <= 1)) {
            throw new InvalidArgumentException(what + " must be in [0, 1], got " + p);
        }
    }
}
