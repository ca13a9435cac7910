package rwdp.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class UnitNormClassificationTest {
    @Test
    void syntheticTaskHasUnitNormPointsOnEveryNode() {
        UnitNormClassification t = UnitNormClassification.synthetic(7, 300, 5, 11);
        int train = 0;
        for (int v = 0; v < t.nodes(); v++) {
            assertTrue(t.trainX()[v].length >= 1);
            for (double[] x : t.trainX()[v]) {
                assertEquals(1, Vectors.norm(x), 1e-12);
                train++;
            }
        }
        assertEquals(240, train);
        assertEquals(60, t.testX().length);
        assertEquals(0.5, t.errorRate(new double[5]), 0, "ties at τ = 0 count half");
    }

    @Test
    void csvTargetsAreBinarisedAtTheMedian(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("d.csv");
        StringBuilder sb = new StringBuilder("a,b,price\n");
        for (int i = 0; i < 50; i++) {
            sb.append(i).append(',').append(i % 7).append(',').append(100 + i).append('\n');
        }
        Files.writeString(f, sb.toString());
        UnitNormClassification t = UnitNormClassification.fromCsv(f, 5, 3);
        int pos = 0;
        int all = 0;
        for (double[] ys : t.trainY()) {
            for (double y : ys) {
                pos += y > 0 ? 1 : 0;
                all++;
            }
        }
        for (double y : t.testY()) {
            pos += y > 0 ? 1 : 0;
            all++;
        }
        // Prices 100..149; the median element (index 25) is 125, and 24 prices lie above it.
        assertEquals(50, all);
        assertEquals(24, pos);
        assertThrows(IllegalArgumentException.class, () -> UnitNormClassification.fromCsv(dir.resolve("none.csv"), 5, 3));
    }
}
