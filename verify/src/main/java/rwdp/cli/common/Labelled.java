package rwdp.cli.common;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * A choice an option takes by name ({@code --accounting rdp-improved}): an enum whose constants say the name the command
 * line and the JSON use. Its {@link Converter} gives picocli the enum at the edge, so no command compares strings.
 */
public interface Labelled {
    /** Returns the name on the command line and in the JSON, e.g. {@code rdp-improved}. */
    String label();

    /** Returns the default label of a constant: its name in lower case with '_' as '-' (RDP_IMPROVED: rdp-improved). */
    static String of(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Picocli's converter of a {@link Labelled} enum: a label in any case, refused in one line listing the labels.
     *
     * @param <E> the enum
     */
    abstract class Converter<E extends Enum<E> & Labelled> implements CommandLine.ITypeConverter<E> {
        private final Class<E> type;

        /** Creates the converter of {@code type}. */
        protected Converter(Class<E> type) {
            this.type = type;
        }

        /**
         * Returns the constant labelled {@code text} (any case, surrounding blanks ignored).
         *
         * @throws CommandLine.TypeConversionException when no constant has that label
         */
        @Override
        public E convert(String text) {
            String t = text.strip();
            for (E e : type.getEnumConstants()) {
                if (e.label().equalsIgnoreCase(t)) {
                    return e;
                }
            }
            throw new CommandLine.TypeConversionException("expected one of " + Arrays.stream(type.getEnumConstants())
                    .map(Labelled::label).collect(Collectors.joining(", ")) + ", got '" + text + "'");
        }
    }
}
