package rwdp.claims;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** A claim's context, and the context it lends a corrected statement decided on the same runs. */
class CheckContextTest {
    @Property(tries = 200)
    void anotherClaimsContextDrawsThatClaimsSeeds(@ForAll long runSeed, @ForAll("ids") String a, @ForAll("ids") String b) {
        Path figures = Path.of("figures");
        CheckContext mine = new CheckContext(a, Profile.FULL, runSeed, figures, 3);
        CheckContext theirs = new CheckContext(b, Profile.FULL, runSeed, figures, 3);
        CheckContext lent = mine.as(b);
        assertEquals(theirs.seed(), lent.seed());
        assertEquals(theirs.seed("data0"), lent.seed("data0"));
        assertEquals(Profile.FULL, lent.profile());
        assertEquals(3, lent.runsScale());
        // A lent context is the other claim's in every respect, figure names included: a check draws its figures with its own.
        assertEquals(b + "-x.png", lent.figureFile("x"));
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<String> ids() {
        return net.jqwik.api.Arbitraries.of("dfedrw.fmnist-iid-dfedrw", "dfedrw.fmnist-iid-fedavg-ahead", "core.alias", "a.b");
    }

    @Test
    void distinctClaimsDrawDistinctSeedsAndNullIsRefused() {
        CheckContext c = new CheckContext("dfedrw.fmnist-iid-fedavg-ahead", Profile.QUICK, 1, Path.of("f"));
        assertNotEquals(c.seed(), c.as("dfedrw.fmnist-iid-dfedrw").seed());
        assertThrows(NullPointerException.class, () -> c.as(null));
    }
}
