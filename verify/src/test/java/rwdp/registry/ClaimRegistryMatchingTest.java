package rwdp.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import rwdp.claims.CheckContext;
import rwdp.claims.Claim;
import rwdp.claims.Profile;

/**
 * The registry as the command line reads it: every claim once, {@code matching(prefix)} a plain
 * id-prefix filter (everything on blank, nothing on no match), every claim sourced and expected,
 * and no two claims able to write the same figure file ({@code <id>-<name>.png}).
 */
class ClaimRegistryMatchingTest {
    /** Report order of the papers, as {@link ClaimRegistry} lists its sets. */
    private static final List<String> ORDER = List.of("core", "ayache", "cyffers", "yakimenka", "dfedrw");

    private static List<String> ids(List<Claim> claims) {
        List<String> out = new ArrayList<>();
        claims.forEach(c -> out.add(c.id()));
        return out;
    }

    @Test
    void idsAreUniqueAndGroupedByPaperInReportOrder() {
        List<String> ids = ids(ClaimRegistry.all());
        assertEquals(ids.size(), new HashSet<>(ids).size(), "duplicate ids in " + ids);
        int last = 0;
        for (String id : ids) {
            int k = ORDER.indexOf(id.substring(0, id.indexOf('.')));
            assertTrue(k >= 0, id + ": unknown paper prefix");
            assertTrue(k >= last, id + " comes after a claim of " + ORDER.get(last));
            last = k;
        }
        for (String paper : ORDER) {
            assertFalse(ClaimRegistry.matching(paper + ".").isEmpty(), "no claim of " + paper);
        }
    }

    @Test
    void blankOrNullPrefixMatchesEverything() {
        List<String> all = ids(ClaimRegistry.all());
        assertEquals(all, ids(ClaimRegistry.matching(null)));
        assertEquals(all, ids(ClaimRegistry.matching("")));
        assertEquals(all, ids(ClaimRegistry.matching("  \t")));
    }

    @Test
    void prefixWithoutMatchGivesNothing() {
        assertTrue(ClaimRegistry.matching("nosuchpaper").isEmpty());
        // Ids are lower case and the filter is a plain startsWith: no case folding, no trimming.
        assertTrue(ClaimRegistry.matching("AYACHE.").isEmpty());
        assertTrue(ClaimRegistry.matching(" ayache.").isEmpty());
        // A prefix is matched at the start only, never inside an id.
        assertTrue(ClaimRegistry.matching(".").isEmpty());
    }

    @Test
    void papersPartitionTheRegistry() {
        int sum = 0;
        for (String paper : ORDER) {
            List<Claim> m = ClaimRegistry.matching(paper + ".");
            m.forEach(c -> assertEquals(paper, c.paper(), c.id()));
            sum += m.size();
        }
        assertEquals(ClaimRegistry.all().size(), sum);
    }

    /** For every claim id cut at any length, matching keeps exactly the ids starting with it, in registry order. */
    @Property(tries = 200)
    void matchingIsThePrefixFilter(@ForAll @IntRange(min = 0, max = 10_000) int pick,
                                   @ForAll @IntRange(min = 1, max = 60) int cut) {
        List<String> all = ids(ClaimRegistry.all());
        String id = all.get(pick % all.size());
        String prefix = id.substring(0, Math.min(cut, id.length()));
        List<String> expected = new ArrayList<>();
        for (String s : all) {
            if (s.regionMatches(0, prefix, 0, prefix.length())) {
                expected.add(s);
            }
        }
        List<String> got = ids(ClaimRegistry.matching(prefix));
        assertEquals(expected, got, prefix);
        assertTrue(got.contains(id));
    }

    @Test
    void everyClaimHasASourceInItsOwnPaperAStatementAndAnExpectation() {
        for (Claim c : ClaimRegistry.all()) {
            assertNotNull(c.source(), c.id());
            assertFalse(c.source().where().isBlank(), c.id());
            assertEquals(c.paper(), c.source().paper().key(), c.id() + " cites " + c.source().citation());
            assertNotNull(c.expected(), c.id());
            assertFalse(c.statement().isBlank(), c.id());
            if (!c.paper().equals("core")) {
                assertTrue(c.quote() != null && !c.quote().isBlank(), c.id() + ": a paper claim quotes the paper");
            }
        }
    }

    /**
     * Figures are written as {@code <id>-<name>.png} ({@link CheckContext#figureFile}). Two claims
     * whose ids do not extend one another (neither is the other followed by '-') can never write
     * the same file, whatever names their checks choose; where one id extends another (e.g.
     * {@code cyffers.fig1} and {@code cyffers.fig1-scale}) a clash needs the shorter claim's name
     * to start with the extension; those names are chosen at run time, so ClaimsTest, not this test, sees them.
     */
    @Property(tries = 300)
    void claimsThatDoNotExtendEachOtherNeverShareAFigureFile(@ForAll @IntRange(min = 0, max = 10_000) int i,
                                                            @ForAll @IntRange(min = 0, max = 10_000) int j,
                                                            @ForAll("names") String n1, @ForAll("names") String n2) {
        List<String> ids = ids(ClaimRegistry.all());
        String a = ids.get(i % ids.size());
        String b = ids.get(j % ids.size());
        String fa = new CheckContext(a, Profile.QUICK, 1, Path.of("f")).figureFile(n1);
        String fb = new CheckContext(b, Profile.QUICK, 1, Path.of("f")).figureFile(n2);
        if (!a.equals(b) && !a.startsWith(b + "-") && !b.startsWith(a + "-")) {
            assertNotEquals(fa, fb);
        }
        if (a.equals(b)) {
            assertEquals(n1.equals(n2), fa.equals(fb));
        }
        assertEquals(a + "-" + n1 + ".png", fa);
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> names() {
        // Figure names as the checks build them: lower-case words joined by '-', sometimes starting like an id's extension.
        return net.jqwik.api.Arbitraries.of("fig1", "scale", "rungs", "gamma", "gamma-vs-laplace", "housing-exp-1", "bound",
                "n10-exp-bound", "accuracy-iid-h0", "corrected", "exact-1", "ring", "rand-ring");
    }
}
