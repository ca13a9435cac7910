package rwdp.algo;

import java.util.SplittableRandom;

/** Weighted random-walk SGD (Ayache et al., Alg. 2) meets the {@link RandomWalkSgdContract}. */
class WeightedRwSgdContractTest extends RandomWalkSgdContract {
    @Override
    RandomWalkSgd create(long seed) {
        return new WeightedRwSgd(loss(), graph(), SETTINGS, new SplittableRandom(seed));
    }
}
