package rwdp.markov;

import java.util.Locale;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;

/**
 * A rule turning a graph into a transition matrix: the spec's weight table. deg(i) is the
 * number of neighbours of i, self excluded; "rest" means the self-loop takes the remaining mass.
 *
 * @param kind  which rule
 * @param kappa the self-loop of {@link Kind#LAZY_RING}; NaN for the other rules
 */
public record WeightScheme(Kind kind, double kappa) {

    /** The weight rules of the spec. */
    public enum Kind {
        /** P(i,j) = 1/deg(i); natural random walk, π ∝ deg. */
        SIMPLE("simple"),
        /** P(i,j) = 1/(2 deg(i)), self-loop 1/2. */
        LAZY_SIMPLE("lazy-simple"),
        /** Metropolis-Hastings to the uniform law: min(1, deg(i)/deg(j))/deg(i) (Ayache Alg. 1). */
        MH_UNIFORM("mh-uniform"),
        /** Metropolis-Hastings to π ∝ L: min(1, L_j deg(i)/(L_i deg(j)))/deg(i) (Ayache Alg. 2). */
        MH_WEIGHTED("mh-weighted"),
        /** 1/(1 + max(deg(i), deg(j))): symmetric, doubly stochastic (Cyffers reference code). */
        METROPOLIS("metropolis"),
        /** 1/max(deg(i), deg(j)), as printed in Cyffers et al. §4.1. */
        HAMILTON("hamilton"),
        /** (1 - kappa)/2 to each ring neighbour, self-loop kappa (Cyffers Thm. 5). */
        LAZY_RING("lazy-ring");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        /** Returns the spec name of the rule. */
        public String label() {
            return label;
        }
    }

    /** The names accepted by {@link #parse(String)}, for help texts. */
    public static final String NAMES =
            "simple | lazy-simple | mh-uniform | mh-weighted | metropolis | hamilton | lazy-ring(kappa), e.g. lazy-ring(1/3)";

    /**
     * Checks the self-loop of a lazy ring.
     *
     * @throws InvalidArgumentException when kind is LAZY_RING and kappa is outside [0, 1)
     */
    public WeightScheme {
        if (kind == Kind.LAZY_RING && !(kappa >= 0 && kappa < 1)) {
            throw new InvalidArgumentException("lazy-ring self-loop kappa must be in [0, 1), got " + kappa);
        }
    }

    /** Returns the scheme of the given kind (kappa = 1/3 for lazy-ring, "equal probability"). */
    public static WeightScheme of(Kind kind) {
        return new WeightScheme(kind, kind == Kind.LAZY_RING ? 1.0 / 3 : Double.NaN);
    }

    /** Returns the lazy-ring scheme with self-loop {@code kappa}. */
    public static WeightScheme lazyRing(double kappa) {
        return new WeightScheme(Kind.LAZY_RING, kappa);
    }

    /**
     * Returns the scheme named {@code text}: a spec name, or lazy-ring(kappa) / lazy-ring:kappa.
     *
     * @throws InvalidArgumentException when text names no scheme, or its lazy-ring kappa is missing, not a number or
     *     outside [0, 1)
     */
    public static WeightScheme parse(String text) {
        String t = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (t.startsWith("lazy-ring")) {
            String rest = t.substring("lazy-ring".length());
            if (rest.isEmpty()) {
                return of(Kind.LAZY_RING);
            }
            String arg = rest.startsWith("(") && rest.endsWith(")") ? rest.substring(1, rest.length() - 1)
                    : rest.startsWith(":") ? rest.substring(1) : null;
            if (arg == null) {
                throw new InvalidArgumentException("cannot read weights '" + text + "'; expected lazy-ring(kappa)");
            }
            try {
                int slash = arg.indexOf('/');
                return lazyRing(slash < 0 ? Double.parseDouble(arg)
                        : Double.parseDouble(arg.substring(0, slash)) / Double.parseDouble(arg.substring(slash + 1)));
            } catch (NumberFormatException e) {
                throw new InvalidArgumentException("lazy-ring kappa '" + arg + "' is not a number");
            }
        }
        for (Kind k : Kind.values()) {
            if (k.label.equals(t)) {
                return of(k);
            }
        }
        throw new InvalidArgumentException("unknown weights '" + text + "'; expected one of: " + NAMES);
    }

