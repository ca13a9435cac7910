package rwdp.claims;

import rwdp.registry.ClaimRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * The correctness gate: every registered claim (the Fashion-MNIST trainings in {@link FashionMnistGateTest}) runs in
 * the quick profile and its verdict must
 * equal the recorded expectation (a paper's VIOLATED claim stays VIOLATED), and its result must
 * meet the labelling rules ({@link LabelRules}).
 */
class ClaimsTest {
    @TempDir
    static Path figures;

    @TestFactory
    Stream<DynamicTest> everyClaimMeetsItsExpectation() {
        // The Fashion-MNIST trainings (about fifteen CPU minutes a quick run) have their own gate, FashionMnistGateTest,
        // which .ci/run runs at seeds 1..10.
        List<Claim> claims = ClaimRegistry.all().stream().filter(c -> !SeedStabilityTest.trainsOnFashionMnist(c)).toList();
        ClaimRunner runner = new ClaimRunner(Profile.QUICK, 1, figures, 1);
        return claims.stream().map(c -> DynamicTest.dynamicTest(c.id(), () -> {
            ClaimResult r = runner.runOne(c);
            assertNull(r.error(), () -> c.id() + " threw: " + r.outcome().evidence().notes());
            // A real-data claim whose Debian package is not installed cannot decide: skipped, with the package named.
            Object missing = r.outcome().evidence().values().get("missing_package");
            org.junit.jupiter.api.Assumptions.assumeTrue(missing == null,
                    () -> c.id() + " skipped: the Debian package " + missing + " is not installed");
            assertEquals(c.expected(), r.outcome().verdict(),
                    () -> c.id() + " evidence: " + r.outcome().evidence().values());
            org.junit.jupiter.api.Assertions.assertNotNull(r.outcome().evidence().power(),
                    () -> c.id() + " records no power (Evidence.power): every check says how able it is to fail");
            List<String> broken = LabelRules.problems(r);
            org.junit.jupiter.api.Assertions.assertTrue(broken.isEmpty(), () -> String.join("\n", broken));
        }));
    }
}
