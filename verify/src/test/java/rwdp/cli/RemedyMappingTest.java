package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.check.Remedy;
import rwdp.spectral.Solver;

/** Library messages name remedies in library terms; the command line shows its own options instead. */
class RemedyMappingTest {
    @Test
    void everyRemedyIsShownInCommandLineTerms() {
        for (Remedy r : Remedy.values()) {
            String shown = Main.forCommandLine("refused; " + r.text());
            assertFalse(shown.contains(r.text()), r + " is mapped: " + shown);
            assertTrue(shown.startsWith("refused; "), shown);
        }
        assertTrue(Main.forCommandLine(Remedy.LARGER_HEAP.text()).contains("RWDP_JAVA_OPTS"));
        assertTrue(Main.forCommandLine(Remedy.EIGEN.text()).contains("--solver eigen"));
    }

    @Test
    void aRefusalFromTheLibraryNamesTheOption() {
        // The plain expansion refused on a long path: the library says Solver.EIGEN, the command line --solver.
        CliTest.Run r = CliTest.run("bound", "pndp", "--graph", "path:700", "--T", "10000", "--alpha", "2", "--sigma", "3",
                "--source", "0", "--solver", "chebyshev");
        assertTrue(r.code() == 2, r.err());
        assertTrue(r.err().contains("use --solver auto (deflation) or eigen"), r.err());
        assertFalse(r.err().contains("Solver."), "no library names on the command line: " + r.err());
    }
}
