package rwdp.algo.federated;

/** DFedAvg dropping stragglers, the baseline of Wang et al., §VI-B meets the {@link FederatedAlgorithmContract}. */
class DFedAvgDropContractTest extends FederatedAlgorithmContract {
    @Override
    FederatedAlgorithm create() {
        return new DFedAvg(graph(), objective(), schedule(), stragglers(), StragglerPolicy.DROP);
    }
}
