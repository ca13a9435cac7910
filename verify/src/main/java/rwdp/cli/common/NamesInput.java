package rwdp.cli.common;

import java.nio.file.Path;
import java.util.Optional;

/**
 * An option value that may name a file the command reads ({@code --data file:PATH}): {@link OutputGuard} counts it
 * among the inputs by this type, so no output replaces it.
 */
public interface NamesInput {
    /** Returns the file this value reads, if it names one. */
    Optional<Path> input();
}
