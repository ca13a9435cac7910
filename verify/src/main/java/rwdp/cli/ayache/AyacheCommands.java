package rwdp.cli.ayache;

import java.util.List;

/** The command-line entries of the Ayache paper (Ayache & El Rouayheb, arXiv:2009.01790; options and output keys in docs/ayache.md). */
public final class AyacheCommands {
    private AyacheCommands() {}

    /** Returns the picocli command objects added under {@code rwdp bound}. */
    public static List<Object> bounds() {
        return List.of(new GammaDeltaCommand(), new GammaThetaCommand());
    }

    /** Returns the picocli command objects added under {@code rwdp simulate}. */
    public static List<Object> simulations() {
        return List.of(new RwSimulateCommand.Uniform(), new RwSimulateCommand.Weighted(), new RwSimulateCommand.PrivateGamma(),
                new RwSimulateCommand.Laplace(), new RwSimulateCommand.Gossip());
    }
}
