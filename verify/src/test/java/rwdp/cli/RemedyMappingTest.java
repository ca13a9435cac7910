package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;
import rwdp.check.Remedy;
import rwdp.spectral.Solver;

/** Library messages name remedies in library terms; the command line shows its own options instead. */
class RemedyMappingTest {
    @Test
    void everyRemedyIsShownInCommandLineTerms() {
        for (Remedy r : Remedy.values()) {
            InvalidArgumentException e = new InvalidArgumentException("refused; ", r);
            assertEquals("refused; " + r.text(), e.getMessage(), "a library user reads the library's remedy");
            String shown = Main.forCommandLine(e);
            assertFalse(shown.contains(r.text()), r + " is mapped: " + shown);
            assertTrue(shown.startsWith("refused; "), shown);
        }
        assertTrue(Main.forCommandLine(new InvalidArgumentException("", Remedy.LARGER_HEAP)).contains("RWDP_JAVA_OPTS"));
        assertTrue(Main.forCommandLine(new InvalidArgumentException("", Remedy.EIGEN)).contains("--solver eigen"));
        // The field is mapped, never the text: a message that merely quotes a remedy's words is shown as it is.
        String quoted = "refused; " + Remedy.EIGEN.text();
        assertEquals(quoted, Main.forCommandLine(new InvalidArgumentException(quoted)));
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
