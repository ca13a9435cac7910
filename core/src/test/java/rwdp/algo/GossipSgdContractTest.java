package rwdp.algo;

import java.util.SplittableRandom;

/** Asynchronous gossip SGD, the baseline of Ayache et al., §V, meets the {@link DecentralizedSgdContract}: the state is every node's model. */
class GossipSgdContractTest extends DecentralizedSgdContract<GossipSgd> {
    @Override
    GossipSgd create(long seed) {
        return new GossipSgd(loss(), graph(), RandomWalkSgdContract.SETTINGS, new SplittableRandom(seed));
    }

    @Override
    void step(GossipSgd a) {
        a.step();
    }

    @Override
    double[] state(GossipSgd a) {
        int n = graph().n();
        int d = a.model(0).length;
        double[] out = new double[n * d + 1];
        for (int i = 0; i < n; i++) {
            System.arraycopy(a.model(i), 0, out, i * d, d);
        }
        out[n * d] = a.updates();
        return out;
    }
}
