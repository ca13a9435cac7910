package rwdp.algo;

import java.util.Locale;
import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.GraphGenerators;
import rwdp.latency.LatencyModel;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.Walk;
import rwdp.markov.WeightScheme;
import rwdp.model.Loss;
import rwdp.model.Vectors;

/**
 * Algorithm 1 of Yakimenka et al. (§III-A), the skipping scheme: the token visits the nodes
 * along a path; each visit draws a computation time t; when t ≤ t_skip the node makes a
 * projected noisy SGD step τ ← Π_W(τ − η(∇f_v(τ) + N)), η = ζ/√c, N ~ N(0, σ²I), and the
 * latency grows by χ + t; otherwise the token moves on unchanged after χ + t_skip.
 *
 * <p>Paths: Skip-Ring (v_1..v_n repeated), Skip-Rand-Ring (a fresh uniform permutation every
 * round) and the uniform random walk of Cyffers and Bellet (Remark 1). The token moves through
 * the shared {@link Walk} engine. One run allocates its buffers once; the hop loop allocates
 * nothing. W is the Euclidean ball of radius {@code radius} centred at 0 (diameter d_W = 2R).
 */
public final class SkippingScheme implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    /** The node path sequence (Yakimenka et al., §III-A and Remark 1). */
    public enum Path {
        /** Skip-Ring: v_1, ..., v_n, v_1, ... */
        RING("ring"),
        /** Skip-Rand-Ring: each round an independent uniform permutation. */
        RAND_RING("rand-ring"),
        /** The uniform random walk on the complete graph (Cyffers and Bellet). */
        RANDOM_WALK("random-walk");

        private final String label;

        Path(String label) {
            this.label = label;
        }

        /** Returns the command-line name. */
        public String label() {
            return label;
        }

        /**
         * Returns the path named {@code s} (ring, rand-ring or random-walk).
         *
         * @throws InvalidArgumentException when s names no path
         */
        public static Path parse(String s) {
            for (Path p : values()) {
                if (p.label.equals(s.strip().toLowerCase(Locale.ROOT))) {
                    return p;
                }
            }
            throw new InvalidArgumentException("unknown scheme '" + s + "'; expected ring, rand-ring or random-walk");
        }
    }

    /**
     * The inputs of Algorithm 1.
     *
     * @param path   the node path sequence
     * @param hmax   number of hops h_max (a multiple of n for the ring paths, as the paper assumes)
     * @param tSkip  timeout t_skip > 0 (+∞ waits for every node)
     * @param chi    communication latency χ ≥ 0 per hop
     * @param zeta   learning-rate parameter ζ > 0 (η = ζ/√c)
     * @param sigma  noise standard deviation σ ≥ 0 per coordinate
     * @param radius radius R > 0 of the ball W
     */
    public record Params(Path path, long hmax, double tSkip, double chi, double zeta, double sigma, double radius)
            implements java.io.Serializable {
        /**
         * Checks the parameters.
         *
         * @throws InvalidArgumentException when path is null, hmax &lt; 1, tSkip &lt;= 0, chi is negative or
         *     infinite, zeta is not finite and &gt; 0, sigma is negative or infinite, or radius is not finite and &gt; 0
         */
        public Params {
            if (path == null) {
                throw new InvalidArgumentException("missing path");
            }
            if (hmax < 1) {
                throw new InvalidArgumentException("h_max must be >= 1, got " + hmax);
            }
            if (!(tSkip > 0)) {
                throw new InvalidArgumentException("t_skip must be > 0 (or infinity), got " + tSkip);
            }
            if (!(chi >= 0) || Double.isInfinite(chi)) {
                throw new InvalidArgumentException("chi must be finite and >= 0, got " + chi);
            }
            if (!(zeta > 0) || Double.isInfinite(zeta)) {
                throw new InvalidArgumentException("zeta must be finite and > 0, got " + zeta);
            }
            if (!(sigma >= 0) || Double.isInfinite(sigma)) {
                throw new InvalidArgumentException("sigma must be finite and >= 0, got " + sigma);
            }
            if (!(radius > 0) || Double.isInfinite(radius)) {
                throw new InvalidArgumentException("the radius of W must be finite and > 0, got " + radius);
            }
        }
    }

    /** Receives the state every few hops; {@code tau} is the live buffer (copy it to keep it). */
    @FunctionalInterface
    public interface Observer {
        void observe(long hop, double latency, long updates, double[] tau);
    }

    /**
     * What Algorithm 1 returns.
     *
     * @param tau     the final token τ_{h_max}
     * @param latency the total latency ℓ
     * @param updates the number of token updates H
     */
    public record Result(double[] tau, double latency, long updates) {
        public Result {
            tau = tau.clone();
        }

        /** Returns a copy of the final model. */
        @Override
        public double[] tau() {
            return tau.clone();
        }
    }

    private final Loss loss;
    private final LatencyModel latency;
    private final Params params;
    private final TransitionMatrix matrix;

    /**
     * Creates the scheme for {@code loss} (one local loss per node) and computation-time law {@code latency}.
     *
     * @throws InvalidArgumentException when loss has fewer than 2 nodes, or the path is not RANDOM_WALK and
     *     params.hmax() is not a multiple of the number of nodes
     */
    public SkippingScheme(Loss loss, LatencyModel latency, Params params) {
        int n = loss.nodes();
        if (n < 2) {
            throw new InvalidArgumentException("the skipping scheme needs n >= 2 nodes, got " + n);
        }
        if (params.path() != Path.RANDOM_WALK && params.hmax() % n != 0) {
            throw new InvalidArgumentException("h_max = " + params.hmax() + " is not a multiple of n = " + n
                    + " (Yakimenka et al., §III-A assume whole rounds)");
        }
        this.loss = loss;
        this.latency = latency;
        this.params = params;
        this.matrix = params.path() == Path.RANDOM_WALK
                ? WeightScheme.of(WeightScheme.Kind.SIMPLE).build(GraphGenerators.complete(n))
                : ringShift(n);
    }

    /** Returns the deterministic walk v_i → v_{i+1 mod n} of the logical ring (Yakimenka et al., §III-A). */
    public static TransitionMatrix ringShift(int n) {
        int[] rowStart = new int[n + 1];
        int[] cols = new int[n];
        double[] probs = new double[n];
        for (int i = 0; i < n; i++) {
            rowStart[i + 1] = i + 1;
            cols[i] = (i + 1) % n;
            probs[i] = 1;
        }
        return TransitionMatrix.of("ring-shift", n, rowStart, cols, probs);
    }

    /**
     * Returns σ = k √(8 ln(1.25/δ)) / ε, the Gaussian noise of one update (Yakimenka et al.,
     * footnote 4: the classical Gaussian mechanism for a gradient of sensitivity 2k, a theorem for
     * ε &lt; 1 only; at δ = 1e-6 it stops being (ε, δ)-DP above ε ≈ 8.78). The exact δ(ε) and the
     * smallest σ (Balle and Wang, ICML 2018) are in bounds' {@code GaussianMechanismCalibration}.
     *
     * @throws InvalidArgumentException when k or epsilon is not finite and &gt; 0, or delta is outside (0, 1)
     */
    public static double gaussianSigma(double k, double epsilon, double delta) {
        if (!(k > 0) || !(epsilon > 0) || Double.isInfinite(k) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("need finite k > 0 and epsilon > 0, got k=" + k + ", epsilon=" + epsilon);
        }
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
        return k * Math.sqrt(8 * Math.log(1.25 / delta)) / epsilon;
    }

    /** Returns the parameters. */
    public Params params() {
        return params;
    }

    /** Returns Algorithm 1's output (τ_{h_max}, ℓ) for one run driven by {@code rng}. */
    public Result run(SplittableRandom rng) {
        return run(rng, 0, null);
    }

    /**
     * Returns Algorithm 1's output for one run driven by {@code rng}, calling {@code observer}
     * after every {@code every}-th hop (and never when {@code every} ≤ 0 or the observer is null).
     */
    public Result run(SplittableRandom rng, long every, Observer observer) {
        int n = loss.nodes();
        int d = loss.dimension();
        double[] tau = new double[d];
        double[] grad = new double[d];
        int[] perm = new int[n];
        for (int i = 0; i < n; i++) {
            perm[i] = i;
        }
        Path path = params.path();
        Walk walk = path == Path.RANDOM_WALK ? Walk.uniformStart(matrix, rng) : new Walk(matrix, n - 1, rng);
        long hmax = params.hmax();
        double tSkip = params.tSkip();
        double chi = params.chi();
        double zeta = params.zeta();
        double sigma = params.sigma();
        double radius = params.radius();
        boolean observe = observer != null && every > 0;
        double ell = 0;
        long c = 1;
        for (long h = 1; h <= hmax; h++) {
            int node;
            if (path == Path.RING) {
                node = walk.step();
            } else if (path == Path.RAND_RING) {
                int slot = (int) ((h - 1) % n);
                if (slot == 0) {
                    shuffle(perm, rng);
                }
                node = perm[slot];
                walk.moveTo(node);
            } else {
                node = h == 1 ? walk.position() : walk.step();
            }
            double t = latency.sample(rng);
            if (t <= tSkip) {
                double eta = zeta / Math.sqrt(c);
                loss.gradient(node, tau, grad);
                for (int j = 0; j < d; j++) {
                    tau[j] -= eta * (grad[j] + sigma * rng.nextGaussian());
                }
                Vectors.projectOntoBall(tau, radius);
                ell += chi + t;
                c++;
            } else {
                ell += chi + tSkip;
            }
            if (observe && h % every == 0) {
                observer.observe(h, ell, c - 1, tau);
            }
        }
        return new Result(tau, ell, c - 1);
    }

    private static void shuffle(int[] a, SplittableRandom rng) {
        for (int i = a.length - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = a[i];
            a[i] = a[j];
            a[j] = t;
        }
    }
}
