package rwdp.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import java.util.function.Function;

/** The contract of a value with a canonical text (partitions, models, data sources): its parser reads the text back. */
public final class CanonicalText {
    private CanonicalText() {}

    /**
     * Asserts that {@code parse} reads {@code value}'s text back to an equal value with the same
     * text, also with surrounding blanks and, when {@code anyCase}, in upper case.
     */
    public static <T> void assertReadsBack(T value, Function<String, T> parse, boolean anyCase) {
        String text = value.toString();
        T back = parse.apply(text);
        assertEquals(value, back, text);
        assertEquals(text, back.toString());
        assertEquals(value, parse.apply("  " + (anyCase ? text.toUpperCase(Locale.ROOT) : text) + " "), text);
    }
}
