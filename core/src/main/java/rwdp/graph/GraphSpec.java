package rwdp.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Consumer;
import rwdp.check.Checks;
import rwdp.check.InvalidArgumentException;
import rwdp.check.Remedy;

/**
 * A graph named by its family and parameters, as a value: parsed once from the SPEC grammar of
 * the command line ({@code complete:n}, {@code ring:n}, {@code star:n}, {@code path:n},
 * {@code grid:r,c}, {@code torus:r,c}, {@code hypercube:k}, {@code er:n,p,seed},
 * {@code regular:n,d,seed}, {@code geometric:n,radius,seed}, {@code sbm:s1/s2/...,p_in,p_out,seed},
 * {@code exponential:n}, {@code file:PATH}, {@code largest:SPEC}) or built by the factories ({@link #er}, {@link #ring},
 * ...), then {@link #build() built}, after a memory estimate, into a {@link Graph}. Each family's
 * parameters are validated when the value is constructed, by the rules its generator applies
 * ({@link GraphGenerators}), so a value always names a graph that can be generated. Its
 * {@link #toString()} is the canonical SPEC text, which {@link #parse} reads back to an equal value.
 */
public sealed interface GraphSpec {
    /** One line per family, shown by {@code --help}. */
    String GRAMMAR = String.join("\n",
            "complete:n | ring:n | star:n (centre 0) | path:n | grid:r,c | torus:r,c | hypercube:k",
            "er:n,p,seed | regular:n,d,seed | geometric:n,radius,seed | sbm:s1/s2/...,p_in,p_out,seed",
            "exponential:n (i ~ i+-2^j mod n) | file:PATH (SNAP edge list)",
            "largest:SPEC (the largest connected component of SPEC, nodes renumbered in increasing order)");

    /** Bytes per undirected edge while a graph is built: edge buffer with growth, CSR rows and their copy. */
    double BYTES_PER_EDGE = 48;

    /** Bytes per node of the CSR offsets, degrees and BFS arrays. */
    double BYTES_PER_NODE = 32;

    /** Returns the graph this value names, passing to {@code notes} what a user should know about an input file. */
    Graph generate(Consumer<String> notes);

    /** Returns the expected number of nodes, or NaN when only the file knows it. */
    double nodes();

    /** Returns the expected number of undirected edges, or NaN when only the file knows it. */
    double edges();

    /** Returns the bytes the generator needs beyond the graph's own arrays (a hash set for the regular pairing). */
    default double extraBytes() {
        return 0;
    }

    /** Returns a smaller alternative to suggest when the graph does not fit, or null when the remedy is only a larger heap. */
    default String instead() {
        return null;
    }

    /** Returns the edge-list file this graph is read from, if any. */
    default Optional<java.nio.file.Path> file() {
        return Optional.empty();
    }

    /** Returns the bytes building this graph takes (NaN for a file, whose size is known only once read). */
    default double estimateBytes() {
        return BYTES_PER_EDGE * edges() + BYTES_PER_NODE * nodes() + extraBytes();
    }

    /**
     * Returns the graph, refused before anything is allocated when it has more edges than an
     * array can index or would not fit in the heap.
     *
     * @throws InvalidArgumentException when the graph is too large, or a file is missing or malformed
     * @throws UncheckedIOException when an edge-list file cannot be read
     */
    default Graph build() {
        return build(note -> { });
    }

    /**
     * Returns the graph as {@link #build()} does, passing to {@code notes} what a user should know
     * about the input (e.g. self-loops and duplicate edges dropped from an edge-list file).
     *
     * @throws InvalidArgumentException when the graph is too large, or a file is missing or malformed
     * @throws UncheckedIOException when an edge-list file cannot be read
     */
    default Graph build(Consumer<String> notes) {
        requireFits();
        return generate(notes);
    }

    /**
     * Refuses, before anything is allocated, a graph with more edges than an array can index or
     * that would not fit in the heap.
     *
     * @throws InvalidArgumentException when it is too large
     */
    default void requireFits() {
        double edges = edges();
        if (!(nodes() >= 1)) {
            return;
        }
        String instead = instead();
        if (2 * edges > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException(String.format(Locale.ROOT,
                    "graph spec '%s' is too large: about %.3g edges, at most %d%s", this, edges, (Integer.MAX_VALUE - 8) / 2,
                    instead == null ? "" : "; use " + instead));
        }
        Checks.checkMemory(estimateBytes(), String.format(Locale.ROOT, "graph '%s' (about %.3g edges)", this, edges),
                instead == null ? "" : "use " + instead + " or ", Remedy.LARGER_HEAP);
    }

