package rwdp.algo.federated;

/** DFedRW (Wang et al., Algorithm 1) meets the {@link FederatedAlgorithmContract}. */
class DFedRWContractTest extends FederatedAlgorithmContract {
    @Override
    FederatedAlgorithm create() {
        return new DFedRW(walk(), graph(), objective(), schedule(), stragglers(), null);
    }
}
