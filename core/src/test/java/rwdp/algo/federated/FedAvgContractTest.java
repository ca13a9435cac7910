package rwdp.algo.federated;

/** FedAvg, the baseline of Wang et al., §VI-B meets the {@link FederatedAlgorithmContract}. */
class FedAvgContractTest extends FederatedAlgorithmContract {
    @Override
    FederatedAlgorithm create() {
        return new FedAvg(objective(), schedule(), stragglers(), StragglerPolicy.DROP);
    }
}
