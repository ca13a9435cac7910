package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import rwdp.registry.ClaimRegistry;

/**
 * Every claim is citable and honest about itself: a paper claim quotes the paper and cites a
 * place; a VIOLATED expectation names a corrected claim that is registered and expected to hold;
 * no claim names a file a reader does not have.
 */
class ClaimRegistryTest {
    /** The four papers rwdp verifies; textbook references and rwdp's own definitions carry no quote. */
    private static final java.util.Set<Paper> PAPERS = java.util.Set.of(Paper.AYACHE, Paper.CYFFERS, Paper.DFEDRW, Paper.YAKIMENKA);
    private static final Pattern LOCAL_FILE = Pattern.compile("[0-9]{3}_[0-9a-f]{16}\\.txt|shared/(seeds|spec)|spec/README");

    @Test
    void everyClaimIsQuotedCitedAndCorrected() {
        Map<String, Claim> byId = new HashMap<>();
        ClaimRegistry.all().forEach(c -> byId.put(c.id(), c));
        List<String> problems = new ArrayList<>();
        for (Claim c : byId.values()) {
            if (PAPERS.contains(c.source().paper()) && (c.quote() == null || c.quote().isBlank())) {
                problems.add(c.id() + ": no quote of " + c.source().paper().title());
            }
            if (c.expected() == Verdict.VIOLATED) {
                Claim fix = c.corrected() == null ? null : byId.get(c.corrected());
                if (fix == null || fix.expected() != Verdict.HOLDS) {
                    problems.add(c.id() + ": VIOLATED needs a registered corrected claim expected to HOLD, got " + c.corrected());
                }
            }
            for (String text : new String[] {c.statement(), c.quote(), c.reading(), c.erratum(), c.source().where()}) {
                if (text != null && LOCAL_FILE.matcher(text).find()) {
                    problems.add(c.id() + ": names a local file: " + text);
                }
            }
        }
        assertTrue(problems.isEmpty(), problems.size() + " problems:\n" + String.join("\n", problems));
    }
}