    /** A family whose graph is drawn from a seed. */
    sealed interface Random extends GraphSpec {
        /** Returns the seed of the draw. */
        long seed();

        /** Returns the same family and parameters drawn from another seed. */
        Random withSeed(long seed);

        /**
         * Returns the draw at the first seed s = seed(), seed() + 1, ... whose graph is connected, with its graph: a
         * statement about connected graphs is checked on connected draws, whatever the seed it starts from.
         *
         * @param attempts seeds tried before giving up (a family disconnected that often is the wrong family)
         * @throws InvalidArgumentException when none of {@code attempts} seeds gives a connected graph
         */
        default Connected connected(int attempts) {
            for (int k = 0; k < attempts; k++) {
                Random spec = withSeed(seed() + k);
                Graph g = spec.build();
                if (g.isConnected()) {
                    return new Connected(spec, g);
                }
            }
            throw new InvalidArgumentException("no connected graph in " + attempts + " seeds from " + this);
        }
    }

    /** A connected draw of a random family: the spec at the seed that gave it, and its graph. */
    record Connected(Random spec, Graph graph) {}

    /** The complete graph K_n. */
    record Complete(int n) implements GraphSpec {
        /** @throws InvalidArgumentException when n < 1 */
        public Complete {
            GraphGenerators.requireNodes("complete", n, 1);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.complete(n); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return n * (n - 1.0) / 2; }
        @Override public String instead() { return "a sparse family such as regular:n,d,seed or er:n,p,seed"; }
        @Override public String toString() { return "complete:" + n; }
    }

    /** The cycle on n nodes. */
    record Ring(int n) implements GraphSpec {
        /** @throws InvalidArgumentException when n < 2 */
        public Ring {
            GraphGenerators.requireNodes("ring", n, 2);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.ring(n); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return n; }
        @Override public String toString() { return "ring:" + n; }
    }

    /** The star with centre 0. */
    record Star(int n) implements GraphSpec {
        /** @throws InvalidArgumentException when n < 2 */
        public Star {
            GraphGenerators.requireNodes("star", n, 2);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.star(n); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return n; }
        @Override public String toString() { return "star:" + n; }
    }

    /** The path 0-1-...-(n-1). */
    record PathGraph(int n) implements GraphSpec {
        /** @throws InvalidArgumentException when n < 1 */
        public PathGraph {
            GraphGenerators.requireNodes("path", n, 1);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.path(n); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return n; }
        @Override public String toString() { return "path:" + n; }
    }

    /** The r x c grid, or with {@code torus} its wrap-around. */
    record Grid(int rows, int cols, boolean torus) implements GraphSpec {
        /** @throws InvalidArgumentException when a side is < 1 or there are more than 2^31 - 1 nodes */
        public Grid {
            GraphGenerators.requireNodes((torus ? "torus" : "grid") + " rows", rows, 1);
            GraphGenerators.requireNodes((torus ? "torus" : "grid") + " columns", cols, 1);
            if ((double) rows * cols > Integer.MAX_VALUE) {
                throw new InvalidArgumentException("graph spec '" + (torus ? "torus:" : "grid:") + rows + "," + cols
                        + "' is too large: " + (long) rows * cols + " nodes, at most " + Integer.MAX_VALUE);
            }
        }
        @Override public Graph generate(Consumer<String> notes) {
            return torus ? GraphGenerators.torus(rows, cols) : GraphGenerators.grid(rows, cols);
        }
        @Override public double nodes() { return (double) rows * cols; }
        @Override public double edges() { return 2 * nodes(); }
        @Override public String toString() { return (torus ? "torus:" : "grid:") + rows + "," + cols; }
    }

    /** The k-dimensional hypercube. */
    record Hypercube(int k) implements GraphSpec {
        /** @throws InvalidArgumentException when k is outside 0..24 */
        public Hypercube {
            GraphGenerators.requireHypercube(k);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.hypercube(k); }
        @Override public double nodes() { return Math.pow(2, k); }
        @Override public double edges() { return k * Math.pow(2, k - 1); }
        @Override public String toString() { return "hypercube:" + k; }
    }

    /** The exponential graph: i ~ i +- 2^j mod n. */
    record Exponential(int n) implements GraphSpec {
        /** @throws InvalidArgumentException when n < 1 */
        public Exponential {
            GraphGenerators.requireNodes("exponential", n, 1);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.exponential(n); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return n * Math.ceil(Math.log(Math.max(n, 2)) / Math.log(2)); }
        @Override public String toString() { return "exponential:" + n; }
    }

