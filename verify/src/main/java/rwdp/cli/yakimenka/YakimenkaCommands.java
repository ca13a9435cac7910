package rwdp.cli.yakimenka;

import java.util.List;

/** The command-line entries of the Yakimenka paper (Yakimenka et al., IEEE JSAIT 2024, arXiv:2212.03080; options and output keys in docs/yakimenka.md). */
public final class YakimenkaCommands {
    private YakimenkaCommands() {}

    /** Returns the picocli command objects added under {@code rwdp bound}. */
    public static List<Object> bounds() {
        return List.of(new SkipBoundCommands.Epsilon(), new SkipBoundCommands.Timeout(), new SkipBoundCommands.Latency(),
                new SkipBoundCommands.Error());
    }

    /** Returns the picocli command objects added under {@code rwdp simulate}. */
    public static List<Object> simulations() {
        return List.of(new SkipSimulateCommands.Ring(), new SkipSimulateCommands.RandRing());
    }
}
