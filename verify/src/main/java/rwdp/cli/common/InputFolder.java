package rwdp.cli.common;

import java.nio.file.Path;

/**
 * A folder a command reads ({@code --data-dir}): {@link Outputs} refuses an output inside it by this type, and counts
 * {@code $RWDP_DATA} as read by every command with an option of this type.
 *
 * @param path the folder as given
 */
public record InputFolder(Path path) {
    /** Returns the path as given. */
    @Override
    public String toString() {
        return path.toString();
    }
}
