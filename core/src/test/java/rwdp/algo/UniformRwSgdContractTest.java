package rwdp.algo;

import java.util.SplittableRandom;

/** Uniform random-walk SGD (Ayache et al., Alg. 1) meets the {@link RandomWalkSgdContract}. */
class UniformRwSgdContractTest extends RandomWalkSgdContract {
    @Override
    RandomWalkSgd create(long seed) {
        return new UniformRwSgd(loss(), graph(), SETTINGS, new SplittableRandom(seed));
    }
}