    /** The Erdős–Rényi graph G(n, p). */
    record ErdosRenyi(int n, double p, long seed) implements Random {
        /** @throws InvalidArgumentException when n < 1 or p is outside [0, 1] */
        public ErdosRenyi {
            GraphGenerators.requireNodes("er", n, 1);
            GraphGenerators.requireProbability("er edge probability", p);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.erdosRenyi(n, p, seed); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return p * n * (n - 1.0) / 2; }
        @Override public String instead() { return "a smaller n or p"; }
        @Override public Random withSeed(long s) { return new ErdosRenyi(n, p, s); }
        @Override public String toString() { return "er:" + n + "," + p + "," + seed; }
    }

    /** A uniformly random d-regular graph. */
    record Regular(int n, int degree, long seed) implements Random {
        /** @throws InvalidArgumentException when n < 1, the degree is outside 0..n-1 or n d is odd */
        public Regular {
            GraphGenerators.requireRegular(n, degree);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.regular(n, degree, seed); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return degree * (n / 2.0); }
        // The pairing keeps a hash set of its edges (about 100 bytes each) besides the edge list.
        @Override public double extraBytes() { return 100.0 * Math.min(degree, n - 1 - degree) * (n / 2.0); }
        @Override public Random withSeed(long s) { return new Regular(n, degree, s); }
        @Override public String toString() { return "regular:" + n + "," + degree + "," + seed; }
    }

    /** A random geometric graph in the unit square. */
    record Geometric(int n, double radius, long seed) implements Random {
        /** @throws InvalidArgumentException when n < 1 or the radius is not positive and finite */
        public Geometric {
            GraphGenerators.requireGeometric(n, radius);
        }
        @Override public Graph generate(Consumer<String> notes) { return GraphGenerators.geometric(n, radius, seed); }
        @Override public double nodes() { return n; }
        @Override public double edges() { return Math.min(1, Math.PI * radius * radius) * n * (n - 1.0) / 2; }
        @Override public String instead() { return "a smaller radius"; }
        @Override public Random withSeed(long s) { return new Geometric(n, radius, s); }
        @Override public String toString() { return "geometric:" + n + "," + radius + "," + seed; }
    }

    /** A stochastic block model with the given block sizes. */
    record BlockModel(List<Integer> sizes, double pIn, double pOut, long seed) implements Random {
        /** @throws InvalidArgumentException when a size is < 1, a probability is outside [0, 1] or there are too many nodes */
        public BlockModel {
            sizes = List.copyOf(sizes);
            GraphGenerators.requireBlockModel(sizes.stream().mapToInt(Integer::intValue).toArray(), pIn, pOut);
            double total = nodeCount(sizes);
            if (total > Integer.MAX_VALUE) {
                throw new InvalidArgumentException("graph spec 'sbm:" + join(sizes) + "," + pIn + "," + pOut + "," + seed
                        + "' is too large: " + (long) total + " nodes, at most " + Integer.MAX_VALUE);
            }
        }
        @Override public Graph generate(Consumer<String> notes) {
            return GraphGenerators.stochasticBlockModel(sizes.stream().mapToInt(Integer::intValue).toArray(), pIn, pOut, seed);
        }
        @Override public double nodes() { return nodeCount(sizes); }
        @Override public double edges() { return Math.max(pIn, pOut) * nodes() * (nodes() - 1) / 2; }
        @Override public String instead() { return "smaller blocks or probabilities"; }
        @Override public Random withSeed(long s) { return new BlockModel(sizes, pIn, pOut, s); }
        @Override public String toString() { return "sbm:" + join(sizes) + "," + pIn + "," + pOut + "," + seed; }

        private static double nodeCount(List<Integer> sizes) {
            double n = 0;
            for (int s : sizes) {
                n += s;
            }
            return n;
        }

        private static String join(List<Integer> sizes) {
            StringBuilder b = new StringBuilder();
            for (int s : sizes) {
                b.append(b.length() == 0 ? "" : "/").append(s);
            }
            return b.toString();
        }
    }

    /** A SNAP edge list read from a file. */
    record EdgeList(java.nio.file.Path path) implements GraphSpec {
        /** @throws InvalidArgumentException when the path is empty */
        public EdgeList {
            if (path == null || path.toString().isEmpty()) {
                throw new InvalidArgumentException("graph spec 'file:' names no file; expected file:PATH of a SNAP edge list");
            }
        }
        @Override public Graph generate(Consumer<String> notes) {
            if (Files.isDirectory(path)) {
                throw new InvalidArgumentException("graph file " + path + " is a directory; expected an edge-list file");
            }
            try {
                return EdgeListReader.read(path, notes);
            } catch (NoSuchFileException e) {
                throw new InvalidArgumentException("graph file not found: " + path);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read graph file " + path + ": " + e.getMessage(), e);
            }
        }
        @Override public double nodes() { return Double.NaN; }
        @Override public double edges() { return Double.NaN; }
        @Override public Optional<java.nio.file.Path> file() { return Optional.of(path); }
        @Override public String toString() { return "file:" + path; }
    }

