package rwdp.algo;

/** The {@link DecentralizedSgdContract} for the random-walk SGDs of Ayache et al.: the state is w_k, w̄_k, the node and k. */
abstract class RandomWalkSgdContract extends DecentralizedSgdContract<RandomWalkSgd> {
    static final SgdSettings SETTINGS = new SgdSettings(10, 0.75);

    @Override
    void step(RandomWalkSgd a) {
        a.step();
    }

    @Override
    double[] state(RandomWalkSgd a) {
        double[] w = a.model();
        double[] avg = a.average(new double[w.length]);
        double[] out = java.util.Arrays.copyOf(w, 2 * w.length + 2);
        System.arraycopy(avg, 0, out, w.length, w.length);
        out[2 * w.length] = a.position();
        out[2 * w.length + 1] = a.updates();
        return out;
    }
}
