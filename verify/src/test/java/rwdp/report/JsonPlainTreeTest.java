package rwdp.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

/** {@link Json#pretty}'s hand-written path prints exactly what Jackson prints, for every tree it takes. */
class JsonPlainTreeTest {
    private static final String[] STRINGS = {"", "a", "key", "\"", "\\", "a\"b\\c", "\n", "\t\r\b\f", "\u0000", "\u001f",
        "\u007f", "é", "\u2028", "😀", "\ud800", "/", "</script>", "{ }", "[ ]", "line1\nline2"};

    private static final double[] DOUBLES = {0.0, -0.0, 1.0, -1.0, 0.1, 1e-300, 4.9e-324, Double.MAX_VALUE, Double.MIN_NORMAL,
        3.65986044088053E-4, 1e7, 1e-3, 9999999.0, 12345678.9, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY};

    private static Object scalar(Random r) {
        switch (r.nextInt(9)) {
            case 0: return null;
            case 1: return STRINGS[r.nextInt(STRINGS.length)];
            case 2: {
                StringBuilder sb = new StringBuilder();
                for (int i = r.nextInt(6); i > 0; i--) {
                    sb.append((char) r.nextInt(r.nextBoolean() ? 0x80 : 0x10000));
                }
                return sb.toString();
            }
            case 3: return r.nextBoolean();
            case 4: return r.nextBoolean() ? r.nextInt() : r.nextInt(100) - 50;
            case 5: return r.nextBoolean() ? r.nextLong() : (long) r.nextInt(1000);
            case 6: return r.nextBoolean() ? DOUBLES[r.nextInt(DOUBLES.length)] : Double.longBitsToDouble(r.nextLong());
            case 7: {
                double[] a = new double[r.nextInt(4)];
                for (int i = 0; i < a.length; i++) {
                    a[i] = r.nextBoolean() ? DOUBLES[r.nextInt(DOUBLES.length)] : r.nextGaussian();
                }
                return a;
            }
            default: return r.nextBoolean() ? r.ints(r.nextInt(4)).toArray() : r.longs(r.nextInt(4)).toArray();
        }
    }

    private static Object tree(Random r, int depth) {
        int kind = depth >= 4 ? 0 : r.nextInt(3);
        if (kind == 0) {
            return scalar(r);
        }
        if (kind == 1) {
            Map<String, Object> m = new LinkedHashMap<>();
            for (int i = r.nextInt(5); i > 0; i--) {
                m.put(STRINGS[r.nextInt(STRINGS.length)] + i, tree(r, depth + 1));
            }
            return m;
        }
        List<Object> l = new ArrayList<>();
        for (int i = r.nextInt(4); i > 0; i--) {
            l.add(tree(r, depth + 1));
        }
        return l;
    }

    @Property(tries = 2000)
    void printsWhatJacksonPrints(@ForAll long seed) {
        Object v = tree(new Random(seed), 0);
        assertTrue(Json.PlainTree.writable(v, 0));
        assertEquals(Json.prettyByJackson(v), Json.pretty(v));
    }

    @Test
    void aCommandsOutputShape() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", 2048);
        out.put("constant", 3.65986044088053E-4);
        out.put("edges", 9493L);
        out.put("solver", "chebyshev");
        out.put("settled", true);
        out.put("by_distance", List.of(Map.of("distance", 1), new LinkedHashMap<>(), List.of()));
        out.put("empty", Map.of());
        out.put("missing", null);
        assertEquals(Json.prettyByJackson(out), Json.pretty(out));
    }

    @Test
    void otherTypesGoToJackson() {
        record R(int a) {}
        assertFalse(Json.PlainTree.writable(List.of(new R(1)), 0));
        assertFalse(Json.PlainTree.writable(Map.of(1, 2), 0));
        assertFalse(Json.PlainTree.writable(1.5f, 0));
        assertFalse(Json.PlainTree.writable(new java.math.BigDecimal("1.5"), 0));
        assertEquals(Json.prettyByJackson(List.of(new R(1))), Json.pretty(List.of(new R(1))));
    }
}
