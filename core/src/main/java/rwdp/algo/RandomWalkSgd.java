package rwdp.algo;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.Walk;
import rwdp.model.Loss;
import rwdp.model.Vectors;

/**
 * The loop shared by Algorithms 1-3 of Ayache et al.: at iteration k the token sits at node i,
 * w ← Π_W(w − γ_k c_i ∇f_i(w)) with a per-node gradient weight c_i, then the token moves one
 * step of the Metropolis-Hastings chain (drawn from the chain's row by {@link Walk}, the same
 * law as "propose a uniform neighbour, accept with the MH probability"). Also keeps the
 * weighted average w̄_k = Σ_{m≤k} γ_m w_m / Σ_{m≤k} γ_m of Theorems 1-2. A step allocates nothing.
 */
public abstract class RandomWalkSgd implements DecentralizedSgd {
    private final Loss loss;
    private final Walk walk;
    private final double[] gradientWeight;
    private final SgdSettings settings;
    private final double[] w;
    private final double[] grad;
    private final double[] weightedSum;
    private final double[] buffer;
    private double gammaSum;
    private long k;

    /**
     * Starts the walk at a uniform node and w_1 uniform in the ball (Ayache et al., Alg. 1-3
     * initialisation); {@code gradientWeight[i]} is c_i.
     */
    protected RandomWalkSgd(Loss loss, TransitionMatrix chain, double[] gradientWeight, SgdSettings settings,
                            SplittableRandom rng) {
        if (chain.n() != loss.nodes()) {
            throw new InvalidArgumentException("the graph has " + chain.n() + " nodes but the data " + loss.nodes());
        }
        if (gradientWeight.length != loss.nodes()) {
            throw new InvalidArgumentException("need one gradient weight per node");
        }
        if (!chain.isIrreducible()) {
            throw new InvalidArgumentException("the graph is disconnected: the walk cannot visit every node");
        }
        this.loss = loss;
        this.gradientWeight = gradientWeight.clone();
        this.settings = settings;
        int d = loss.dimension();
        this.w = new double[d];
        this.grad = new double[d];
        this.weightedSum = new double[d];
        this.buffer = new double[d];
        Vectors.uniformInBall(w, settings.radius(), rng);
        this.walk = Walk.uniformStart(chain, rng);
    }

    @Override
    public final void step() {
        k++;
        int i = walk.position();
        double gamma = settings.stepSize(k);
        Vectors.axpy(gamma, w, weightedSum);
        gammaSum += gamma;
        loss.gradient(i, w, grad);
        Vectors.axpy(-gamma * gradientWeight[i], grad, w);
        Vectors.projectOntoBall(w, settings.radius());
        walk.step();
    }

    /** Runs {@code steps} iterations. */
    public final void run(long steps) {
        for (long s = 0; s < steps; s++) {
            step();
        }
    }

    @Override
    public final long updates() {
        return k;
    }

    @Override
    public final int updatesPerStep() {
        return 1;
    }

    /** Returns the current model w_{k+1} (a view: do not modify). */
    public final double[] model() {
        return w;
    }

    /** Writes w̄_k into {@code out} (w_1 before the first step) and returns it. */
    public final double[] average(double[] out) {
        if (k == 0) {
            System.arraycopy(w, 0, out, 0, w.length);
        } else {
            for (int j = 0; j < w.length; j++) {
                out[j] = weightedSum[j] / gammaSum;
            }
        }
        return out;
    }

    /** Returns the node holding the token. */
    public final int position() {
        return walk.position();
    }

    /** Returns the transition matrix of the walk. */
    public final TransitionMatrix chain() {
        return walk.matrix();
    }

    /** Returns the gradient weight c_i of node i. */
    public final double gradientWeight(int i) {
        return gradientWeight[i];
    }

    @Override
    public final double iterateError(double fStar) {
        return loss.average(w) - fStar;
    }

    @Override
    public final double averageError(double fStar) {
        return loss.average(average(buffer)) - fStar;
    }

    /** Returns L̄/L_i for every node: the importance weights of Alg. 2 and 3 (Ayache et al., §III-B). */
    protected static double[] importanceWeights(Loss loss) {
        int n = loss.nodes();
        double mean = 0;
        for (int i = 0; i < n; i++) {
            mean += loss.smoothness(i) / n;
        }
        double[] c = new double[n];
        for (int i = 0; i < n; i++) {
            c[i] = mean / loss.smoothness(i);
        }
        return c;
    }

    /** Returns the L_i of every node. */
    public static double[] smoothness(Loss loss) {
        double[] l = new double[loss.nodes()];
        for (int i = 0; i < l.length; i++) {
            l[i] = loss.smoothness(i);
        }
        return l;
    }

    /** Returns an array of n ones. */
    protected static double[] ones(int n) {
        double[] c = new double[n];
        java.util.Arrays.fill(c, 1);
        return c;
    }
}
