package rwdp.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

/** The graph spec as a value: text round trip, validation at construction, the memory rule and connected draws. */
class GraphSpecTest {

    @Property(tries = 200)
    void randomFamiliesReadBackFromTheirText(@ForAll @IntRange(min = 1, max = 100_000) int n,
                                             @ForAll @DoubleRange(min = 0, max = 1) double p, @ForAll long seed) {
        GraphSpec er = GraphSpec.er(n, p, seed);
        assertEquals(er, GraphSpec.parse(er.toString()));
        GraphSpec geo = GraphSpec.geometric(n, p + 0.01, seed);
        assertEquals(geo, GraphSpec.parse(geo.toString()));
        GraphSpec sbm = GraphSpec.sbm(List.of(n, 1 + n % 7), p, p / 2, seed);
        assertEquals(sbm, GraphSpec.parse(sbm.toString()));
    }

    @Property(tries = 100)
    void deterministicFamiliesReadBackAndBuildTheirSize(@ForAll @IntRange(min = 2, max = 300) int n,
                                                        @ForAll @IntRange(min = 1, max = 20) int c) {
        for (GraphSpec s : List.of(GraphSpec.ring(n), GraphSpec.path(n), GraphSpec.star(n), GraphSpec.complete(n),
                GraphSpec.grid(n, c), GraphSpec.torus(n, c), new GraphSpec.Exponential(n))) {
            assertEquals(s, GraphSpec.parse(s.toString()));
            Graph g = s.build();
            assertEquals(s.nodes(), g.n(), s.toString());
            // The estimate sizes memory before generation: it never undercounts a deterministic family's edges.
            assertTrue(s.edges() >= g.edgeCount(), s + ": estimated " + s.edges() + " edges, built " + g.edgeCount());
        }
    }

    @Test
    void theTextIsWhatClaimsAndUsersWrite() {
        assertEquals("er:40,0.3,7", GraphSpec.er(40, 0.3, 7).toString());
        assertEquals("sbm:10/20,0.5,0.05,3", GraphSpec.sbm(List.of(10, 20), 0.5, 0.05, 3).toString());
        assertEquals("torus:4,6", GraphSpec.torus(4, 6).toString());
        // Parsing normalises spelling: case, spaces.
        assertEquals(GraphSpec.er(40, 0.3, 7), GraphSpec.parse("ER: 40, 0.30, 7"));
    }

    @Test
    void invalidParametersAreRefusedWhenTheValueIsMadeNotWhenItIsBuilt() {
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.er(10, 1.5, 1));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.ring(1));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.regular(5, 3, 1));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.geometric(5, 0, 1));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.sbm(List.of(3, 0), 0.5, 0.1, 1));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.parse("grid:70000,70000"));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.parse("hypercube:25"));
        // A file is named, not read: a missing one is refused when built.
        GraphSpec f = GraphSpec.parse("file:/no/such/file");
        assertEquals("/no/such/file", f.file().orElseThrow().toString());
        assertThrows(InvalidArgumentException.class, f::build);
    }

    @Test
    void aGraphLargerThanTheHeapIsRefusedBeforeAllocation() {
        GraphSpec huge = GraphSpec.complete(60_000);
        // 1.8e9 edges at 48 bytes each: far beyond any test heap, and refused by the array-index rule as well.
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, huge::build);
        assertTrue(e.getMessage().contains("too large"), e.getMessage());
        GraphSpec big = GraphSpec.er(2_000_000, 0.0005, 1);
        assertTrue(big.estimateBytes() > Runtime.getRuntime().maxMemory(), "er:2e6 needs about 48 GB");
        assertThrows(InvalidArgumentException.class, big::build);
    }

    @Test
    void connectedDrawsStartAtTheSeedAndStepByOne() {
        // er:20,0.15 is disconnected for many seeds: the first connected one is found by trying each in turn.
        long first = -1;
        for (long s = 5; first < 0; s++) {
            if (GraphSpec.er(20, 0.15, s).build().isConnected()) {
                first = s;
            }
        }
        GraphSpec.Connected c = GraphSpec.er(20, 0.15, 5).connected(1000);
        assertEquals(first, c.spec().seed());
        assertTrue(c.graph().isConnected());
        assertFalse(first > 5 && GraphSpec.er(20, 0.15, 5).build().isConnected());
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.er(20, 0.0, 5).connected(10));
    }

    @Test
    void largestComponentReadsBackAndKeepsTheFilesIds(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        GraphSpec s = GraphSpec.parse("largest:er:200,0.005,3");
        assertEquals(s, GraphSpec.parse(s.toString()));
        assertEquals(GraphSpec.er(200, 0.005, 3), ((GraphSpec.LargestComponent) s).of());
        java.util.List<String> notes = new java.util.ArrayList<>();
        Graph g = s.build(notes::add);
        assertTrue(g.isConnected());
        assertTrue(g.n() < 200 && notes.size() == 1 && notes.get(0).contains(g.n() + " of 200 nodes"), notes.toString());
        // Ids of a file survive both renumberings: the edge list's, then the component's.
        java.nio.file.Path edges = dir.resolve("e.txt");
        java.nio.file.Files.writeString(edges, "# two components\n10 30\n30 20\n7 8\n");
        Graph f = GraphSpec.parse("largest:file:" + edges).build();
        assertEquals(3, f.n());
        assertEquals(java.util.List.of(10L, 20L, 30L), java.util.List.of(f.originalId(0), f.originalId(1), f.originalId(2)));
        assertTrue(f.hasEdge(0, 2) && f.hasEdge(1, 2) && !f.hasEdge(0, 1));
        assertEquals(java.util.Optional.of(edges), GraphSpec.parse("largest:file:" + edges).file());
        // A connected graph is kept as it is, with no note.
        notes.clear();
        assertEquals(GraphSpec.ring(9).build().edgeCount(), GraphSpec.parse("largest:ring:9").build(notes::add).edgeCount());
        assertTrue(notes.isEmpty());
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.parse("largest:"));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.parse("largest:largest:ring:5"));
        assertThrows(InvalidArgumentException.class, () -> GraphSpec.parse("largest:ring:x"));
    }
}
