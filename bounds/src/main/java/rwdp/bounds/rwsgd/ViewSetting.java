package rwdp.bounds.rwsgd;

import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * One pair of RW DP-SGD (Cyffers et al., Alg. 1) whose privacy is accounted: the canary u, the
 * observer v, the walk W from a public start node, T updates and the noise multiplier σ (noise
 * N(0, σ²Δ²) per update, Δ = 2C). The step γ and the clipping norm C cancel from every loss: in
 * units of γC an update of u moves the model by ±1 and every update adds noise of standard
 * deviation 2σ, so only σ, W and T matter.
 *
 * @param w     the walk's transition matrix (rows sum to 1)
 * @param u     the node whose data differs between D and D'
 * @param v     the observer
 * @param start the walk's first node y₀ (public)
 * @param steps T, the number of updates
 * @param sigma the noise multiplier σ
 */
public record ViewSetting(TransitionMatrix w, int u, int v, int start, int steps, double sigma) {
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
     * @throws InvalidArgumentException if a node is out of range, u = v, T is not in [1, {@link #MAX_STEPS}]
     *                                  or σ is not in [{@link #MIN_SIGMA}, {@link #MAX_SIGMA}]
     */
    public ViewSetting {
        if (w == null) {
            throw new InvalidArgumentException("the walk matrix W must be given");
        }
        int n = w.n();
        if (u < 0 || u >= n || v < 0 || v >= n || start < 0 || start >= n) {
            throw new InvalidArgumentException("nodes must be in [0, " + n + "), got u=" + u + ", v=" + v + ", start=" + start);
        }
        if (u == v) {
            throw new InvalidArgumentException("u and v must differ (a node's own view of its data is not network DP), got " + u);
        }
        if (steps < 1 || steps > MAX_STEPS) {
            throw new InvalidArgumentException("T must be in [1, " + MAX_STEPS + "], got " + steps);
        }
        if (!(sigma >= MIN_SIGMA && sigma <= MAX_SIGMA)) {
            throw new InvalidArgumentException("noise multiplier sigma must be in [" + MIN_SIGMA + ", " + MAX_SIGMA + "] (below, one "
                    + "update alone has epsilon in the thousands; above, every loss is below 1e-3), got " + sigma);
        }
    }

    /** Returns the number of nodes. */
    public int n() {
        return w.n();
    }
}
