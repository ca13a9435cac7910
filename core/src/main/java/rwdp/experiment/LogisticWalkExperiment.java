package rwdp.experiment;

import java.util.Arrays;
import java.util.SplittableRandom;
import rwdp.check.Copies;
import rwdp.algo.DecentralizedSgd;
import rwdp.algo.GossipSgd;
import rwdp.algo.PrivateWeightedRwSgd;
import rwdp.algo.RandomWalkSgd;
import rwdp.algo.SgdSettings;
import rwdp.algo.Trajectory;
import rwdp.algo.UniformRwSgd;
import rwdp.algo.WeightedRwSgd;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.model.GaussianMixture;
import rwdp.model.GramNewtonSolver;
import rwdp.model.LogisticLoss;
import rwdp.model.LogisticSolver;
import rwdp.model.Vectors;
import rwdp.mechanism.GammaMechanism;
import rwdp.mechanism.LaplaceMechanism;
import rwdp.random.MonteCarlo;

/**
 * One §V experiment of Ayache et al.: a graph, the Gaussian-mixture data (μ = mu·𝟙, d), the
 * logistic loss, w* and the step-size settings; runs seeded Monte Carlo replications of an
 * algorithm built by one of this class's factories. Serializable (data, w*, settings), so that its trials can run on
 * another JVM.
 *
 * @param graphLabel how the graph is named in descriptions (its spec, or er:n,p for a connected draw)
 */
