package rwdp.report;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one JSON writer of rwdp. Non-finite doubles (∞, NaN) become {@code null}, so every
 * output is standard JSON; finite doubles keep full precision.
 */
public final class Json {
    private Json() {}

    /** The mapper, created on first use: a command that prints only plain values never loads Jackson. */
    private static final class Holder {
        private static final ObjectMapper MAPPER = create();
    }

    private static ObjectMapper create() {
        SimpleModule m = new SimpleModule("rwdp-finite-doubles");
        JsonSerializer<Double> finite = new JsonSerializer<>() {
            @Override
            public void serialize(Double v, JsonGenerator g, SerializerProvider p) throws IOException {
                if (v == null || v.isNaN() || v.isInfinite()) {
                    g.writeNull();
                } else {
                    g.writeNumber(v);
                }
            }
        };
        m.addSerializer(Double.class, finite);
        m.addSerializer(double.class, finite);
        m.addSerializer(double[].class, new JsonSerializer<>() {
            @Override
            public void serialize(double[] v, JsonGenerator g, SerializerProvider p) throws IOException {
                g.writeStartArray();
                for (double x : v) {
                    if (Double.isFinite(x)) {
                        g.writeNumber(x);
                    } else {
                        g.writeNull();
                    }
                }
                g.writeEndArray();
            }
        });
        return new ObjectMapper().registerModule(m).disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
    }

    /** Returns the mapper (for reading and tree building). */
    public static ObjectMapper mapper() {
        return Holder.MAPPER;
    }

    /**
     * Returns {@code value} as compact JSON.
     *
     * @throws UncheckedIOException when Jackson cannot serialise value
     */
    public static String write(Object value) {
        try {
            return Holder.MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Returns {@code value} as indented JSON.
     *
     * @throws UncheckedIOException when Jackson cannot serialise value
     */
    public static String pretty(Object value) {
        if (PlainTree.writable(value, 0)) {
            StringBuilder sb = new StringBuilder(1024);
            PlainTree.write(sb, value, 0);
            return sb.toString();
        }
        return prettyByJackson(value);
    }

    /**
     * Returns {@code value} as indented JSON written by Jackson (what {@link #pretty} prints for every value).
     *
     * @throws UncheckedIOException when Jackson cannot serialise value
     */
    static String prettyByJackson(Object value) {
        try {
            return Holder.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Jackson's default pretty printing (as configured in {@link #mapper()}), by hand, for a tree of the plain types a
     * command prints: maps with string keys, lists, strings, booleans, integers, longs, doubles and double, int and
     * long arrays. It prints exactly what {@link #pretty} printed through Jackson, without loading Jackson's several
     * hundred classes, which cost a short command as much start-up time as its command line; any other type (a bean, a
     * record, a float, a big number) leaves the whole value to Jackson.
     */
    static final class PlainTree {
        private PlainTree() {}

        /** Deeper trees go to Jackson (no command prints one; it bounds the recursion). */
        private static final int MAX_DEPTH = 64;

        /** Returns whether {@code v} and everything in it is of the plain types. */
        static boolean writable(Object v, int depth) {
            if (depth > MAX_DEPTH) {
                return false;
            }
            if (v == null || v instanceof String || v instanceof Boolean || v instanceof Integer || v instanceof Long
                    || v instanceof Double || v instanceof double[] || v instanceof int[] || v instanceof long[]) {
                return true;
            }
            if (v instanceof java.util.Map<?, ?> m) {
                for (java.util.Map.Entry<?, ?> e : m.entrySet()) {
                    if (!(e.getKey() instanceof String) || !writable(e.getValue(), depth + 1)) {
                        return false;
                    }
                }
                return true;
            }
            if (v instanceof java.util.List<?> l) {
                for (Object o : l) {
                    if (!writable(o, depth + 1)) {
                        return false;
                    }
                }
                return true;
            }
            return false;
        }

        /**
         * Appends {@code v} as Jackson's DefaultPrettyPrinter writes it: objects broken over lines, indented two spaces
         * per object level, "key" : value; arrays on the line, [ a, b ]; empty ones { } and [ ]; non-finite doubles null.
         */
        static void write(StringBuilder sb, Object v, int nesting) {
            if (v == null) {
                sb.append("null");
            } else if (v instanceof String s) {
                string(sb, s);
            } else if (v instanceof Double d) {
                number(sb, d);
            } else if (v instanceof Boolean || v instanceof Integer || v instanceof Long) {
                sb.append(v);
            } else if (v instanceof java.util.Map<?, ?> m) {
                if (m.isEmpty()) {
                    sb.append("{ }");
                    return;
                }
                sb.append('{');
                boolean first = true;
                for (java.util.Map.Entry<?, ?> e : m.entrySet()) {
                    sb.append(first ? "" : ",");
                    first = false;
                    indent(sb, nesting + 1);
                    string(sb, (String) e.getKey());
                    sb.append(" : ");
                    write(sb, e.getValue(), nesting + 1);
                }
                indent(sb, nesting);
                sb.append('}');
            } else if (v instanceof java.util.List<?> l) {
                sb.append('[');
                boolean first = true;
                for (Object o : l) {
                    sb.append(first ? " " : ", ");
                    first = false;
                    write(sb, o, nesting);
                }
                sb.append(" ]");
            } else if (v instanceof double[] a) {
                sb.append('[');
                for (int i = 0; i < a.length; i++) {
                    sb.append(i == 0 ? " " : ", ");
                    number(sb, a[i]);
                }
                sb.append(" ]");
            } else if (v instanceof int[] a) {
                sb.append('[');
                for (int i = 0; i < a.length; i++) {
                    sb.append(i == 0 ? " " : ", ").append(a[i]);
                }
                sb.append(" ]");
            } else {
                long[] a = (long[]) v;
                sb.append('[');
                for (int i = 0; i < a.length; i++) {
                    sb.append(i == 0 ? " " : ", ").append(a[i]);
                }
                sb.append(" ]");
            }
        }

        private static void number(StringBuilder sb, double d) {
            if (Double.isFinite(d)) {
                sb.append(Double.toString(d));
            } else {
                sb.append("null");
            }
        }

        private static void indent(StringBuilder sb, int nesting) {
            sb.append(System.lineSeparator());
            for (int i = 0; i < nesting; i++) {
                sb.append("  ");
            }
        }

        private static final char[] HEX = "0123456789ABCDEF".toCharArray();

        /** Appends s quoted, escaped as Jackson does: the quote and the backslash, b t n f r by letter, other controls as u00XX. */
        private static void string(StringBuilder sb, String s) {
            sb.append('"');
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                switch (c) {
                    case '"' -> sb.append("\\\"");
                    case '\\' -> sb.append("\\\\");
                    case '\b' -> sb.append("\\b");
                    case '\t' -> sb.append("\\t");
                    case '\n' -> sb.append("\\n");
                    case '\f' -> sb.append("\\f");
                    case '\r' -> sb.append("\\r");
                    default -> {
                        if (c < 0x20) {
                            sb.append("\\u00").append(HEX[c >> 4]).append(HEX[c & 15]);
                        } else {
                            sb.append(c);
                        }
                    }
                }
            }
            sb.append('"');
        }
    }
}
