package rwdp.algo.federated;

/** DFedAvg keeping stragglers' partial work (Wang et al., §IV-A) meets the {@link FederatedAlgorithmContract}. */
class DFedAvgContractTest extends FederatedAlgorithmContract {
    @Override
    FederatedAlgorithm create() {
        return new DFedAvg(graph(), objective(), schedule(), stragglers(), StragglerPolicy.KEEP_PARTIAL);
    }
}
