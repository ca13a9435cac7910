package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.registry.ClaimRegistry;

/**
 * Pinned verdicts do not depend on the run seed: the quick profile of every claim, at run seeds
 * 2..10 (seed 1 is {@link ClaimsTest}), gives every expected verdict. A claim that decides many
 * intervals controls their family-wise error ({@link Multiplicity}); a claim that still flips
 * here needs more samples or an INCONCLUSIVE expectation. Each result must also meet the
 * labelling rules ({@link LabelRules}) at its seed, so a DEPENDS or VIOLATED claim's finding is
 * checked against the evidence of nine seeds besides seed 1. The Fashion-MNIST claims (a minute of
 * training per seed) are checked at the same seeds by {@code .ci/run}.
 */
class SeedStabilityTest {
    /** Claim-id prefix of the Fashion-MNIST claims, checked across seeds by {@code .ci/run} instead. */
    static final String FASHION_MNIST = "dfedrw.fmnist";

    @TempDir
    Path figures;

    @Test
    void quickVerdictsAtRunSeeds2To10() {
        List<String> misses = new ArrayList<>();
        // The Fashion-MNIST trainings take most of a quick run; .ci/run checks them at seeds 2..10 through ./rwdp report.
        List<Claim> claims = ClaimRegistry.all().stream().filter(c -> !c.id().startsWith(FASHION_MNIST)).toList();
        for (long seed = 2; seed <= 10; seed++) {
            ClaimRunner runner = new ClaimRunner(Profile.QUICK, seed, figures.resolve("s" + seed), 2);
            for (ClaimResult r : runner.run(claims, x -> { })) {
                // Rules 1 and 4 at every seed: the verdict and the finding text follow this seed's cells.
                for (String p : LabelRules.problems(r)) {
                    misses.add("seed " + seed + ": " + p);
                }
                if (!r.asExpected()) {
                    misses.add("seed " + seed + ": " + r.claim().id() + " gave " + r.outcome().verdict()
                            + " (expected " + r.claim().expected() + ")" + (r.error() == null ? "" : " error " + r.error()));
                }
            }
        }
        assertTrue(misses.isEmpty(), misses.size() + " verdicts differ from their expectation:\n" + String.join("\n", misses));
    }
}
