package rwdp.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import rwdp.check.InvalidArgumentException;

/**
 * Parses the graph SPEC grammar of the command line ({@code complete:n}, {@code ring:n},
 * {@code star:n}, {@code path:n}, {@code grid:r,c}, {@code torus:r,c}, {@code hypercube:k},
 * {@code er:n,p,seed}, {@code regular:n,d,seed}, {@code geometric:n,radius,seed},
 * {@code sbm:s1/s2/...,p_in,p_out,seed}, {@code exponential:n}, {@code file:PATH}).
 */
public final class GraphSpec {
    /** One line per family, shown by {@code --help}. */
    public static final String GRAMMAR = String.join("\n",
            "complete:n | ring:n | star:n (centre 0) | path:n | grid:r,c | torus:r,c | hypercube:k",
            "er:n,p,seed | regular:n,d,seed | geometric:n,radius,seed | sbm:s1/s2/...,p_in,p_out,seed",
            "exponential:n (i ~ i+-2^j mod n) | file:PATH (SNAP edge list)");

    private GraphSpec() {}

    /** Returns the graph named by {@code spec}; a malformed or too large spec throws InvalidArgumentException. */
    public static Graph parse(String spec) {
        return parse(spec, note -> { });
    }

    /**
     * Returns the graph named by {@code spec}, passing to {@code notes} what a user should know
     * about the input (e.g. self-loops and duplicate edges dropped from an edge-list file).
     */
    public static Graph parse(String spec, java.util.function.Consumer<String> notes) {
        if (spec == null || spec.isBlank()) {
            throw new InvalidArgumentException("empty graph spec; expected one of: " + GRAMMAR.replace('\n', ' '));
        }
        int colon = spec.indexOf(':');
        if (colon < 0) {
            throw new InvalidArgumentException("graph spec '" + spec + "' has no ':'; expected e.g. ring:16 or er:100,0.3,1");
        }
        String family = spec.substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT);
        String args = spec.substring(colon + 1).strip();
        if (family.equals("file")) {
            if (args.isEmpty()) {
                throw new InvalidArgumentException("graph spec '" + spec + "' names no file; expected file:PATH of a SNAP edge list");
            }
            Path path = Path.of(args);
            if (java.nio.file.Files.isDirectory(path)) {
                throw new InvalidArgumentException("graph file " + args + " is a directory; expected an edge-list file");
            }
            try {
                return EdgeListReader.read(path, notes);
            } catch (java.nio.file.NoSuchFileException e) {
                throw new InvalidArgumentException("graph file not found: " + args);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read graph file " + args + ": " + e.getMessage(), e);
            }
        }
        String[] a = args.isEmpty() ? new String[0] : args.split(",", -1);
        try {
            switch (family) {
                case "complete": {
                    arity(spec, a, 1);
                    int n = i(a[0]);
                    requireFits(spec, n, n * (n - 1.0) / 2, 0, "a sparse family such as regular:n,d,seed or er:n,p,seed");
                    return GraphGenerators.complete(n);
                }
                case "ring": arity(spec, a, 1); requireFits(spec, i(a[0]), i(a[0]), 0, null); return GraphGenerators.ring(i(a[0]));
                case "star": arity(spec, a, 1); requireFits(spec, i(a[0]), i(a[0]), 0, null); return GraphGenerators.star(i(a[0]));
                case "path": arity(spec, a, 1); requireFits(spec, i(a[0]), i(a[0]), 0, null); return GraphGenerators.path(i(a[0]));
                case "grid":
                case "torus": {
                    arity(spec, a, 2);
                    int r = i(a[0]);
                    int c = i(a[1]);
                    double n = (double) r * c;
                    if (r >= 1 && c >= 1 && n > Integer.MAX_VALUE) {
                        throw new InvalidArgumentException("graph spec '" + spec + "' is too large: " + (long) n
                                + " nodes, at most " + Integer.MAX_VALUE);
                    }
                    requireFits(spec, n, 2 * n, 0, null);
                    return family.equals("grid") ? GraphGenerators.grid(r, c) : GraphGenerators.torus(r, c);
                }
                case "hypercube": {
                    arity(spec, a, 1);
                    int k = i(a[0]);
                    if (k >= 1 && k <= 24) {
                        requireFits(spec, Math.pow(2, k), k * Math.pow(2, k - 1), 0, null);
                    }
                    return GraphGenerators.hypercube(k);
                }
                case "exponential": {
                    arity(spec, a, 1);
                    int n = i(a[0]);
                    requireFits(spec, n, n * Math.ceil(Math.log(Math.max(n, 2)) / Math.log(2)), 0, null);
                    return GraphGenerators.exponential(n);
                }
                case "er": {
                    arity(spec, a, 3);
                    int n = i(a[0]);
                    double p = d(a[1]);
                    if (p >= 0 && p <= 1) {
                        requireFits(spec, n, p * n * (n - 1.0) / 2, 0, "a smaller n or p");
                    }
                    return GraphGenerators.erdosRenyi(n, p, l(a[2]));
                }
                case "regular": {
                    arity(spec, a, 3);
                    int n = i(a[0]);
                    int deg = i(a[1]);
                    // The pairing keeps a hash set of its edges (about 100 bytes each) besides the edge list.
                    requireFits(spec, n, deg * (n / 2.0), 100.0 * Math.min(deg, n - 1 - deg) * (n / 2.0), null);
                    return GraphGenerators.regular(n, deg, l(a[2]));
                }
                case "geometric": {
                    arity(spec, a, 3);
                    int n = i(a[0]);
                    double r = d(a[1]);
                    if (r > 0) {
                        requireFits(spec, n, Math.min(1, Math.PI * r * r) * n * (n - 1.0) / 2, 0, "a smaller radius");
                    }
                    return GraphGenerators.geometric(n, r, l(a[2]));
                }
                case "sbm": {
                    arity(spec, a, 4);
                    String[] s = a[0].split("/");
                    int[] sizes = new int[s.length];
                    double n = 0;
                    for (int k = 0; k < s.length; k++) {
                        sizes[k] = i(s[k]);
                        n += sizes[k];
                    }
                    if (n > Integer.MAX_VALUE) {
                        throw new InvalidArgumentException("graph spec '" + spec + "' is too large: " + (long) n
                                + " nodes, at most " + Integer.MAX_VALUE);
                    }
                    double pIn = d(a[1]);
                    double pOut = d(a[2]);
                    if (pIn >= 0 && pIn <= 1 && pOut >= 0 && pOut <= 1) {
                        requireFits(spec, n, Math.max(pIn, pOut) * n * (n - 1) / 2, 0, "smaller blocks or probabilities");
                    }
                    return GraphGenerators.stochasticBlockModel(sizes, pIn, pOut, l(a[3]));
                }
                default:
                    throw new InvalidArgumentException("unknown graph family '" + family + "' in '" + spec
                            + "'; expected one of: " + GRAMMAR.replace('\n', ' '));
            }
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("graph spec '" + spec + "': " + e.getMessage());
        }
    }

    /** Bytes per undirected edge while a graph is built: edge buffer with growth, CSR rows and their copy. */
    static final double BYTES_PER_EDGE = 48;

    /** Bytes per node of the CSR offsets, degrees and BFS arrays. */
    static final double BYTES_PER_NODE = 32;

    /**
     * Refuses, before anything is allocated, a spec whose graph has more edges than an array can
     * index or would not fit in the heap; {@code instead} names a smaller alternative.
     */
    static void requireFits(String spec, double nodes, double edges, double extraBytes, String instead) {
        if (!(nodes >= 1)) {
            return;
        }
        if (2 * edges > Integer.MAX_VALUE - 8) {
            throw new InvalidArgumentException(String.format(java.util.Locale.ROOT,
                    "graph spec '%s' is too large: about %.3g edges, at most %d%s", spec, edges, (Integer.MAX_VALUE - 8) / 2,
                    instead == null ? "" : "; use " + instead));
        }
        rwdp.check.Checks.checkMemory(BYTES_PER_EDGE * edges + BYTES_PER_NODE * nodes + extraBytes,
                String.format(java.util.Locale.ROOT, "graph '%s' (about %.3g edges)", spec, edges),
                instead == null ? rwdp.check.Remedy.LARGER_HEAP.text() : "use " + instead
                        + " or " + rwdp.check.Remedy.LARGER_HEAP.text());
    }

    private static void arity(String spec, String[] a, int k) {
        if (a.length != k) {
            throw new InvalidArgumentException("graph spec '" + spec + "' needs " + k + " argument(s), got " + a.length);
        }
    }

    private static int i(String s) {
        String t = s.strip();
        try {
            return Integer.parseInt(t);
        } catch (NumberFormatException e) {
            if (t.matches("[+-]?\\d+")) {
                throw new NumberFormatException("'" + t + "' is too large; at most " + Integer.MAX_VALUE);
            }
            throw new NumberFormatException("'" + t + "' is not an integer");
        }
    }

    private static long l(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new NumberFormatException("'" + s.strip() + "' is not an integer seed (at most 19 digits)");
        }
    }

    private static double d(String s) {
        double x;
        try {
            x = Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            throw new NumberFormatException("'" + s.strip() + "' is not a number");
        }
        if (!Double.isFinite(x)) {
            throw new NumberFormatException("'" + s.strip() + "' is not a finite number");
        }
        return x;
    }
}
