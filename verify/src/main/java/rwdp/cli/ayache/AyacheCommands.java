package rwdp.cli.ayache;

import java.util.List;

/** The command-line entries of the Ayache paper (see ../shared/spec/ayache.md, "CLI names"). */
public final class AyacheCommands {
    private AyacheCommands() {}

    /** Returns the picocli command objects added under {@code rwdp bound}. */
    public static List<Object> bounds() {
        return List.of();
    }

    /** Returns the picocli command objects added under {@code rwdp simulate}. */
    public static List<Object> simulations() {
        return List.of();
    }
}
