package rwdp.algo;

import java.util.Arrays;
import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.Walk;
import rwdp.model.PerSampleLoss;
import rwdp.model.Vectors;

/**
 * RW DP-SGD (Cyffers et al., Algorithm 1): a token walks on W; the node holding it computes
 * its local gradient with per-sample clipping to norm C, adds Gaussian noise N(0, σ²Δ² I_d)
 * and takes a constant step x ← x − γ(g + η), then forwards the token to u ~ W_{v,·}.
 * Options: a burn-in walk without updates, and the contribution cap of Remark 5 (after K
 * contributions a node only adds noise). One {@link #step()} allocates nothing.
 */
public final class RwDpSgd {

    /**
     * The run's parameters.
     *
     * @param steps       number of updates T ≥ 0
     * @param sigma       noise multiplier σ ≥ 0
     * @param clip        per-sample clipping norm C > 0, or +∞ for no clipping
     * @param sensitivity Δ ≥ 0; NaN means 2C (user-level replace-one adjacency: a node's whole dataset
     *                    changes, so the mean of clipped gradients moves by at most 2C)
     * @param stepSize    constant step γ > 0
     * @param start       starting node v₀
     * @param burnIn      steps walked before the first update (e.g. τ_mix)
     * @param cap         contributions allowed per node (Remark 5); Long.MAX_VALUE for no cap
     */
    public record Config(long steps, double sigma, double clip, double sensitivity, double stepSize, int start,
                         long burnIn, long cap) {
        /**
         * Checks the configuration; a NaN sensitivity becomes 2·clip.
         *
         * @throws InvalidArgumentException when steps or burnIn is negative, sigma is negative or infinite, clip
         *     &lt;= 0, sensitivity is NaN with an infinite clip and sigma &gt; 0, sensitivity is negative, stepSize is
         *     not positive and finite, or cap &lt; 1
         */
        public Config {
            if (steps < 0 || burnIn < 0) {
                throw new InvalidArgumentException("steps and burn-in must be >= 0, got " + steps + ", " + burnIn);
            }
            if (!(sigma >= 0) || Double.isInfinite(sigma)) {
                throw new InvalidArgumentException("noise sigma must be >= 0 and finite, got " + sigma);
            }
            if (!(clip > 0)) {
                throw new InvalidArgumentException("clipping norm must be > 0 (or infinite for none), got " + clip);
            }
            if (Double.isNaN(sensitivity)) {
                if (Double.isInfinite(clip) && sigma > 0) {
                    throw new InvalidArgumentException("without clipping the sensitivity Delta must be given explicitly");
                }
                sensitivity = 2 * clip;
            }
            if (!(sensitivity >= 0)) {
                throw new InvalidArgumentException("sensitivity Delta must be >= 0, got " + sensitivity);
            }
            if (!(stepSize > 0) || Double.isInfinite(stepSize)) {
                throw new InvalidArgumentException("step size gamma must be > 0 and finite, got " + stepSize);
            }
            if (cap < 1) {
                throw new InvalidArgumentException("contribution cap must be >= 1, got " + cap);
            }
        }

        /** Returns the standard deviation σΔ of each noise coordinate. */
        public double noiseStd() {
            return sigma * (Double.isInfinite(sensitivity) ? 0 : sensitivity);
        }
    }

    private final PerSampleLoss loss;
    private final Config config;
    private final Walk walk;
    private final SplittableRandom rng;
    private final double[] x;
    private final double[] g;
    private final double[] sample;
    private final long[] contributions;
    private long t;

    /**
     * Creates the run from {@code x0} on W; all randomness (walk and noise) comes from {@code rng}.
     *
     * @throws InvalidArgumentException when loss and w differ in their number of nodes, or x0 is not of the loss's
     *     dimension
     */
    public RwDpSgd(PerSampleLoss loss, TransitionMatrix w, double[] x0, Config config, SplittableRandom rng) {
        if (loss.nodes() != w.n()) {
            throw new InvalidArgumentException("the loss has " + loss.nodes() + " nodes, the graph " + w.n());
        }
        if (x0.length != loss.dimension()) {
            throw new InvalidArgumentException("x0 has dimension " + x0.length + ", the loss " + loss.dimension());
        }
        this.loss = loss;
        this.config = config;
        this.rng = rng;
        this.walk = new Walk(w, config.start(), rng);
        this.x = x0.clone();
        this.g = new double[x0.length];
        this.sample = new double[x0.length];
        this.contributions = new long[w.n()];
        for (long s = 0; s < config.burnIn(); s++) {
            walk.step();
        }
    }

    /** Returns the current model x_t (a view: do not modify). */
    public double[] model() {
        return x;
    }

    /** Returns the number of updates done. */
    public long time() {
        return t;
    }

    /** Returns the node holding the token. */
    public int node() {
        return walk.position();
    }

    /** Returns how many gradient contributions each node has made (a view). */
    public long[] contributions() {
        return contributions;
    }

    /**
     * Does one iteration of Algorithm 1 at the token's node: clipped local gradient (unless the
     * node has reached the cap), plus noise, constant step, then one walk step.
     */
    public void step() {
        int v = walk.position();
        int d = x.length;
        double gamma = config.stepSize();
        if (contributions[v] < config.cap()) {
            contributions[v]++;
            localClippedGradient(v);
        } else {
            Arrays.fill(g, 0);
        }
        double std = config.noiseStd();
        for (int j = 0; j < d; j++) {
            double eta = std == 0 ? 0 : std * rng.nextGaussian();
            x[j] -= gamma * (g[j] + eta);
        }
        walk.step();
        t++;
    }

    /** Runs the remaining steps up to T. */
    public void run() {
        while (t < config.steps()) {
            step();
        }
    }

    private void localClippedGradient(int v) {
        Arrays.fill(g, 0);
        int m = loss.samples(v);
        double clip = config.clip();
        for (int s = 0; s < m; s++) {
            loss.sampleGradient(v, s, x, sample);
            double norm = Vectors.norm(sample);
            // Clip to norm C so a node's data moves the mean gradient by at most 2C.
            double scale = norm > clip ? clip / norm : 1;
            Vectors.axpy(scale / m, sample, g);
        }
        double ridge = loss.ridge();
        if (ridge != 0) {
            Vectors.axpy(ridge, x, g);
        }
    }
}
