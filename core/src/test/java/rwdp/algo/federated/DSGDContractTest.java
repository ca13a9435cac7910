package rwdp.algo.federated;

/** DSGD, the baseline of Wang et al., §VI-B meets the {@link FederatedAlgorithmContract}. */
class DSGDContractTest extends FederatedAlgorithmContract {
    @Override
    FederatedAlgorithm create() {
        return new DSGD(graph(), objective(), schedule(), stragglers());
    }
}
