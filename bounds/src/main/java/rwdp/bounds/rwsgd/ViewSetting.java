package rwdp.bounds.rwsgd;

import java.util.Arrays;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * One canary and its observers in RW DP-SGD (Cyffers et al., Alg. 1) whose privacy is accounted: the
 * canary u, the observers (one node v, or a coalition F of colluding nodes, App. D), the walk W from a
 * public start node, T updates and the noise multiplier σ (noise N(0, σ²Δ²) per update, Δ = 2C). The
 * step γ and the clipping norm C cancel from every loss: in units of γC an update of u moves the model
 * by ±1 and every update adds noise of standard deviation 2σ, so only σ, W and T matter.
 *
 * <p>A coalition pools what its members see (Cyffers et al., App. D): every visit of the token to any
 * member, with the receiving member known to all; its own members' updates are its own.
 *
 * @param w         the walk's transition matrix (rows sum to 1)
 * @param u         the node whose data differs between D and D'
 * @param observers the observer v, or the colluding nodes, ascending and distinct (a copy is kept)
 * @param start     the walk's first node y₀ (public)
 * @param steps     T, the number of updates
 * @param sigma     the noise multiplier σ
 */
public record ViewSetting(TransitionMatrix w, int u, int[] observers, int start, int steps, double sigma) {
    /**
     * The noise multipliers accepted: below, one update of u alone is (1/σ)-GDP with μ above 100 (ε in the thousands,
     * no privacy to account); above, every loss here is below 1e-3 and 2σ√T would leave the double range in the
     * sampler.
     */
    public static final double MIN_SIGMA = 0.01;
    /** See {@link #MIN_SIGMA}. */
    public static final double MAX_SIGMA = 1e6;
    /** The longest walk accepted; the cost of each accountant is stated in its own class. */
    public static final int MAX_STEPS = 1_000_000;

    /**
     * Checks the setting.
     *
     * @throws InvalidArgumentException if a node is out of range, there is no observer, the observers are not
     *                                  ascending and distinct, u is one of them, T is not in [1, {@link #MAX_STEPS}]
     *                                  or σ is not in [{@link #MIN_SIGMA}, {@link #MAX_SIGMA}]
     */
    public ViewSetting {
        if (w == null) {
            throw new InvalidArgumentException("the walk matrix W must be given");
        }
        if (observers == null || observers.length == 0) {
            throw new InvalidArgumentException("at least one observer must be given");
        }
        observers = observers.clone();
        int n = w.n();
        if (u < 0 || u >= n || start < 0 || start >= n) {
            throw new InvalidArgumentException("nodes must be in [0, " + n + "), got u=" + u + ", start=" + start);
        }
        for (int i = 0; i < observers.length; i++) {
            int v = observers[i];
            if (v < 0 || v >= n) {
                throw new InvalidArgumentException("nodes must be in [0, " + n + "), got observer " + v);
            }
            if (i > 0 && v <= observers[i - 1]) {
                throw new InvalidArgumentException("the observers must be ascending and distinct, got " + Arrays.toString(observers));
            }
            if (v == u) {
                throw new InvalidArgumentException("u must not observe itself (a node's own view of its data is not network DP), got "
                        + u + (observers.length > 1 ? " in the coalition" : " as v"));
            }
        }
        if (steps < 1 || steps > MAX_STEPS) {
            throw new InvalidArgumentException("T must be in [1, " + MAX_STEPS + "], got " + steps);
        }
        if (!(sigma >= MIN_SIGMA && sigma <= MAX_SIGMA)) {
            throw new InvalidArgumentException("noise multiplier sigma must be in [" + MIN_SIGMA + ", " + MAX_SIGMA + "] (below, one "
                    + "update alone has epsilon in the thousands; above, every loss is below 1e-3), got " + sigma);
        }
    }

    /**
     * Returns the setting of one observer v (Cyffers et al., eq. (7)).
     *
     * @throws InvalidArgumentException as the canonical constructor, u = v included
     */
    public ViewSetting(TransitionMatrix w, int u, int v, int start, int steps, double sigma) {
        this(w, u, new int[] {v}, start, steps, sigma);
    }

    /** Returns the observers, ascending (a copy). */
    @Override
    public int[] observers() {
        return observers.clone();
    }

    /** Returns the number of observers, 1 for a single v. */
    public int coalitionSize() {
        return observers.length;
    }

    /** Returns the index of {@code node} among the observers, or −1 if it is not one. */
    public int observerIndex(int node) {
        int i = Arrays.binarySearch(observers, node);
        return i >= 0 ? i : -1;
    }

    /** Returns whether {@code node} is an observer. */
    public boolean observes(int node) {
        return Arrays.binarySearch(observers, node) >= 0;
    }

    /** Returns the number of nodes. */
    public int n() {
        return w.n();
    }
}
