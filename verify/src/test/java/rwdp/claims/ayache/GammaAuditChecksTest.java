package rwdp.claims.ayache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.claims.CheckContext;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;

class GammaAuditChecksTest {
    @TempDir
    Path figures;

    @Test
    void auditHoldsAtLemma3sThetaAndCatchesALeakierMechanism() {
        CheckContext ctx = new CheckContext("ayache.audit-gamma", Profile.QUICK, 3, figures);
        assertEquals(Verdict.HOLDS, GammaAuditChecks.audit(ctx).verdict());
        // θ/4 leaks more than Lemma 3 allows for the θ it was given: the audit must say so.
        assertEquals(Verdict.VIOLATED, GammaAuditChecks.audit(ctx, 0.25).verdict());
    }

    @Test
    void exactEpsilonInvertsExactDelta() {
        double e = GammaAuditChecks.exactEpsilon(0.05, 0.8, 1, 2);
        assertEquals(0.05, GammaAuditChecks.exactDelta(e, 0.8, 1, 2), 1e-10);
    }
}
