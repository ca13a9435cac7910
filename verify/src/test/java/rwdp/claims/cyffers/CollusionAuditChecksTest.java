package rwdp.claims.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.claims.CheckContext;
import rwdp.claims.Outcome;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;

class CollusionAuditChecksTest {
    @TempDir
    Path figures;

    @Test
    void auditCatchesACoalitionFacingAMechanismWithTooLittleNoise() {
        // The mechanism leaks (a tenth of the σ eq. (17) was given), the bound stays: the σ = 6 case, whose trials can
        // certify more than its bound, must see it. (The claim's own run, HOLDS with its ladder in order and power
        // above none, is ClaimsTest's, LabelRules included.)
        CheckContext ctx = new CheckContext("cyffers.audit-collusion", Profile.QUICK, 3, figures);
        CollusionAuditChecks.Case[] all = CollusionAuditChecks.CASES;
        Outcome o = CollusionAuditChecks.audit(ctx, 0.1, new CollusionAuditChecks.Case[] {all[all.length - 1]});
        assertEquals(Verdict.VIOLATED, o.verdict(), o.evidence().values().toString());
        assertEquals(Boolean.TRUE, o.evidence().values().get("some_case_can_fail"));
    }
}
