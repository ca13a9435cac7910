package rwdp.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class LabelSkewPartitionTest {
    private static final LabeledData DATA = new GaussianMixtureData(5, 10, 3, 7).sample(2000, new SplittableRandom(3));

    private static void assertPartition(int[][] split, int size) {
        int[] seen = new int[size];
        for (int[] part : split) {
            assertTrue(part.length > 0, "every device needs a sample");
            for (int r : part) {
                seen[r]++;
            }
        }
        for (int r = 0; r < size; r++) {
            assertEquals(1, seen[r], "sample " + r + " must be dealt exactly once");
        }
    }

    private static double meanClassesPerDevice(int[][] split) {
        int[][] h = LabelSkewPartition.labelHistogram(DATA, split);
        double s = 0;
        for (int[] row : h) {
            for (int c : row) {
                s += c > 0 ? 1 : 0;
            }
        }
        return s / split.length;
    }

    @Test
    void everySplitIsAPartition() {
        for (long seed = 1; seed <= 5; seed++) {
            assertPartition(LabelSkewPartition.iid(DATA, 20, new SplittableRandom(seed)), DATA.size());
            assertPartition(LabelSkewPartition.shards(DATA, 20, 0, 4, new SplittableRandom(seed)), DATA.size());
            assertPartition(LabelSkewPartition.shards(DATA, 20, 0.5, 4, new SplittableRandom(seed)), DATA.size());
            assertPartition(LabelSkewPartition.dirichlet(DATA, 20, 0.1, new SplittableRandom(seed)), DATA.size());
            assertPartition(LabelSkewPartition.dirichlet(DATA, 20, 0.001, new SplittableRandom(seed)), DATA.size());
        }
    }

    /** §VI-A: 10 classes, 4 shards per class, 20 devices, 2 shards each: at most 2 labels per device when u = 0. */
    @Test
    void shardSplitGivesAtMostTwoLabelsPerDevice() {
        int[][] split = LabelSkewPartition.shards(DATA, 20, 0, 4, new SplittableRandom(9));
        for (int[] row : LabelSkewPartition.labelHistogram(DATA, split)) {
            int labels = 0;
            for (int c : row) {
                labels += c > 0 ? 1 : 0;
            }
            assertTrue(labels <= 2, "a device got " + labels + " labels");
        }
        assertTrue(meanClassesPerDevice(LabelSkewPartition.iid(DATA, 20, new SplittableRandom(9))) > 9.5);
    }

    @Test
    void smallDirichletConcentrationSkewsLabels() {
        double skewed = meanClassesPerDevice(LabelSkewPartition.dirichlet(DATA, 20, 0.1, new SplittableRandom(4)));
        double mild = meanClassesPerDevice(LabelSkewPartition.dirichlet(DATA, 20, 100, new SplittableRandom(4)));
        assertTrue(skewed < 5, "alpha = 0.1 should leave few labels per device, got " + skewed);
        assertTrue(mild > 9, "alpha = 100 should give nearly every label, got " + mild);
    }
}
