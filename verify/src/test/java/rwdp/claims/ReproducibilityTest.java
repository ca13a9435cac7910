package rwdp.claims;

import rwdp.registry.ClaimRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.report.Json;
import rwdp.report.ClaimsJson;
import rwdp.report.ReportWriter;

/** The same seed gives the same evidence whatever the number of threads. */
class ReproducibilityTest {

    private static String evidence(List<ClaimResult> results) {
        Map<String, Object> json = ClaimsJson.toJson(results, new ReportWriter.RunInfo("quick", 7, 0, "", ""));
        @SuppressWarnings("unchecked")
        List<Map<String, Object>> claims = (List<Map<String, Object>>) json.get("claims");
        claims.forEach(c -> c.remove("seconds"));
        return Json.write(claims);
    }

    @Test
    void evidenceDoesNotDependOnTheThreadCount(@TempDir Path figures) throws Exception {
        List<Claim> claims = ClaimRegistry.matching("core.");
        String one = new ForkJoinPool(1).submit(() -> evidence(new ClaimRunner(Profile.QUICK, 7, figures, 1)
                .run(claims, r -> { }))).get();
        String many = evidence(new ClaimRunner(Profile.QUICK, 7, figures, 4).run(claims, r -> { }));
        assertEquals(one, many);
    }
}
