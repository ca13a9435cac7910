package rwdp.cli.cyffers;

import java.util.List;

/** The command-line entries of the Cyffers paper (Cyffers, Bellet & Upadhyay, ICML 2024, arXiv:2402.07471; options and output keys in docs/cyffers.md). */
public final class CyffersCommands {
    private CyffersCommands() {}

    /** Returns the picocli command objects added under {@code rwdp bound}. */
    public static List<Object> bounds() {
        return List.of(new PndpCommand(), new PndpMergeCommand(), new SmallBoundCommands.Ring(), new SmallBoundCommands.Star(),
                new SmallBoundCommands.RdpToDp(), new RwSgdEpsilonCommand());
    }

    /** Returns the picocli command objects added under {@code rwdp simulate}. */
    public static List<Object> simulations() {
        return List.of(new RwDpSgdCommand());
    }
}
