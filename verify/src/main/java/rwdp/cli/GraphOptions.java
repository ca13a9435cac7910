package rwdp.cli;

import rwdp.cli.common.UserException;
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

    /**
     * Returns the parsed graph, refusing one with fewer than 2 nodes (no random walk moves on it);
     * what was dropped from an edge-list file is said on stderr.
     */
    public Graph graph() {
        // Notes wait until the graph is accepted: a refusal is one line on stderr, not a note and an error.
        List<String> notes = new ArrayList<>();
        Graph g = GraphSpec.parse(graph, notes::add);
        if (g.n() < 2) {
            throw new UserException("--graph " + graph + " has " + g.n() + " node" + (g.n() == 1 ? "" : "s")
                    + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")")
                    + "; a random walk needs at least 2 nodes: give an edge list with at least one edge between two nodes");
        }
        for (String note : notes) {
            System.err.println("note: " + note);
        }
        return g;
    }

    /** Returns the parsed weight scheme. */
    public WeightScheme scheme() {
        return WeightScheme.parse(weights);
    }

    /** Returns the transition matrix of the chosen weights on {@code g}. */
    public TransitionMatrix matrix(Graph g) {
        WeightScheme w = scheme();
        // CSR rows with alias tables (24 bytes per entry) plus the builder's arrays and their sorted copy.
        rwdp.check.Checks.checkMemory(72.0 * (2.0 * g.edgeCount() + g.n()) + 32.0 * g.n(),
                "the transition matrix of " + graph, "use a smaller graph or give the JVM more with RWDP_JAVA_OPTS=-Xmx<size>");
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
            if (Files.isDirectory(p)) {
                throw new UserException("node-weights file " + p + " is a directory");
            }
            try {
                for (String line : Files.readAllLines(p)) {
                    String t = line.replace("\uFEFF", "").strip();
                    if (!t.isEmpty() && !t.startsWith("#")) {
                        tokens.add(t);
                    }
                }
            } catch (NoSuchFileException e) {
                throw new UserException("node-weights file not found: " + p);
            } catch (java.nio.charset.CharacterCodingException e) {
                throw new UserException("node-weights file " + p + " is not a text file (it holds bytes that are not UTF-8 text)");
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
            if (!(w[i] > 0 && Double.isFinite(w[i]))) {
                throw new UserException("node weight " + (i + 1) + " must be a finite number > 0, got " + tokens.get(i));
            }
        }
        return w;
    }
}
