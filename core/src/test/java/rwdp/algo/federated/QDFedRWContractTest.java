package rwdp.algo.federated;

/** QDFedRW, corrected, 6 bits (Wang et al., Algorithm 2) meets the {@link FederatedAlgorithmContract}. */
class QDFedRWContractTest extends FederatedAlgorithmContract {
    @Override
    FederatedAlgorithm create() {
        return new DFedRW(walk(), graph(), objective(), schedule(), stragglers(), rwdp.quantize.StochasticQuantizer.finest(6), true);
    }
}
