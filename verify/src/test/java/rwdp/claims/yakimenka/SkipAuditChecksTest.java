package rwdp.claims.yakimenka;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.claims.CheckContext;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;

class SkipAuditChecksTest {
    @TempDir
    Path figures;

    @Test
    void auditCatchesASchemeRunWithTooLittleNoise() {
        CheckContext ctx = new CheckContext("yakimenka.audit-skip-ring", Profile.QUICK, 3, figures);
        // A tenth of footnote 4's σ: the view leaks far beyond Theorem 2's ε_skip for the σ it was given.
        assertEquals(Verdict.VIOLATED, SkipAuditChecks.audit(ctx, 0.1).verdict());
    }

    @Test
    void viewMuOfTwoNodesIsTheDirectComposition() {
        // n = 2: v sees each of u's updates alone, so μ = 2k√rounds/σ whatever the step sizes.
        assertEquals(2 * Math.sqrt(10) / 3, SkipAuditChecks.viewMu(2, 10, 1, 3, 1), 1e-12);
        // n = 4: the other nodes' noise can only lower μ.
        assertEquals(true, SkipAuditChecks.viewMu(4, 10, 1, 3, 1) < 2 * Math.sqrt(10) / 3);
        assertEquals(true, new GaussianPrivacyCurve(SkipAuditChecks.viewMu(4, 10, 1, 3, 1)).epsilon(1e-5) > 0);
    }
}
