package rwdp.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

/** A classification set does not change under its callers, a subset does not change its parent, and subsamples draw distinct rows. */
class LabeledDataTest {
    @Test
    void callersArraysAreCopiedInAndOut() {
        double[][] x = {{1, 2}, {3, 4}, {5, 6}};
        int[] y = {0, 1, 0};
        LabeledData d = new LabeledData(x, y, 2);
        x[0][0] = 99;
        y[1] = 0;
        d.features()[1][1] = 99;
        d.labels()[2] = 1;
        assertArrayEquals(new double[][] {{1, 2}, {3, 4}, {5, 6}}, d.features());
        assertArrayEquals(new int[] {0, 1, 0}, d.labels());
        assertArrayEquals(new double[] {3, 4}, d.copyRow(1, new double[2]));
    }

    @Test
    void subsetsShareRowsButNeitherCanChangeTheOther() {
        LabeledData d = new LabeledData(new double[][] {{1, 2}, {3, 4}, {5, 6}}, new int[] {0, 1, 1}, 2);
        LabeledData s = d.select(new int[] {2, 0, 2});
        assertEquals(3, s.size());
        assertArrayEquals(new double[][] {{5, 6}, {1, 2}, {5, 6}}, s.features());
        s.features()[0][0] = -1;
        assertArrayEquals(new double[] {5, 6}, d.copyRow(2, new double[2]));
        assertArrayEquals(new int[] {1, 0, 1}, s.labels());
    }

    @Test
    void malformedSetsAreRefused() {
        assertThrows(InvalidArgumentException.class, () -> new LabeledData(new double[][] {{1}}, new int[] {0, 1}, 2));
        assertThrows(InvalidArgumentException.class, () -> new LabeledData(new double[][] {{1}, {1, 2}}, new int[] {0, 1}, 2));
        assertThrows(InvalidArgumentException.class, () -> new LabeledData(new double[][] {{1}}, new int[] {2}, 2));
        assertThrows(InvalidArgumentException.class, () -> new LabeledData(new double[][] {{1}}, new int[] {0}, 1));
    }

    @Test
    void subsampleDrawsDistinctRowsAndKeepsSmallSets() {
        double[][] x = new double[10][];
        int[] y = new int[10];
        for (int i = 0; i < 10; i++) {
            x[i] = new double[] {i};
            y[i] = i % 2;
        }
        LabeledData all = new LabeledData(x, y, 2);
        assertSame(all, all.subsample(10, new SplittableRandom(1)));
        assertSame(all, all.subsample(50, new SplittableRandom(1)));
        LabeledData some = all.subsample(4, new SplittableRandom(2));
        assertEquals(4, some.size());
        Set<Double> seen = new HashSet<>();
        for (int i = 0; i < 4; i++) {
            double v = some.features()[i][0];
            assertTrue(seen.add(v), "row " + v + " drawn twice");
            assertEquals((int) v % 2, some.labels()[i], "label travels with its row");
        }
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> all.subsample(0, new SplittableRandom(1)));
        assertTrue(e.getMessage().contains("sample"), e.getMessage());
    }
}
