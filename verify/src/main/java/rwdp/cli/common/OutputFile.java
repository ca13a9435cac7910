package rwdp.cli.common;

import java.nio.file.Path;

/**
 * A file a command writes ({@code --csv}, {@code --matrix}, {@code --row}, {@code --mapping}): {@link Outputs} guards
 * every option of this type before the command runs, whatever the option is called.
 *
 * @param path the path as given
 */
public record OutputFile(Path path) {
    /** Returns the path as given, as the JSON and messages show it. */
    @Override
    public String toString() {
        return path.toString();
    }
}
