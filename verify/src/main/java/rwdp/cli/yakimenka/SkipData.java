package rwdp.cli.yakimenka;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine;
import rwdp.cli.common.NamesInput;

/**
 * The task of {@code simulate skip-ring} and {@code skip-rand-ring}, {@code --data synthetic}, {@code housing} or
 * {@code file:PATH}, parsed once at the edge (Yakimenka et al., §V: the synthetic task and the UCI housing data).
 */
sealed interface SkipData extends NamesInput {
    /** The seeded synthetic unit-norm logistic regression. */
    record Synthetic() implements SkipData {}

    /** The UCI housing data of the paper. */
    record Housing() implements SkipData {}

    /**
     * A CSV file, the last column the target.
     *
     * @param path the file as given
     */
    record CsvFile(Path path) implements SkipData {
        @Override
        public Optional<Path> input() {
            return Optional.of(path);
        }
    }

    @Override
    default Optional<Path> input() {
        return Optional.empty();
    }

    /** Picocli's converter of --data: the keyword in any case, refused in one line naming the choices. */
    final class Converter implements CommandLine.ITypeConverter<SkipData> {
        @Override
        public SkipData convert(String text) {
            String t = text.strip();
            String lower = t.toLowerCase(Locale.ROOT);
            if (lower.equals("synthetic")) {
                return new Synthetic();
            }
            if (lower.equals("housing")) {
                return new Housing();
            }
            if (lower.startsWith("file:") && t.length() > "file:".length()) {
                try {
                    return new CsvFile(Path.of(t.substring("file:".length())));
                } catch (InvalidPathException e) {
                    throw new CommandLine.TypeConversionException("'" + text + "' names no valid path: " + e.getReason());
                }
            }
            throw new CommandLine.TypeConversionException("expected synthetic, housing or file:PATH, got '" + text + "'");
        }
    }
}
