package rwdp.cli.common;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/**
 * The {@code --weights} and {@code --node-weights} options of every command that walks a graph: the weight scheme
 * parsed once into a {@link WeightScheme}, the node weights L_i once into numbers (their count and sign are checked
 * by {@link WeightScheme#build(Graph, double[])}, against the graph). A command whose paper fixes another default
 * scheme declares it through {@link CommandDefaults.Declared}.
 */
public final class WeightOptions {
    @Option(names = "--weights", paramLabel = "W", defaultValue = "simple",
            description = {"Transition weights: " + WeightScheme.NAMES + " (default: ${DEFAULT-VALUE})."})
    WeightScheme scheme;

    @Option(names = "--node-weights", paramLabel = "L",
            description = {"Node weights L_i for mh-weighted: comma-separated values, or file:PATH with one value per line."})
    String nodeWeights;


    /** Returns the weight scheme. */
    public WeightScheme scheme() {
        return scheme;
    }

    /**
     * Returns the node weights L_i as given (null when none were), read once from the option.
     *
     * @throws UserException when a value is not a number or the file cannot be read
     */
    public double[] nodeWeights() {
        if (nodeWeights == null) {
            return null;
        }
        List<String> tokens = new ArrayList<>();
        if (nodeWeights.startsWith("file:")) {
            Path p = Path.of(nodeWeights.substring(5));
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
            for (String t : nodeWeights.split(",")) {
                tokens.add(t.strip());
            }
        }
        double[] w = new double[tokens.size()];
        for (int i = 0; i < w.length; i++) {
            try {
                w[i] = Double.parseDouble(tokens.get(i));
            } catch (NumberFormatException e) {
                throw new UserException("node weight '" + tokens.get(i) + "' is not a number");
            }
        }
        return w;
    }

    /**
     * Returns the transition matrix of the chosen weights on {@code g}, refused before it is built when it would not
     * fit in the heap.
     *
     * @throws InvalidArgumentException when the scheme does not apply to {@code g}, or the node weights are missing,
     *                                  miscounted or not positive
     */
    public TransitionMatrix matrix(Graph g) {
        // CSR rows with alias tables (24 bytes per entry) plus the builder's arrays and their sorted copy.
        rwdp.check.Checks.checkMemory(72.0 * (2.0 * g.edgeCount() + g.n()) + 32.0 * g.n(),
                "the transition matrix of the graph", "", rwdp.check.Remedy.LARGER_HEAP);
        double[] l = nodeWeights();
        if (scheme.needsNodeWeights() && l == null) {
            throw new UserException("--weights mh-weighted needs --node-weights (comma-separated or file:PATH)");
        }
        return scheme.build(g, l);
    }
}
