package rwdp.algo;

import java.util.SplittableRandom;

/** Alg. 3 of Ayache et al. with the additive Laplace mechanism (Fig. 3) meets the {@link RandomWalkSgdContract}. */
class LaplaceWeightedRwSgdContractTest extends RandomWalkSgdContract {
    @Override
    RandomWalkSgd create(long seed) {
        return PrivateWeightedRwSgd.laplace(loss(), graph(), rwdp.mechanism.LaplaceMechanism.varianceMatched(10, 0.01), SETTINGS, new SplittableRandom(seed));
    }
}
