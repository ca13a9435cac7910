package rwdp.graph;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

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

    /** Returns the graph named by {@code spec}; a malformed spec throws IllegalArgumentException. */
    public static Graph parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new IllegalArgumentException("empty graph spec; expected one of: " + GRAMMAR.replace('\n', ' '));
        }
        int colon = spec.indexOf(':');
        if (colon < 0) {
            throw new IllegalArgumentException("graph spec '" + spec + "' has no ':'; expected e.g. ring:16 or er:100,0.3,1");
        }
        String family = spec.substring(0, colon).strip().toLowerCase(java.util.Locale.ROOT);
        String args = spec.substring(colon + 1).strip();
        if (family.equals("file")) {
            try {
                return EdgeListReader.read(Path.of(args));
            } catch (java.nio.file.NoSuchFileException e) {
                throw new IllegalArgumentException("graph file not found: " + args);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read graph file " + args + ": " + e.getMessage(), e);
            }
        }
        String[] a = args.isEmpty() ? new String[0] : args.split(",");
        try {
            switch (family) {
                case "complete": arity(spec, a, 1); return GraphGenerators.complete(i(a[0]));
                case "ring": arity(spec, a, 1); return GraphGenerators.ring(i(a[0]));
                case "star": arity(spec, a, 1); return GraphGenerators.star(i(a[0]));
                case "path": arity(spec, a, 1); return GraphGenerators.path(i(a[0]));
                case "grid": arity(spec, a, 2); return GraphGenerators.grid(i(a[0]), i(a[1]));
                case "torus": arity(spec, a, 2); return GraphGenerators.torus(i(a[0]), i(a[1]));
                case "hypercube": arity(spec, a, 1); return GraphGenerators.hypercube(i(a[0]));
                case "exponential": arity(spec, a, 1); return GraphGenerators.exponential(i(a[0]));
                case "er": arity(spec, a, 3); return GraphGenerators.erdosRenyi(i(a[0]), d(a[1]), l(a[2]));
                case "regular": arity(spec, a, 3); return GraphGenerators.regular(i(a[0]), i(a[1]), l(a[2]));
                case "geometric": arity(spec, a, 3); return GraphGenerators.geometric(i(a[0]), d(a[1]), l(a[2]));
                case "sbm": {
                    arity(spec, a, 4);
                    String[] s = a[0].split("/");
                    int[] sizes = new int[s.length];
                    for (int k = 0; k < s.length; k++) {
                        sizes[k] = i(s[k]);
                    }
                    return GraphGenerators.stochasticBlockModel(sizes, d(a[1]), d(a[2]), l(a[3]));
                }
                default:
                    throw new IllegalArgumentException("unknown graph family '" + family + "' in '" + spec
                            + "'; expected one of: " + GRAMMAR.replace('\n', ' '));
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("graph spec '" + spec + "': " + e.getMessage());
        }
    }

    private static void arity(String spec, String[] a, int k) {
        if (a.length != k) {
            throw new IllegalArgumentException("graph spec '" + spec + "' needs " + k + " argument(s), got " + a.length);
        }
    }

    private static int i(String s) {
        try {
            return Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            throw new NumberFormatException("'" + s.strip() + "' is not an integer");
        }
    }

    private static long l(String s) {
        try {
            return Long.parseLong(s.strip());
        } catch (NumberFormatException e) {
            throw new NumberFormatException("'" + s.strip() + "' is not an integer seed");
        }
    }

    private static double d(String s) {
        try {
            return Double.parseDouble(s.strip());
        } catch (NumberFormatException e) {
            throw new NumberFormatException("'" + s.strip() + "' is not a number");
        }
    }
}
