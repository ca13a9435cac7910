package rwdp.cli.yakimenka;

import java.util.List;

/** The command-line entries of the Yakimenka paper (see ../shared/spec/yakimenka.md, "CLI names"). */
public final class YakimenkaCommands {
    private YakimenkaCommands() {}

    /** Returns the picocli command objects added under {@code rwdp bound}. */
    public static List<Object> bounds() {
        return List.of();
    }

    /** Returns the picocli command objects added under {@code rwdp simulate}. */
    public static List<Object> simulations() {
        return List.of();
    }
}
