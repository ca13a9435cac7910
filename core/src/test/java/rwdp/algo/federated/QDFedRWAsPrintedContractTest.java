package rwdp.algo.federated;

/** QDFedRW as printed, 8 bits (Wang et al., Algorithm 2, eq. (14)) meets the {@link FederatedAlgorithmContract}. */
class QDFedRWAsPrintedContractTest extends FederatedAlgorithmContract {
    @Override
    FederatedAlgorithm create() {
        return new DFedRW(walk(), graph(), objective(), schedule(), stragglers(), rwdp.quantize.StochasticQuantizer.finest(8), false);
    }
}