    /** Returns whether {@link #build(Graph, double[])} needs node weights L_i. */
    public boolean needsNodeWeights() {
        return kind == Kind.MH_WEIGHTED;
    }

    /** Returns the spec name, with kappa for lazy-ring. */
    public String label() {
        if (kind != Kind.LAZY_RING) {
            return kind.label;
        }
        return "lazy-ring(" + (kappa == 1.0 / 3 ? "1/3" : Double.toString(kappa)) + ")";
    }

    /**
     * Returns the transition matrix of this scheme on {@code g} (not for mh-weighted).
     *
     * @throws InvalidArgumentException when the scheme is mh-weighted (it needs node weights), or, for lazy-ring, g
     *     is not a ring
     */
    public TransitionMatrix build(Graph g) {
        if (needsNodeWeights()) {
            throw new InvalidArgumentException("mh-weighted needs node weights L_i (one positive number per node)");
        }
        return build(g, null);
    }

    /**
     * Returns the transition matrix of this scheme on {@code g}; {@code nodeWeights} are the
     * L_i of mh-weighted (ignored by the other rules).
     *
     * @throws InvalidArgumentException when the scheme is mh-weighted and nodeWeights is null, not of length g.n() or
     *     holds a weight that is not positive and finite, or the scheme is lazy-ring and g is not a ring
     */
    public TransitionMatrix build(Graph g, double[] nodeWeights) {
        int n = g.n();
        if (needsNodeWeights()) {
            if (nodeWeights == null || nodeWeights.length != n) {
                throw new InvalidArgumentException("mh-weighted needs " + n + " node weights, got "
                        + (nodeWeights == null ? "none" : nodeWeights.length));
            }
            for (int i = 0; i < n; i++) {
                if (!(nodeWeights[i] > 0) || Double.isInfinite(nodeWeights[i])) {
                    throw new InvalidArgumentException("node weight L_" + i + " must be positive and finite, got " + nodeWeights[i]);
                }
            }
        }
        if (kind == Kind.LAZY_RING) {
            for (int i = 0; i < n; i++) {
                if (g.degree(i) != 2) {
                    throw new InvalidArgumentException("lazy-ring weights need a ring (every degree 2); node " + i
                            + " has degree " + g.degree(i));
                }
            }
        }
        int[] rowStart = new int[n + 1];
        for (int i = 0; i < n; i++) {
            rowStart[i + 1] = rowStart[i] + g.degree(i) + 1;
        }
        int[] cols = new int[rowStart[n]];
        double[] probs = new double[rowStart[n]];
        for (int i = 0; i < n; i++) {
            int di = g.degree(i);
            int base = rowStart[i];
            // Moves are summed first and the self-loop is 1 - moves, so rows sum to 1 exactly in
            // the "rest" rules.
            double moves = 0;
            for (int k = 0; k < di; k++) {
                int j = g.neighbor(i, k);
                int dj = g.degree(j);
                double p = switch (kind) {
                    case SIMPLE -> 1.0 / di;
                    case LAZY_SIMPLE -> 0.5 / di;
                    case MH_UNIFORM -> Math.min(1.0, (double) di / dj) / di;
                    case MH_WEIGHTED -> Math.min(1.0, nodeWeights[j] * di / (nodeWeights[i] * dj)) / di;
                    case METROPOLIS -> 1.0 / (1 + Math.max(di, dj));
                    case HAMILTON -> 1.0 / Math.max(di, dj);
                    case LAZY_RING -> (1 - kappa) / 2;
                };
                cols[base + 1 + k] = j;
                probs[base + 1 + k] = p;
                moves += p;
            }
            cols[base] = i;
            probs[base] = switch (kind) {
                case SIMPLE -> di == 0 ? 1 : 0;
                case LAZY_SIMPLE -> di == 0 ? 1 : 0.5;
                case LAZY_RING -> kappa;
                // 1 - d·(1/d) can round to ~1e-16 instead of 0; a spurious self-loop would make a
                // periodic chain look aperiodic, so rounding-level remainders are snapped to 0.
                default -> 1 - moves <= 1e-14 ? 0 : 1 - moves;
            };
        }
        return TransitionMatrix.of(label(), n, rowStart, cols, probs);
    }
}
