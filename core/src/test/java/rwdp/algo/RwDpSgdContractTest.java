package rwdp.algo;

import java.util.SplittableRandom;
import rwdp.markov.WeightScheme;
import rwdp.model.PerSampleLogistic;

/**
 * RW DP-SGD (Cyffers et al., Algorithm 1), with clipping, noise and a contribution cap, meets the
 * {@link DecentralizedSgdContract}: the state is x_t, the token's node, t and the contributions.
 */
class RwDpSgdContractTest extends DecentralizedSgdContract<RwDpSgd> {
    private static final RwDpSgd.Config CONFIG = new RwDpSgd.Config(1_000_000, 0.5, 1, Double.NaN, 0.01, 0, 10, 1_000);

    @Override
    RwDpSgd create(long seed) {
        return new RwDpSgd(new PerSampleLogistic(loss()), WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(graph()),
                new double[loss().dimension()], CONFIG, new SplittableRandom(seed));
    }

    @Override
    void step(RwDpSgd a) {
        a.step();
    }

    @Override
    double[] state(RwDpSgd a) {
        double[] x = a.model();
        long[] c = a.contributions();
        double[] out = java.util.Arrays.copyOf(x, x.length + 2 + c.length);
        out[x.length] = a.node();
        out[x.length + 1] = a.time();
        for (int i = 0; i < c.length; i++) {
            out[x.length + 2 + i] = c[i];
        }
        return out;
    }
}
