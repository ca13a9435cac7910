package rwdp.claims.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.algo.RwDpSgd;
import rwdp.bounds.rwsgd.SegmentLaws;
import rwdp.bounds.rwsgd.ViewSetting;
import rwdp.claims.CheckContext;
import rwdp.claims.Outcome;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;
import rwdp.claims.audit.CanaryLoss;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

class PndpAuditChecksTest {
    @TempDir
    Path figures;

    @Test
    void auditCatchesAMechanismRunWithTooLittleNoise() {
        // The mechanism leaks (a tenth of the σ Theorem 3 was given), the bound stays: the σ = 6 case, whose trials can
        // certify more than its bound, must see it. (The claim's own run, HOLDS with its ladder in order, is ClaimsTest's,
        // LabelRules included.)
        CheckContext ctx = new CheckContext("cyffers.audit-thm3", Profile.QUICK, 3, figures);
        PndpAuditChecks.Case[] all = PndpAuditChecks.CASES;
        Outcome o = PndpAuditChecks.audit(ctx, 0.1, new PndpAuditChecks.Case[] {all[all.length - 1]});
        assertEquals(Verdict.VIOLATED, o.verdict(), o.evidence().values().toString());
        assertEquals(Boolean.TRUE, o.evidence().values().get("some_case_can_fail"));
    }

    @Test
    void scoreIsTheViewsLogLikelihoodRatioOnTheAlternatingWalk() {
        // complete:2 from 0 alternates 0, 1, 0, …: every segment is one update of u = 0, so ℓ(z) = 2z/(4σ²) and the
        // score is Σ z_j/(2σ²) over v's T/2 arrivals, z_j = −(x on arrival − x v sent).
        TransitionMatrix w = WeightScheme.parse("simple").build(GraphSpec.parse("complete:2").build());
        double sigma = 0.8;
        int steps = 6;
        RwDpSgd.Config cfg = new RwDpSgd.Config(steps, sigma, 1, Double.NaN, 1, 0, 0, Long.MAX_VALUE);
        CanaryLoss loss = new CanaryLoss(2, 0, 1);
        ViewSetting view = new ViewSetting(w, 0, 1, 0, steps, sigma);
        double score = PndpAuditChecks.score(loss, view, cfg, SegmentLaws.of(view), new SplittableRandom(9));
        RwDpSgd alg = new RwDpSgd(loss, w, new double[1], cfg, new SplittableRandom(9));
        double expected = 0;
        double sent = 0;
        for (int t = 0; t < steps; t++) {
            if (t % 2 == 1) {
                expected += -(alg.model()[0] - sent) / (2 * sigma * sigma);
            }
            alg.step();
            if (t % 2 == 1) {
                sent = alg.model()[0];
            }
        }
        expected += -(alg.model()[0] - sent) / (2 * sigma * sigma);
        assertEquals(expected, score, 1e-12);
    }
}
