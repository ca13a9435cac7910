package rwdp.graph;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import rwdp.check.InvalidArgumentException;

/** Reads the SPEC grammar ({@link GraphSpec#GRAMMAR}) into a {@link GraphSpec} value; the one parser of graph specs. */
final class SpecGrammar {
    private SpecGrammar() {}

    /** Returns the value named by {@code spec}. @throws InvalidArgumentException when it is malformed or invalid */
    static GraphSpec parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new InvalidArgumentException("empty graph spec; expected one of: " + GraphSpec.GRAMMAR.replace('\n', ' '));
        }
        int colon = spec.indexOf(':');
        if (colon < 0) {
            throw new InvalidArgumentException("graph spec '" + spec + "' has no ':'; expected e.g. ring:16 or er:100,0.3,1");
        }
        String family = spec.substring(0, colon).strip().toLowerCase(Locale.ROOT);
        String args = spec.substring(colon + 1).strip();
        if (family.equals("largest")) {
            if (args.isEmpty()) {
                throw new InvalidArgumentException("graph spec '" + spec + "' names no graph; expected largest:SPEC, e.g. largest:file:PATH");
            }
            return new GraphSpec.LargestComponent(parse(args));
        }
        if (family.equals("file")) {
            if (args.isEmpty()) {
                throw new InvalidArgumentException("graph spec '" + spec + "' names no file; expected file:PATH of a SNAP edge list");
            }
            return new GraphSpec.EdgeList(java.nio.file.Path.of(args));
        }
        String[] a = args.isEmpty() ? new String[0] : args.split(",", -1);
        try {
            switch (family) {
                case "complete": arity(spec, a, 1); return new GraphSpec.Complete(i(a[0]));
                case "ring": arity(spec, a, 1); return new GraphSpec.Ring(i(a[0]));
                case "star": arity(spec, a, 1); return new GraphSpec.Star(i(a[0]));
                case "path": arity(spec, a, 1); return new GraphSpec.PathGraph(i(a[0]));
                case "grid":
                case "torus": arity(spec, a, 2); return new GraphSpec.Grid(i(a[0]), i(a[1]), family.equals("torus"));
                case "hypercube": arity(spec, a, 1); return new GraphSpec.Hypercube(i(a[0]));
                case "exponential": arity(spec, a, 1); return new GraphSpec.Exponential(i(a[0]));
                case "er": arity(spec, a, 3); return new GraphSpec.ErdosRenyi(i(a[0]), d(a[1]), l(a[2]));
                case "regular": arity(spec, a, 3); return new GraphSpec.Regular(i(a[0]), i(a[1]), l(a[2]));
                case "geometric": arity(spec, a, 3); return new GraphSpec.Geometric(i(a[0]), d(a[1]), l(a[2]));
                case "sbm": {
                    arity(spec, a, 4);
                    List<Integer> sizes = new ArrayList<>();
                    for (String s : a[0].split("/")) {
                        sizes.add(i(s));
                    }
                    return new GraphSpec.BlockModel(sizes, d(a[1]), d(a[2]), l(a[3]));
                }
                default:
                    throw new InvalidArgumentException("unknown graph family '" + family + "' in '" + spec
                            + "'; expected one of: " + GraphSpec.GRAMMAR.replace('\n', ' '));
            }
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("graph spec '" + spec + "': " + e.getMessage());
        }
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
