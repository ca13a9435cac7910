package rwdp.algo;

import java.util.SplittableRandom;

/** Private weighted random-walk SGD with the Gamma mechanism (Ayache et al., Alg. 3) meets the {@link RandomWalkSgdContract}. */
class PrivateWeightedRwSgdContractTest extends RandomWalkSgdContract {
    @Override
    RandomWalkSgd create(long seed) {
        return PrivateWeightedRwSgd.gamma(loss(), graph(), rwdp.mechanism.GammaMechanism.of(10), SETTINGS, new SplittableRandom(seed));
    }
}
