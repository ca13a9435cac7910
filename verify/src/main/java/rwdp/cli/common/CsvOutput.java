package rwdp.cli.common;

import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The {@code --csv} option of every command that writes a table: declared once, its columns in the command's description. */
public final class CsvOutput {
    @Option(names = "--csv", paramLabel = "FILE",
            description = "Write the run's table here as CSV, with a header row (its columns are in the description above).")
    OutputFile file;

    /** Returns the path --csv names, or null when it is not given. */
    public Path path() {
        return file == null ? null : file.path();
    }
}
