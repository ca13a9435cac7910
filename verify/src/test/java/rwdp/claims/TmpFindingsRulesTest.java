package rwdp.claims;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import rwdp.registry.ClaimRegistry;

/** Temporary (not committed): rules 7 and 8 on every claim with a finding, quick profile, seed from RWDP_TMP_SEED. */
class TmpFindingsRulesTest {
    @Test
    void run() {
        long seed = Long.parseLong(System.getenv().getOrDefault("RWDP_TMP_SEED", "1"));
        List<Claim> claims = ClaimRegistry.all().stream().filter(c -> c.erratum() != null && !SeedStabilityTest.trainsOnFashionMnist(c)).toList();
        ClaimRunner runner = new ClaimRunner(Profile.QUICK, seed, Path.of("/tmp/setting-tmptest/f" + seed), 1);
        for (ClaimResult r : runner.run(claims, x -> { })) {
            System.out.println("TMP " + r.claim().id() + " " + r.outcome().verdict() + " expected " + r.claim().expected()
                    + (r.error() == null ? "" : " ERROR " + r.error()) + " effect=" + r.outcome().evidence().values().get(LabelRules.EFFECT_ON_CONCLUSIONS));
            for (String p : LabelRules.problems(r)) {
                System.out.println("TMP PROBLEM " + p);
            }
        }
    }
}
