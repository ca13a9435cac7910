package rwdp.cli.common;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;

/**
 * The {@code --graph} option of every command that takes a graph: parsed once at the edge into a {@link GraphSpec}
 * (rwdp.cli.Main.configure gives picocli {@link GraphSpec#parse} as its converter)
 * value; a command with a default of its own declares it through {@link CommandDefaults.Declared}.
 */
public final class GraphOptions {
    @Option(names = "--graph", paramLabel = "SPEC", required = true,
            description = "The graph: complete:n, ring:n, star:n (centre 0), path:n, grid:r,c, torus:r,c, hypercube:k, "
                + "er:n,p,seed, regular:n,d,seed, geometric:n,radius,seed, sbm:s1/s2/...,p_in,p_out,seed, "
                + "exponential:n or file:PATH (SNAP edge list).")
    GraphSpec spec;


    /** Returns the graph's spec. */
    public GraphSpec spec() {
        return spec;
    }

    /**
     * Returns the graph, refusing one with fewer than 2 nodes (no random walk moves on it); what was dropped from an
     * edge-list file is said on stderr once the graph is accepted.
     *
     * @throws InvalidArgumentException when the graph cannot be built or has fewer than 2 nodes
     */
    public Graph graph() {
        // Notes wait until the graph is accepted: a refusal is one line on stderr, not a note and an error.
        List<String> notes = new ArrayList<>();
        Graph g = spec.build(notes::add);
        if (g.n() < 2) {
            throw new UserException("--graph " + spec + " has " + g.n() + " node" + (g.n() == 1 ? "" : "s")
                    + (notes.isEmpty() ? "" : " (" + String.join("; ", notes) + ")")
                    + "; a random walk needs at least 2 nodes: give an edge list with at least one edge between two nodes");
        }
        for (String note : notes) {
            System.err.println("note: " + note);
        }
        return g;
    }

    /**
     * Returns the graph as {@link #graph()} does, refusing a disconnected one.
     *
     * @param why what needs connectivity, said in the refusal (e.g. "pairwise losses need a connected graph")
     * @throws InvalidArgumentException when the graph cannot be built, has fewer than 2 nodes or is not connected
     */
    public Graph connectedGraph(String why) {
        Graph g = graph();
        if (!g.isConnected()) {
            int[] size = g.componentSizes();
            int largest = java.util.Arrays.stream(size).max().orElse(0);
            throw new UserException("the graph " + spec + " is not connected (" + size.length + " components, the largest "
                    + largest + " of its " + g.n() + " nodes): " + why + "; --graph largest:" + spec + " keeps the largest component");
        }
        return g;
    }

    /** Says on stderr how file: node ids were renumbered, and how to get the mapping. */
    public void noteRenumbering(Graph g) {
        if (g.isRenumbered()) {
            System.err.println("note: node ids were renumbered 0.." + (g.n() - 1) + " in increasing id order; "
                    + "use `rwdp graph info --graph " + spec + " --mapping FILE` for the mapping");
        }
    }
}