    /**
     * The largest connected component of another spec's graph (a SNAP graph is rarely connected, and pairwise losses,
     * walks and federated rounds need a connected one): its nodes renumbered in increasing order, each keeping the id
     * it had ({@link Graph#originalId(int)}).
     */
    record LargestComponent(GraphSpec of) implements GraphSpec {
        /** @throws InvalidArgumentException when {@code of} is null or itself a largest component */
        public LargestComponent {
            if (of == null) {
                throw new InvalidArgumentException("graph spec 'largest:' names no graph; expected e.g. largest:file:PATH");
            }
            if (of instanceof LargestComponent) {
                throw new InvalidArgumentException("graph spec 'largest:" + of + "' takes the largest component twice; once is enough");
            }
        }
        @Override public Graph generate(Consumer<String> notes) {
            Graph g = of.generate(notes);
            Graph kept = g.largestComponent();
            if (kept != g) {
                int components = g.componentSizes().length;
                notes.accept(String.format(Locale.ROOT, "%s: kept its largest connected component, %d of %d nodes and %d of %d edges"
                        + " (%d components)", of, kept.n(), g.n(), kept.edgeCount(), g.edgeCount(), components));
            }
            return kept;
        }
        @Override public double nodes() { return of.nodes(); }
        @Override public double edges() { return of.edges(); }
        // The component is copied while the whole graph is held: its adjacency (8 B an edge), offsets and ids, and the
        // labels, queue and new numbers of the search (28 B a node at most).
        @Override public double extraBytes() { return of.extraBytes() + 8 * of.edges() + 28 * of.nodes(); }
        @Override public String instead() { return of.instead(); }
        @Override public Optional<java.nio.file.Path> file() { return of.file(); }
        @Override public String toString() { return "largest:" + of; }
    }

    /** Returns K_n. @throws InvalidArgumentException when n < 1 */
    static GraphSpec complete(int n) {
        return new Complete(n);
    }

    /** Returns the cycle on n nodes. @throws InvalidArgumentException when n < 2 */
    static GraphSpec ring(int n) {
        return new Ring(n);
    }

    /** Returns the star on n nodes, centre 0. @throws InvalidArgumentException when n < 2 */
    static GraphSpec star(int n) {
        return new Star(n);
    }

    /** Returns the path on n nodes. @throws InvalidArgumentException when n < 1 */
    static GraphSpec path(int n) {
        return new PathGraph(n);
    }

    /** Returns the r x c grid. @throws InvalidArgumentException when a side is < 1 */
    static GraphSpec grid(int r, int c) {
        return new Grid(r, c, false);
    }

    /** Returns the r x c torus. @throws InvalidArgumentException when a side is < 1 */
    static GraphSpec torus(int r, int c) {
        return new Grid(r, c, true);
    }

    /** Returns the k-dimensional hypercube. @throws InvalidArgumentException when k is outside 0..24 */
    static GraphSpec hypercube(int k) {
        return new Hypercube(k);
    }

    /** Returns the exponential graph on n nodes. @throws InvalidArgumentException when n < 1 */
    static GraphSpec exponential(int n) {
        return new Exponential(n);
    }

    /** Returns G(n, p) drawn from {@code seed}. @throws InvalidArgumentException when n < 1 or p is outside [0, 1] */
    static Random er(int n, double p, long seed) {
        return new ErdosRenyi(n, p, seed);
    }

    /** Returns a random d-regular graph drawn from {@code seed}. @throws InvalidArgumentException when (n, d) admits none */
    static Random regular(int n, int d, long seed) {
        return new Regular(n, d, seed);
    }

    /** Returns a random geometric graph drawn from {@code seed}. @throws InvalidArgumentException when the radius is not positive */
    static Random geometric(int n, double radius, long seed) {
        return new Geometric(n, radius, seed);
    }

    /** Returns a stochastic block model drawn from {@code seed}. @throws InvalidArgumentException on a bad size or probability */
    static Random sbm(List<Integer> sizes, double pIn, double pOut, long seed) {
        return new BlockModel(sizes, pIn, pOut, seed);
    }

    /**
     * Returns the value named by {@code spec} in the SPEC grammar ({@link #GRAMMAR}); nothing is
     * generated or read yet.
     *
     * @throws InvalidArgumentException when the spec is malformed or its parameters are invalid
     */
    static GraphSpec parse(String spec) {
        return SpecGrammar.parse(spec);
    }
}
