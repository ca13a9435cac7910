package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import rwdp.data.DataUnavailableException;

/** An exception inside a check is an internal error of rwdp, never a verdict; a missing data package is "not run". */
class InternalErrorTest {
    private static ClaimResult run(Check check) {
        Claim c = Claim.holds("test.throws", Paper.RWDP.at("test"), "a check that throws decides nothing", check);
        return new ClaimRunner(Profile.QUICK, 1, Path.of("f"), 1).runOne(c);
    }

    @Test
    void aThrowingCheckIsAnInternalErrorAndNotAsExpected() {
        ClaimResult r = run(ctx -> {
            throw new ArithmeticException("NaN ratio");
        });
        assertTrue(r.internalError());
        assertEquals(ClaimResult.INTERNAL_ERROR, r.label());
        assertFalse(r.asExpected(), "a gate over the claims must fail on an internal error");
        assertFalse(r.notRun());
        assertTrue(r.error().contains("NaN ratio"));
    }

    @Test
    void aMissingDataPackageFoundDeepInACheckIsNotRunNotAnError() {
        ClaimResult r = run(ctx -> {
            throw new IllegalStateException("wrapped", new DataUnavailableException("rwdp-data-x", "the x data set is not installed"));
        });
        assertNull(r.error());
        assertFalse(r.internalError());
        assertTrue(r.notRun());
        assertTrue(r.asExpected());
        assertEquals("rwdp-data-x", r.outcome().evidence().values().get(ClaimResult.MISSING_PACKAGE));
    }

    @Test
    void aCheckThatAnswersKeepsItsVerdictAsLabel() {
        ClaimResult r = run(ctx -> new Outcome(Verdict.INCONCLUSIVE, new Evidence()));
        assertFalse(r.internalError());
        assertEquals("INCONCLUSIVE", r.label());
    }
}
