package rwdp.markov;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * The walk engine: a token moving on the states of a transition matrix with its own seeded
 * generator. One {@link #step()} is one alias-table draw; it allocates nothing. Every
 * algorithm of rwdp advances its token through this class.
 */
public final class Walk {
    private final TransitionMatrix p;
    private final SplittableRandom rng;
    private int position;
    private long steps;

    /**
     * Creates a walk at {@code start} driven by {@code rng}.
     *
     * @throws InvalidArgumentException when start is outside 0..p.n()−1
     */
    public Walk(TransitionMatrix p, int start, SplittableRandom rng) {
        if (start < 0 || start >= p.n()) {
            throw new InvalidArgumentException("start node " + start + " outside 0.." + (p.n() - 1));
        }
        this.p = p;
        this.rng = rng;
        this.position = start;
    }

    /** Creates a walk whose start is drawn uniformly from the states with {@code rng}. */
    public static Walk uniformStart(TransitionMatrix p, SplittableRandom rng) {
        return new Walk(p, rng.nextInt(p.n()), rng);
    }

    /** Returns the current node. */
    public int position() {
        return position;
    }

    /** Returns the number of steps taken. */
    public long steps() {
        return steps;
    }

    /** Returns the transition matrix driving the walk. */
    public TransitionMatrix matrix() {
        return p;
    }

    /** Returns the generator of the walk (shared with the algorithm's other draws). */
    public SplittableRandom rng() {
        return rng;
    }

    /** Moves the token one step and returns its new node. */
    public int step() {
        position = p.sample(position, rng);
        steps++;
        return position;
    }

    /**
     * Moves the token to {@code node} (for algorithms whose next hop is not drawn from P).
     *
     * @throws InvalidArgumentException when node is outside 0..n−1 of the chain
     */
    public void moveTo(int node) {
        if (node < 0 || node >= p.n()) {
            throw new InvalidArgumentException("node " + node + " outside 0.." + (p.n() - 1));
        }
        position = node;
        steps++;
    }

    /**
     * Returns the visit counts of the next {@code count} positions recorded every {@code thin} steps.
     *
     * @throws InvalidArgumentException when thin &lt; 1
     */
    public long[] visitCounts(long count, int thin) {
        if (thin < 1) {
            throw new InvalidArgumentException("thinning must be >= 1, got " + thin);
        }
        long[] visits = new long[p.n()];
        for (long s = 0; s < count; s++) {
            for (int k = 0; k < thin; k++) {
                step();
            }
            visits[position]++;
        }
        return visits;
    }
}
