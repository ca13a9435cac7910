package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The per-run cache: one computation per key, shared by the run's claims and by nothing after the run. */
class RunCacheTest {
    private record A(int x) implements RunCache.Key<String> {}

    private record B(int x) implements RunCache.Key<String> {}

    @Test
    void computesEachKeyOnceAndKeysOfTwoKindsNeverCollide() {
        RunCache c = new RunCache();
        AtomicInteger calls = new AtomicInteger();
        assertEquals("a1", c.get(new A(1), () -> "a" + calls.incrementAndGet()));
        assertEquals("a1", c.get(new A(1), () -> "a" + calls.incrementAndGet()));
        // Same component, another kind of key: its own value (hand-joined strings "1" would have collided).
        assertEquals("b2", c.get(new B(1), () -> "b" + calls.incrementAndGet()));
        assertEquals(2, calls.get());
        assertEquals(2, c.size());
    }

    @Test
    void aFailedComputationReachesItsCallerUnwrapped() {
        RunCache c = new RunCache();
        ArithmeticException e = assertThrows(ArithmeticException.class, () -> c.get(new A(1), () -> {
            throw new ArithmeticException("boom");
        }));
        assertEquals("boom", e.getMessage());
        assertThrows(NullPointerException.class, () -> c.get(new A(2), () -> null));
    }

    @Test
    void theContextLentToAnotherClaimSharesTheRunsCacheAndAnotherRunDoesNot() {
        RunCache run = new RunCache();
        CheckContext mine = new CheckContext("a.b", Profile.QUICK, 1, Path.of("f"), 1, rwdp.random.MonteCarlo.LOCAL, run);
        Object value = mine.cached(new A(7), () -> new String("x"));
        assertSame(value, mine.as("c.d").cached(new A(7), () -> "other"));
        CheckContext nextRun = new CheckContext("a.b", Profile.QUICK, 1, Path.of("f"), 1, rwdp.random.MonteCarlo.LOCAL, new RunCache());
        assertNotSame(value, nextRun.cached(new A(7), () -> new String("x")));
    }

    @Test
    void claimsOfOneRunnerShareAndTwoRunnersDoNot() {
        AtomicInteger calls = new AtomicInteger();
        Claim c = Claim.holds("test.cached", Paper.RWDP.at("test"), "a cached value is computed once per run", ctx -> {
            ctx.cached(new A(0), () -> "v" + calls.incrementAndGet());
            return Outcome.of(true, new Evidence());
        });
        ClaimRunner first = new ClaimRunner(Profile.QUICK, 1, Path.of("f"), 1);
        first.run(List.of(c, c), r -> { });
        assertEquals(1, calls.get());
        new ClaimRunner(Profile.QUICK, 1, Path.of("f"), 1).runOne(c);
        assertEquals(2, calls.get());
    }
}