public record LogisticWalkExperiment(String graphLabel, Graph graph, GaussianMixture data, LogisticLoss loss,
                                     LogisticSolver.Solution optimum, SgdSettings settings) implements java.io.Serializable {

    /** Defaults for what §V does not give (the Fig. 2/3 claims sweep d, and state q, R, μ): d = 5, μ = 1·𝟙, q = 0.75, R = 10. */
    public static final int DIMENSION = 5;
    public static final double MU = 1.0;
    public static final double Q = 0.75;
    public static final double RADIUS = 10;

    /** Returns the experiment on a given graph (the caller checks it is connected), w* by the dense solver (Ayache et al., §V). */
    public static LogisticWalkExperiment on(String graphLabel, Graph graph, GaussianMixture data, SgdSettings settings) {
        LogisticLoss loss = data.loss(graph.n());
        return new LogisticWalkExperiment(graphLabel, graph, data, loss, LogisticSolver.solve(loss, settings.radius(), 1e-10),
                settings);
    }

    /** Returns the experiment on a connected er:n,p graph drawn from {@code graphSeed}, data (μ·𝟙, v, d) drawn from {@code dataSeed} (Ayache et al., §V). */
    public static LogisticWalkExperiment of(int n, double p, long graphSeed, double mu, double variance, int dimension,
                                            double q, long dataSeed) {
        return on("er:" + n + "," + p, connectedEr(n, p, graphSeed), new GaussianMixture(mu, variance, dimension, dataSeed),
                new SgdSettings(RADIUS, q));
    }

    /**
     * Returns the same experiment with w* from damped Newton through the N × N Gram matrix (fast for
     * d ≫ N, where the dense solver's d × d systems dominate); the dense solver is kept when w*
     * lies on the boundary of the ball. The residual is the loss's own gradient norm at w*.
     */
    public static LogisticWalkExperiment ofWideData(int n, double p, long graphSeed, double mu, double variance, int dimension,
                                                    double q, long dataSeed) {
        Graph g = connectedEr(n, p, graphSeed);
        GaussianMixture gm = new GaussianMixture(mu, variance, dimension, dataSeed);
        LogisticLoss loss = gm.loss(n);
        GramNewtonSolver solver = new GramNewtonSolver(loss, RADIUS);
        double[] a = new double[n];
        Arrays.fill(a, 1.0 / n);
        double[] w = solver.minimise(a, new double[dimension]);
        double residual = solver.gradientNorm(a, w);
        LogisticSolver.Solution opt = Math.sqrt(Vectors.dot(w, w)) < RADIUS && residual <= 1e-8
                ? new LogisticSolver.Solution(w, loss.average(w), residual, 0, false)
                : LogisticSolver.solve(loss, RADIUS, 1e-10);
        return new LogisticWalkExperiment("er:" + n + "," + p, g, gm, loss, opt, new SgdSettings(RADIUS, q));
    }

    /** Returns the experiment with the defaults μ = 1, d = 5, q = 0.75 (§V gives N, p and v only). */
    public static LogisticWalkExperiment of(int n, double p, long graphSeed, double variance, long dataSeed) {
        return of(n, p, graphSeed, MU, variance, DIMENSION, Q, dataSeed);
    }

    /**
     * Returns the first connected graph er:n,p,s for s = seed, seed + 1, …: §V's walks and gossip
     * need a connected graph, and a seeded draw is occasionally not (n = 20, p = 0.3).
     *
     * @throws rwdp.check.InvalidArgumentException when none of 1000 seeds gives a connected graph
     */
    public static Graph connectedEr(int n, double p, long seed) {
        return GraphSpec.er(n, p, seed & 0xffffffffL).connected(1000).graph();
    }

    /** The non-private algorithms of §V: Alg. 1, Alg. 2 and the gossip baseline. */
    public enum Algorithm { UNIFORM, WEIGHTED, GOSSIP }

    /**
     * Builds one run of an algorithm seeded by {@code rng}. Serializable, with the experiment, so that a run's trials are
     * rebuilt on another JVM (a Spark executor) from the experiment and the factory alone.
     */
    public interface Factory extends java.io.Serializable {
        /** Returns a fresh algorithm on the experiment's loss, graph and settings (any noise drawn first from {@code rng}). */
        DecentralizedSgd create(LogisticWalkExperiment s, SplittableRandom rng);
    }

    /** Returns the factory of a non-private algorithm (Ayache et al., Alg. 1, Alg. 2, gossip of §V). */
    public static Factory factory(Algorithm a) {
        return switch (a) {
            case UNIFORM -> (s, rng) -> new UniformRwSgd(s.loss(), s.graph(), s.settings(), rng);
            case WEIGHTED -> (s, rng) -> new WeightedRwSgd(s.loss(), s.graph(), s.settings(), rng);
            case GOSSIP -> (s, rng) -> new GossipSgd(s.loss(), s.graph(), s.settings(), rng);
        };
    }

    /** Returns the factory of Alg. 3 with the Gamma mechanism and the printed gradient weights (fresh noise per run; Ayache et al., Alg. 3). */
    public static Factory gamma(GammaMechanism m) {
        return (s, rng) -> PrivateWeightedRwSgd.gamma(s.loss(), s.graph(), m, s.settings(), rng);
    }

    /** Returns the factory of Alg. 3 with the Gamma mechanism and the chosen gradient weights (fresh noise per run; Ayache et al., Alg. 3). */
    public static Factory gamma(GammaMechanism m, PrivateWeightedRwSgd.GradientWeights weights) {
        return (s, rng) -> PrivateWeightedRwSgd.gamma(s.loss(), s.graph(), m, weights, s.settings(), rng);
    }

    /** Returns the factory of the Laplace variant of Alg. 3 with the printed gradient weights (fresh noise per run; Ayache et al., Fig. 3). */
    public static Factory laplace(LaplaceMechanism m) {
        return (s, rng) -> PrivateWeightedRwSgd.laplace(s.loss(), s.graph(), m, s.settings(), rng);
    }

    /** Returns the factory of the Laplace variant of Alg. 3 with the chosen gradient weights (fresh noise per run; Ayache et al., Fig. 3). */
    public static Factory laplace(LaplaceMechanism m, PrivateWeightedRwSgd.GradientWeights weights) {
        return (s, rng) -> PrivateWeightedRwSgd.givenNoise(s.loss(), s.graph(), m.releaseAll(s.smoothness(), rng), weights,
                s.settings(), rng);
    }

    /** Returns the factory of Alg. 3 on fixed released values R(L_i), the walk alone random (Ayache et al., eq. (10), "given the noise"). */
    public static Factory givenNoise(double[] released, PrivateWeightedRwSgd.GradientWeights weights) {
        return (s, rng) -> PrivateWeightedRwSgd.givenNoise(s.loss(), s.graph(), released, weights, s.settings(), rng);
    }

    /** Monte Carlo result: per run, per checkpoint. */
    public record Runs(long[] checkpoints, double[][] iterate, double[][] average, double[] stepsPerSecond) {
        public Runs {
            checkpoints = checkpoints.clone();
            iterate = Copies.deep(iterate);
            average = Copies.deep(average);
            stepsPerSecond = stepsPerSecond.clone();
        }

        /** Returns a copy of the checkpoints. */
        @Override
        public long[] checkpoints() {
            return checkpoints.clone();
        }

        /** Returns a copy of the iterate errors, per run, per checkpoint. */
        @Override
        public double[][] iterate() {
            return Copies.deep(iterate);
        }

        /** Returns a copy of the w̄ errors, per run, per checkpoint. */
        @Override
        public double[][] average() {
            return Copies.deep(average);
        }

        /** Returns a copy of each run's steps per second. */
        @Override
        public double[] stepsPerSecond() {
            return stepsPerSecond.clone();
        }

        /** Returns the number of runs. */
        public int runs() {
            return iterate.length;
        }

        /** Returns the iterate error of run {@code run} at checkpoint {@code k}. */
        public double iterate(int run, int k) {
            return iterate[run][k];
        }

        /** Returns the mean over runs at every checkpoint. */
        public double[] meanIterate() {
            return mean(iterate);
        }

        /** Returns the mean over runs of the w̄ error at every checkpoint. */
        public double[] meanAverage() {
            return mean(average);
        }

        /** Returns each run's final iterate error. */
        public double[] finalIterate() {
            double[] out = new double[iterate.length];
            for (int r = 0; r < out.length; r++) {
                out[r] = iterate[r][checkpoints.length - 1];
            }
            return out;
        }

        /** Returns the mean steps per second. */
        public double meanStepsPerSecond() {
            double s = 0;
            for (double v : stepsPerSecond) {
                s += v;
            }
            return s / stepsPerSecond.length;
        }

        static double[] mean(double[][] x) {
            double[] m = new double[x[0].length];
            for (double[] row : x) {
                for (int c = 0; c < m.length; c++) {
                    m[c] += row[c] / x.length;
                }
            }
            return m;
        }
    }

    /** Returns {@code runs} seeded replications to {@code updates} SGD updates with {@code points} log checkpoints (Ayache et al., §V). */
    public Runs run(Factory f, int runs, long updates, int points, long seed) {
        return run(MonteCarlo.on(MonteCarlo.LOCAL), f, runs, updates, points, seed);
    }

    /**
     * Returns {@code runs} seeded replications run by {@code trials} (a run's executor: the numbers do not depend on
     * it), to {@code updates} SGD updates with {@code points} log checkpoints (Ayache et al., §V).
     */
    public Runs run(MonteCarlo.Runner trials, Factory f, int runs, long updates, int points, long seed) {
        long[] cps = Trajectory.logCheckpoints(updates, points);
        int c = cps.length;
        LogisticWalkExperiment self = this;
        double optimumValue = optimum.value();
        double[][] raw = trials.runVectors(runs, seed, (i, rng) -> {
            Trajectory t = Trajectory.record(f.create(self, rng), cps, optimumValue);
            double[] out = new double[2 * c + 1];
            System.arraycopy(t.iterateError(), 0, out, 0, c);
            System.arraycopy(t.averageError(), 0, out, c, c);
            out[2 * c] = t.stepsPerSecond();
            return out;
        });
        double[][] it = new double[runs][];
        double[][] av = new double[runs][];
        double[] sps = new double[runs];
        for (int r = 0; r < runs; r++) {
            it[r] = Arrays.copyOfRange(raw[r], 0, c);
            av[r] = Arrays.copyOfRange(raw[r], c, 2 * c);
            sps[r] = raw[r][2 * c];
        }
        return new Runs(cps, it, av, sps);
    }

    /**
     * Per-update cost of a walk or gossip step besides its d coordinates (drawing the next node,
     * the step size, the bookkeeping), in coordinate updates: measured 3.5·10⁶ updates a second at
     * d = 5 and 1.4·10⁵ at d = 5000, i.e. about 100 coordinate updates at 3-7·10⁸ a second.
     */
    public static final double STEP_OVERHEAD = 100;

    /**
     * Returns the bytes an experiment on {@code nodes} nodes with one sample of {@code dimension}
     * features each takes with {@code runsAtOnce} runs in parallel: the data, the solver of w*, and
     * per run the algorithm's vectors (gossip: one model per node).
     */
    public static double estimateBytes(int nodes, int dimension, boolean gossip, int runsAtOnce) {
        double d = dimension;
        double data = nodes * (8 * d + 120);
        double perRun = 8 * d * 8 + 16.0 * nodes + (gossip ? nodes * (8 * d + 16) : 0);
        return data + LogisticSolver.estimateBytes(nodes, d) + Math.max(1, runsAtOnce) * perRun;
    }

    /**
     * Returns the coordinate updates (multiply-adds) of {@code runs} runs of {@code updates} SGD
     * updates with {@code points} checkpoints: (d + {@link #STEP_OVERHEAD}) per update, two passes
     * over the data per checkpoint (gossip: one per node for the iterate error), and w*.
     */
    public static double work(int nodes, int dimension, boolean gossip, long runs, long updates, int points) {
        double d = dimension;
        double checkpoint = (gossip ? nodes + 1.0 : 2.0) * nodes * d;
        return (double) runs * ((double) updates * (d + STEP_OVERHEAD) + points * checkpoint) + LogisticSolver.work(nodes, d);
    }

    /** Returns L_i of every node (Ayache et al., eq. (13)). */
    public double[] smoothness() {
        return RandomWalkSgd.smoothness(loss);
    }

    /** Returns L_i of every node of {@code data} on {@code nodes} nodes, before any w* is solved (Ayache et al., eq. (13)). */
    public static double[] smoothness(GaussianMixture data, int nodes) {
        return RandomWalkSgd.smoothness(data.loss(nodes));
    }

    /** Returns a one-line description for evidence. */
    public String describe() {
        return "graph " + graphLabel + " (" + graph.edgeCount() + " edges), data " + data.label() + " (mu*1, d=" + data.dimension() + "), q=" + settings.q()
                + ", R=" + settings.radius() + ", f(w*)=" + optimum.value() + " (KKT residual " + optimum.residual() + ")";
    }
}
