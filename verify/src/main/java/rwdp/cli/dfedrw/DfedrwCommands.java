package rwdp.cli.dfedrw;

import java.util.List;

/** The command-line entries of the DFedRW paper (Wang et al., IEEE TMC 2025, arXiv:2508.21286; options and output keys in docs/dfedrw.md). */
public final class DfedrwCommands {
    private DfedrwCommands() {}

    /** Returns the picocli command objects added under {@code rwdp bound}. */
    public static List<Object> bounds() {
        return List.of(new DfedrwBoundCommands.QuantizerVariance(), new DfedrwBoundCommands.Convergence());
    }

    /** Returns the picocli command objects added under {@code rwdp simulate}. */
    public static List<Object> simulations() {
        return List.of(new FederatedSimulateCommand.Dfedrw(), new FederatedSimulateCommand.Qdfedrw(),
                new FederatedSimulateCommand.Fedavg(), new FederatedSimulateCommand.Dfedavg(), new FederatedSimulateCommand.Dsgd());
    }
}
