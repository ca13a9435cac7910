package rwdp.cli.common;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine;

/**
 * A choice an option takes by name ({@code --accounting rdp-improved}): an enum whose constants say the name the command
 * line and the JSON use, by default the constant's name in lower case with '_' as '-'. {@link #registerAll} gives picocli
 * one {@link Converter} per such enum the commands declare, so no command compares strings and none writes a converter.
 */
public interface Labelled {
    /** Returns the constant's name ({@link Enum#name()}, which every enum implementing this interface has). */
    String name();

    /** Returns the name on the command line and in the JSON: the constant's name in lower case with '_' as '-' (RDP_IMPROVED: rdp-improved). */
    default String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * Picocli's converter of an enum by its labels: a label in any case, refused in one line listing the labels.
     *
     * @param <E> the enum
     */
    final class Converter<E extends Enum<E>> implements CommandLine.ITypeConverter<E> {
        private final Class<E> type;
        private final Function<E, String> label;

        /** Creates the converter of {@code type}, whose constants are named by {@code label}. */
        public Converter(Class<E> type, Function<E, String> label) {
            this.type = type;
            this.label = label;
        }

        /** Returns the converter of a {@link Labelled} enum. */
        public static <E extends Enum<E> & Labelled> Converter<E> of(Class<E> type) {
            return new Converter<>(type, Labelled::label);
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
                if (label.apply(e).equalsIgnoreCase(t)) {
                    return e;
                }
            }
            throw new CommandLine.TypeConversionException("expected one of " + Arrays.stream(type.getEnumConstants())
                    .map(label).collect(Collectors.joining(", ")) + ", got '" + text + "'");
        }
    }

    /**
     * Registers {@link Converter#of} for every {@link Labelled} enum that an option or positional parameter of {@code cl}
     * or of a command below it takes (mixins and argument groups included), on {@code cl} and every command below it.
     */
    static void registerAll(CommandLine cl) {
        Set<Class<?>> types = new LinkedHashSet<>();
        Deque<CommandLine> todo = new ArrayDeque<>();
        todo.push(cl);
        while (!todo.isEmpty()) {
            CommandLine c = todo.pop();
            for (CommandLine.Model.ArgSpec a : c.getCommandSpec().args()) {
                types.add(a.type());
                types.addAll(Arrays.asList(a.auxiliaryTypes()));
            }
            c.getSubcommands().values().forEach(todo::push);
        }
        for (Class<?> t : types) {
            if (t.isEnum() && Labelled.class.isAssignableFrom(t)) {
                register(cl, t);
            }
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void register(CommandLine cl, Class<?> type) {
        cl.registerConverter((Class) type, Converter.of((Class) type));
    }
}
