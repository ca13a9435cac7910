package rwdp.algo.federated;

import java.util.SplittableRandom;
import rwdp.graph.Graph;
import rwdp.quantize.StochasticQuantizer;

/**
 * The decentralised weighted aggregation of Wang et al.: every device i draws N_A(i), a random
 * subset of ⌈a·(deg(i)+1)⌉ devices of its closed neighbourhood {i} ∪ N(i) (the graph has
 * self-loops, §III-A), and sets w_i^{t+1,0} = Σ_{l∈N_A(i)} (n_l/m^t) w_l^{t,last} (eq. (11)), or
 * the quantised-difference form w_i^{t,0} + Σ (n_l/m^t) Q(w_l^{t,last} − w_l^{t,0}) (eq. (14)).
 * Owns its buffers; allocates nothing per device.
 */
final class DecentralizedAggregation {
    private final Graph graph;
    private final int[] weights;
    private final double fraction;
    private final int[] pool;
    private final double[] diff;
    private final double[] q;

    DecentralizedAggregation(Graph graph, LocalObjective objective, double fraction) {
        this.graph = graph;
        this.fraction = fraction;
        this.weights = new int[graph.n()];
        for (int i = 0; i < weights.length; i++) {
            weights[i] = objective.samples(i);
        }
        this.pool = new int[graph.maxDegree() + 1];
        this.diff = new double[objective.dimension()];
        this.q = new double[objective.dimension()];
    }

    /** Returns |N_A(i)|. */
    int subsetSize(int i) {
        return Math.max(1, (int) Math.ceil(fraction * (graph.degree(i) + 1) - 1e-9));
    }

    /**
     * Writes the next models into {@code next} from the round-start models {@code start} and the
     * last-updated models {@code last}; {@code quantizer} null gives eq. (11), otherwise eq. (14),
     * or with {@code mixStarts} Σ (n_l/m^t)(w_l^{t,0} + Q(w_l^{t,last} − w_l^{t,0})).
     * Returns the bits sent (32d or 64 + bd per message from l ≠ i).
     */
    long aggregate(double[][] start, double[][] last, double[][] next, SplittableRandom rng,
                   StochasticQuantizer quantizer, SplittableRandom qrng, boolean mixStarts) {
        int d = diff.length;
        long bits = 0;
        long msg = quantizer == null ? StochasticQuantizer.fullPrecisionBits(d) : quantizer.messageBits(d);
        for (int i = 0; i < graph.n(); i++) {
            int deg = graph.degree(i);
            pool[0] = i;
            for (int k = 0; k < deg; k++) {
                pool[k + 1] = graph.neighbor(i, k);
            }
            int size = subsetSize(i);
            double total = 0;
            for (int k = 0; k < size; k++) {
                int j = k + rng.nextInt(deg + 1 - k);
                int t = pool[k];
                pool[k] = pool[j];
                pool[j] = t;
                total += weights[pool[k]];
            }
            double[] out = next[i];
            if (quantizer == null || mixStarts) {
                java.util.Arrays.fill(out, 0);
            } else {
                System.arraycopy(start[i], 0, out, 0, d);
            }
            for (int k = 0; k < size; k++) {
                int l = pool[k];
                double a = weights[l] / total;
                if (l != i) {
                    bits += msg;
                }
                if (quantizer == null) {
                    double[] wl = last[l];
                    for (int c = 0; c < d; c++) {
                        out[c] += a * wl[c];
                    }
                } else {
                    double[] wl = last[l];
                    double[] sl = start[l];
                    for (int c = 0; c < d; c++) {
                        diff[c] = wl[c] - sl[c];
                    }
                    // A device's own difference is not transmitted, so it is not quantised.
                    double[] src = diff;
                    if (l != i) {
                        quantizer.quantize(diff, q, qrng);
                        src = q;
                    }
                    if (mixStarts) {
                        for (int c = 0; c < d; c++) {
                            out[c] += a * (sl[c] + src[c]);
                        }
                    } else {
                        for (int c = 0; c < d; c++) {
                            out[c] += a * src[c];
                        }
                    }
                }
            }
        }
        return bits;
    }
}
