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

    private static final ObjectMapper MAPPER = create();

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
        return MAPPER;
    }

    /**
     * Returns {@code value} as compact JSON.
     *
     * @throws UncheckedIOException when Jackson cannot serialise value
     */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
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
        try {
            return MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
