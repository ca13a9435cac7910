package rwdp.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** The {@code --graph}, {@code --weights} and {@code --node-weights} options shared by commands. */
public final class GraphOptions {
    @Option(names = "--graph", paramLabel = "SPEC", required = true,
            description = {"The graph: complete:n, ring:n, star:n, path:n, grid:r,c, torus:r,c, hypercube:k,",
                "er:n,p,seed, regular:n,d,seed, geometric:n,radius,seed, sbm:s1/s2/...,p_in,p_out,seed,",
                "exponential:n or file:PATH (SNAP edge list)."})
    String graph;

    @Option(names = "--weights", paramLabel = "W", defaultValue = "simple",
            description = {"Transition weights: " + WeightScheme.NAMES + " (default: ${DEFAULT-VALUE})."})
    String weights;

    @Option(names = "--node-weights", paramLabel = "L",
            description = {"Node weights L_i for mh-weighted: comma-separated values, or file:PATH with one value per line."})
    String nodeWeights;

    /** Returns the parsed graph. */
    public Graph graph() {
        return GraphSpec.parse(graph);
    }

    /** Returns the parsed weight scheme. */
    public WeightScheme scheme() {
        return WeightScheme.parse(weights);
    }

    /** Returns the transition matrix of the chosen weights on {@code g}. */
    public TransitionMatrix matrix(Graph g) {
        WeightScheme w = scheme();
        if (w.needsNodeWeights()) {
            if (nodeWeights == null) {
                throw new UserException("--weights mh-weighted needs --node-weights (comma-separated or file:PATH)");
            }
            return w.build(g, parseNodeWeights(nodeWeights, g.n()));
        }
        return w.build(g);
    }

    /** Returns the node weights given as {@code a,b,c} or {@code file:PATH}; exactly n values. */
    static double[] parseNodeWeights(String text, int n) {
        List<String> tokens = new ArrayList<>();
        if (text.startsWith("file:")) {
            Path p = Path.of(text.substring(5));
            try {
                for (String line : Files.readAllLines(p)) {
                    String t = line.strip();
                    if (!t.isEmpty() && !t.startsWith("#")) {
                        tokens.add(t);
                    }
                }
            } catch (NoSuchFileException e) {
                throw new UserException("node-weights file not found: " + p);
            } catch (IOException e) {
                throw new UserException("cannot read node-weights file " + p + ": " + e.getMessage());
            }
        } else {
            for (String t : text.split(",")) {
                tokens.add(t.strip());
            }
        }
        if (tokens.size() != n) {
            throw new UserException("--node-weights has " + tokens.size() + " values, the graph has " + n + " nodes");
        }
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            try {
                w[i] = Double.parseDouble(tokens.get(i));
            } catch (NumberFormatException e) {
                throw new UserException("node weight '" + tokens.get(i) + "' is not a number");
            }
        }
        return w;
    }
}
