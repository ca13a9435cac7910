package rwdp.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Each check returns a valid value unchanged and refuses an invalid one with a message naming the parameter and the value. */
class ChecksTest {
    @Test
    void validValuesPassThrough() {
        assertEquals(2.5, Checks.checkSigma(2.5, "sigma"));
        assertEquals(Double.MIN_VALUE, Checks.checkFinitePositive(Double.MIN_VALUE, "x"));
        assertEquals(3, Checks.checkAtLeast(3, 3, "k"));
        assertEquals(10, Checks.checkAtMost(10, 10, "k", "why"));
        assertEquals(1, Checks.checkSteps(1, "T"));
        assertEquals(0, Checks.checkThreads(0, "threads"));
        assertEquals(Checks.MAX_THREADS, Checks.checkThreads(Checks.MAX_THREADS, "threads"));
        Checks.checkMemory(1, "a byte", "nothing");
    }

    @Test
    void invalidValuesAreRefusedNamingTheParameterAndTheValue() {
        for (double bad : new double[] {0, -1, Double.NaN, Double.POSITIVE_INFINITY}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Checks.checkSigma(bad, "--sigma"));
            assertTrue(e.getMessage().startsWith("--sigma ") && e.getMessage().endsWith("got " + bad), e.getMessage());
        }
        assertTrue(assertThrows(InvalidArgumentException.class, () -> Checks.checkAtLeast(2, 3, "n")).getMessage()
                .contains(">= 3, got 2"));
        assertTrue(assertThrows(InvalidArgumentException.class, () -> Checks.checkAtMost(11, 10, "k", "too slow")).getMessage()
                .contains("at most 10 (too slow), got 11"));
        assertThrows(InvalidArgumentException.class, () -> Checks.checkSteps(0, "T"));
        assertThrows(InvalidArgumentException.class, () -> Checks.checkThreads(-1, "threads"));
        assertThrows(InvalidArgumentException.class, () -> Checks.checkThreads(Checks.MAX_THREADS + 1, "threads"));
        String m = assertThrows(InvalidArgumentException.class,
                () -> Checks.checkMemory(1e15, "the matrix", Remedy.LARGER_HEAP.text())).getMessage();
        assertTrue(m.startsWith("the matrix needs about 1.00e+03 TB") && m.endsWith(Remedy.LARGER_HEAP.text()), m);
    }

    @Test
    void sizesReadAsUsersWriteThem() {
        assertEquals("320 MB", Checks.formatBytes(3.2e8));
        assertEquals("1.50 GB", Checks.formatBytes(1.5e9));
        assertEquals("2.00 TB", Checks.formatBytes(2e12));
    }
}
