package rwdp.claims.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.claims.CheckContext;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;
import rwdp.graph.GraphSpec;
import rwdp.markov.WeightScheme;

class PndpAuditChecksTest {
    @TempDir
    Path figures;

    @Test
    void auditCatchesABoundClaimedTenTimesTooSmall() {
        CheckContext ctx = new CheckContext("cyffers.audit-thm3", Profile.QUICK, 3, figures);
        assertEquals(Verdict.VIOLATED, PndpAuditChecks.audit(ctx, 0.1).verdict());
    }

    @Test
    void segmentWeightsMatchTheCompleteGraphByHand() {
        // complete:3, simple walk, u = 0, v = 1: a segment avoiding v only visits 0 and 2 and alternates between them.
        double[][] w = WeightScheme.parse("simple").build(GraphSpec.parse("complete:3").build()).toDenseArray();
        double[][] t = PndpAuditChecks.segmentWeights(w, 0, 1, 5);
        assertEquals(1.0, t[0][1], 1e-15);
        assertEquals(0.0, t[2][1], 1e-15);
        assertEquals(0.5, t[0][2], 1e-15);
        assertEquals(2.0 / 3, t[0][3], 1e-15);
        assertEquals(1.0 / 3, t[2][3], 1e-15);
    }
}
