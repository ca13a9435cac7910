package rwdp.cli.common;

import java.nio.file.Files;
import java.nio.file.Path;

/** Checks of an output-file option made before any work, so a refusal names the option and its value. */
public final class OutputOption {
    private OutputOption() {}

    /**
     * Refuses an output path that is empty or an existing folder, naming {@code option}; null (option not given) passes.
     *
     * @throws UserException when {@code file} names no file or names a folder
     */
    public static void require(String option, Path file) {
        if (file == null) {
            return;
        }
        if (file.toString().isBlank()) {
            throw new UserException(option + " '" + file + "' names no file; give a file path such as " + option + " out.csv");
        }
        if (Files.isDirectory(file)) {
            throw new UserException(option + " " + file + " is a folder; give a file path inside it such as " + option + " "
                    + file.resolve("out.csv"));
        }
    }
}
