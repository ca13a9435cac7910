package rwdp.algo.federated;

import java.util.SplittableRandom;

/**
 * The per-device models of a decentralised round (Wang et al., Algorithm 1): {@code start}
 * (w_i^{t,0}), {@code last} (w_i^{t,last}, the model after the device's last update in the
 * round) and {@code next} (w_i^{t+1,0}, written by the aggregation), with the bookkeeping every
 * decentralised algorithm does at the start and the end of a round.
 */
final class ReplicatedModels {
    double[][] start;
    final double[][] last;
    double[][] next;

    ReplicatedModels(int devices, int dimension) {
        start = new double[devices][dimension];
        last = new double[devices][dimension];
        next = new double[devices][dimension];
    }

    /** Gives every device the same initial model, drawn by the objective. */
    void initialise(LocalObjective objective, SplittableRandom rng) {
        objective.initialise(start[0], rng);
        for (int i = 1; i < start.length; i++) {
            System.arraycopy(start[0], 0, start[i], 0, start[0].length);
        }
    }

    /** Starts a round: a device that makes no update keeps its start model as its last one. */
    void beginRound() {
        for (int i = 0; i < start.length; i++) {
            System.arraycopy(start[i], 0, last[i], 0, start[i].length);
        }
    }

    /** Ends a round: the aggregated models become the next start; writes their mean into {@code avg}. */
    void finishRound(double[] avg) {
        double[][] swap = start;
        start = next;
        next = swap;
        LocalSgd.mean(start, avg);
    }
}
