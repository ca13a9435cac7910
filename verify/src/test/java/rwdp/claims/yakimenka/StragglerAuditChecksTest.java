package rwdp.claims.yakimenka;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.algo.SkippingScheme;
import rwdp.claims.CheckContext;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;
import rwdp.claims.audit.CanaryLoss;
import rwdp.latency.ExponentialLatency;

class StragglerAuditChecksTest {
    @TempDir
    Path figures;

    @Test
    void auditCatchesASchemeRunWithTooLittleNoise() {
        CheckContext ctx = new CheckContext("yakimenka.audit-stragglers", Profile.QUICK, 3, figures);
        // A tenth of footnote 4's σ: the view leaks far beyond Theorem 2's ε_skip for the σ it was given (one case; the
        // claim's own run, HOLDS with its ladder in order, is ClaimsTest's).
        var o = StragglerAuditChecks.audit(ctx, 0.1, new double[][] {StragglerAuditChecks.CASES[1]});
        assertEquals(Verdict.VIOLATED, o.verdict(), o.evidence().values().toString());
        assertEquals(Boolean.TRUE, o.evidence().values().get("some_case_can_fail"));
    }

    @Test
    void withoutStragglersTheViewIsTheSkipRingView() {
        // p = 0: every node updates, and μ is SkipAuditChecks' closed form for the no-skip schedule.
        double mu = StragglerAuditChecks.viewMu(4, 10, 0, 1, 3, 1, new SplittableRandom(1));
        assertEquals(SkipAuditChecks.viewMu(4, 10, 1, 3, 1), mu, 1e-12);
        // Skips can only lower μ: fewer of u's updates, each weighed against the round's remaining noise.
        SplittableRandom rng = new SplittableRandom(2);
        for (int i = 0; i < 200; i++) {
            assertTrue(StragglerAuditChecks.viewMu(2, 10, 0.3, 1, 3, 1, rng) <= 2 * Math.sqrt(10) / 3 + 1e-12);
        }
    }

    @Test
    void scoreIsGaussianWithTheViewsMeanAndVariance() {
        // n = 2, p = 0: the score Σ_r (k + noise)/(σ² η_u) over the 10 rounds, η_u = 1/√(2r + 1), has mean
        // Σ k/σ² and variance Σ 1/σ² (each term's noise is σ η_u N): checked on 20,000 runs to 5 standard errors.
        double sigma = 2;
        SkippingScheme.Params params = new SkippingScheme.Params(SkippingScheme.Path.RING, 20, Double.POSITIVE_INFINITY, 0, 1,
                sigma, 1e300);
        SkippingScheme scheme = new SkippingScheme(new CanaryLoss(2, 0, 1), new ExponentialLatency(1), params);
        SplittableRandom rng = new SplittableRandom(5);
        int runs = 20_000;
        double sum = 0;
        double sq = 0;
        for (int i = 0; i < runs; i++) {
            double s = StragglerAuditChecks.score(scheme, 2, sigma, rng);
            sum += s;
            sq += s * s;
        }
        double mean = sum / runs;
        double var = sq / runs - mean * mean;
        assertEquals(10 / (sigma * sigma), mean, 5 * Math.sqrt(10 / (sigma * sigma) / runs));
        assertEquals(10 / (sigma * sigma), var, 0.05 * 10 / (sigma * sigma));
    }
}
