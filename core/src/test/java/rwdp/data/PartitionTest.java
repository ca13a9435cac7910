package rwdp.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Scale;
import org.junit.jupiter.api.Test;
import rwdp.check.CanonicalText;
import rwdp.check.InvalidArgumentException;

/** The partition value: canonical text read back, validated at construction by the splitter's own rules, split as the splitter does. */
class PartitionTest {
    @Provide
    Arbitrary<Partition> partitions() {
        return Arbitraries.oneOf(Arbitraries.just(Partition.iid()),
                Arbitraries.doubles().between(0, 1).ofScale(17).map(Partition::shards),
                Arbitraries.of(0.0, 0.5, 1.0).map(Partition::shards),
                // Full-precision doubles over 20 orders of magnitude: the shortest text must still read back exactly.
                Arbitraries.randomValue(r -> Math.exp(46 * r.nextDouble() - 23)).map(Partition::dirichlet),
                Combinators.combine(Arbitraries.integers().between(1, 100), Arbitraries.integers().between(0, 3))
                        .as((k, e) -> Partition.dirichlet(k / Math.pow(10, e))));
    }

    /** Every value's text reads back to an equal value, whose text is the same, in any case. */
    @Property(tries = 300)
    void theTextReadsBack(@ForAll("partitions") Partition p) {
        CanonicalText.assertReadsBack(p, Partition::parse, true);
    }

    @Test
    void theTextsOfTheClaimsAndTheCommandLineAreCanonical() {
        // These texts are printed in claims.json tables and seed names: the values must print them unchanged.
        for (String t : new String[] {"iid", "shards:0", "shards:0.5", "shards:1", "dirichlet:0.1", "dirichlet:1", "dirichlet:0.5"}) {
            assertEquals(t, Partition.parse(t).toString());
        }
        assertEquals("shards:0", Partition.shards(0).toString());
        assertEquals("shards:0", Partition.shards(-0.0).toString());
        assertEquals(Partition.shards(0), Partition.parse("shards"));
        assertEquals(Partition.shards(0), Partition.parse("shards:-0"));
        assertEquals("dirichlet:0.1", Partition.dirichlet(0.1).toString());
        assertEquals("dirichlet:100", Partition.dirichlet(100).toString());
        assertEquals(Partition.dirichlet(1), Partition.parse("dirichlet:1.0"));
    }

    /** Out of range is refused at construction, with the splitter's message. */
    @Property(tries = 200)
    void outOfRangeSharesAreRefused(@ForAll @DoubleRange(min = 1e-9, max = 1e9) @Scale(12) double over) {
        refused("similarity u", () -> Partition.shards(1 + over));
        refused("similarity u", () -> Partition.shards(-over));
        refused("alpha_d", () -> Partition.dirichlet(-over));
        refused("similarity u", () -> Partition.parse("shards:" + (1 + over)));
        refused("alpha_d", () -> Partition.parse("dirichlet:" + (-over)));
    }

    @Test
    void malformedTextsAreRefusedNamingTheGrammar() {
        refused("alpha_d", () -> Partition.dirichlet(0));
        refused("alpha_d", () -> Partition.dirichlet(Double.POSITIVE_INFINITY));
        refused("alpha_d", () -> Partition.dirichlet(Double.NaN));
        refused("similarity u", () -> Partition.shards(Double.NaN));
        for (String bad : new String[] {"stripes", "", "iid:1", "dirichlet", "zipf:2", "shardsx:0.5"}) {
            refused("expected iid, shards:u or dirichlet:alpha", () -> Partition.parse(bad));
        }
        for (String bad : new String[] {"dirichlet:abc", "shards:", "dirichlet:"}) {
            refused("cannot read the number in partition", () -> Partition.parse(bad));
        }
        refused("expected", () -> Partition.parse(null));
    }

    @Test
    void theSplitIsTheSplittersOwn() {
        LabeledData data = new GaussianMixtureData(4, 10, 3, 5).sample(2000, new SplittableRandom(1));
        assertArrayEquals(LabelSkewPartition.iid(data, 20, new SplittableRandom(2)), Partition.iid().split(data, 20, new SplittableRandom(2)));
        assertArrayEquals(LabelSkewPartition.shards(data, 20, 0.5, 4, new SplittableRandom(2)),
                Partition.shards(0.5).split(data, 20, new SplittableRandom(2)));
        assertArrayEquals(LabelSkewPartition.dirichlet(data, 20, 0.1, new SplittableRandom(2)),
                Partition.dirichlet(0.1).split(data, 20, new SplittableRandom(2)));
    }

    @Test
    void shardsPerClassGivesEveryDeviceTwoShards() {
        // §VI-A: 10 classes, 20 devices, 4 shards per class (40 shards, 2 per device).
        assertEquals(4, Partition.Shards.shardsPerClass(10, 20));
        // 10 classes on 10 devices: 2 per class already gives 20 = 2·10.
        assertEquals(2, Partition.Shards.shardsPerClass(10, 10));
        // 3 classes on 7 devices: 3s must be a multiple of 7 and at least 14, so s = 7.
        assertEquals(7, Partition.Shards.shardsPerClass(3, 7));
    }

    /** Whenever it exists, the returned s splits evenly and gives each device at least two shards, and no smaller s does. */
    @Property(tries = 200)
    void shardsPerClassIsTheSmallestEvenSplit(@ForAll @IntRange(min = 1, max = 30) int classes,
                                              @ForAll @IntRange(min = 1, max = 60) int devices) {
        int s = Partition.Shards.shardsPerClass(classes, devices);
        int smallest = -1;
        for (int t = 1; t <= 4 * devices && smallest < 0; t++) {
            if (classes * t % devices == 0 && classes * t >= 2 * devices) {
                smallest = t;
            }
        }
        // t = 2·devices always qualifies (classes·2·devices is a multiple of devices and ≥ 2·devices).
        assertTrue(smallest > 0);
        assertEquals(smallest, s);
    }

    private static void refused(String words, Runnable r) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, r::run);
        assertTrue(e.getMessage().contains(words), e.getMessage());
    }
}
