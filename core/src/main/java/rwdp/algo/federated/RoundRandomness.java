package rwdp.algo.federated;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.random.Rngs;

/**
 * The random choices of one round, drawn from named streams of the run seed so that every
 * algorithm makes the same choice for the same seed whatever else it draws: the M start /
 * selected devices, the straggler budgets K_m, and one mini-batch, hop, quantiser and
 * aggregation stream per walk or device. This is what makes the reductions of Wang et al.,
 * §IV-A exact to the bit. Creates a few generators per round, none per step.
 */
final class RoundRandomness {
    private final long starts;
    private final long stragglers;
    private final long batches;
    private final long hops;
    private final long quantiser;
    private final long aggregation;
    private final long aggregationQuantiser;
    private final int[] perm;
    private final int walks;

    RoundRandomness(long seed, int devices, int walks) {
        this.starts = Rngs.derive(seed, "starts");
        this.stragglers = Rngs.derive(seed, "stragglers");
        this.batches = Rngs.derive(seed, "batches");
        this.hops = Rngs.derive(seed, "hops");
        this.quantiser = Rngs.derive(seed, "quantiser");
        this.aggregation = Rngs.derive(seed, "aggregation");
        this.aggregationQuantiser = Rngs.derive(seed, "aggregation-quantiser");
        this.perm = new int[devices];
        this.walks = walks;
    }

    /** Writes M distinct devices drawn uniformly (Wang et al., Alg. 1 line 3) into {@code out}. */
    void selectDevices(int round, int[] out) {
        SplittableRandom rng = Rngs.stream(starts, round);
        int n = perm.length;
        if (out.length > n) {
            throw new InvalidArgumentException(out.length + " walks need at least as many devices, the graph has " + n);
        }
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        for (int m = 0; m < out.length; m++) {
            int j = m + rng.nextInt(n - m);
            int t = perm[m];
            perm[m] = perm[j];
            perm[j] = t;
            out[m] = perm[m];
        }
    }

    /**
     * Writes the step budgets K_m of the round into {@code out}: each walk straggles
     * independently with probability h and then gets K' uniform in 1..K−1 (0 when K = 1).
     */
    void budgets(int round, int steps, StragglerModel model, int[] out) {
        java.util.Arrays.fill(out, steps);
        if (model.fraction() == 0) {
            return;
        }
        SplittableRandom rng = Rngs.stream(stragglers, round);
        int lo = steps >= 2 ? 1 : 0;
        for (int m = 0; m < out.length; m++) {
            // Both draws are always made so that the stream position does not depend on h.
            boolean straggles = rng.nextDouble() < model.fraction();
            int reduced = lo + rng.nextInt(steps - lo);
            if (straggles) {
                out[m] = reduced;
            }
        }
    }

    SplittableRandom batch(int round, int walk) {
        return Rngs.stream(batches, (long) round * walks + walk);
    }

    SplittableRandom hop(int round, int walk) {
        return Rngs.stream(hops, (long) round * walks + walk);
    }

    SplittableRandom quantiser(int round, int walk) {
        return Rngs.stream(quantiser, (long) round * walks + walk);
    }

    SplittableRandom aggregation(int round) {
        return Rngs.stream(aggregation, round);
    }

    SplittableRandom aggregationQuantiser(int round) {
        return Rngs.stream(aggregationQuantiser, round);
    }

    SplittableRandom initial() {
        return Rngs.stream(starts, -1);
    }
}
