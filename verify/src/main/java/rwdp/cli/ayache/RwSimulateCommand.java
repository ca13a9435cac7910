package rwdp.cli.ayache;

import rwdp.cli.common.Labelled;
import rwdp.cli.common.CsvOutput;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.algo.PrivateWeightedRwSgd;
import rwdp.algo.SgdSettings;
import rwdp.check.Checks;
import rwdp.cli.common.CommandDefaults;
import rwdp.cli.common.GraphOptions;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.SeedOption;
import rwdp.cli.common.UserException;
import rwdp.experiment.LogisticWalkExperiment;
import rwdp.experiment.LogisticWalkExperiment.Algorithm;
import rwdp.experiment.LogisticWalkExperiment.Factory;
import rwdp.graph.Graph;
import rwdp.model.GaussianMixture;
import rwdp.mechanism.GammaMechanism;
import rwdp.mechanism.LaplaceMechanism;

/** The shared options and loop of the {@code rwdp simulate} commands of Ayache et al. */
abstract class RwSimulateCommand implements Callable<Integer>, CommandDefaults.Declared {
    /** An Erdős–Rényi graph of 100 nodes, large enough for the walk to matter and quick to run. */
    private static final Map<String, String> DEFAULTS = Map.of("--graph", "er:100,0.3,1");

    @Mixin
    GraphOptions graphOptions;

    @Option(names = "--data", defaultValue = "gaussian:1,10,5,7", converter = GaussianData.Converter.class,
            description = "Data gaussian:mu,v,d,seed: labels ±1, x ~ N(±mu·1, v I_d) (default: ${DEFAULT-VALUE}).")
    GaussianData data;

    @Option(names = {"--T", "--steps"}, defaultValue = "100000", description = "SGD updates per run (default: ${DEFAULT-VALUE}).")
    long updates;

    @Option(names = "--q", defaultValue = "0.75", description = "Step size 1/k^q, 1/2 < q < 1 (default: ${DEFAULT-VALUE}).")
    double q;

    @Option(names = "--radius", defaultValue = "10", description = "Radius R of the feasible ball (default: ${DEFAULT-VALUE}).")
    double radius;

    @Option(names = "--runs", defaultValue = "1", description = "Independent runs averaged (default: ${DEFAULT-VALUE}).")
    int runs;

    @Mixin
    SeedOption seedOption;

    @Option(names = "--points", defaultValue = "50", description = "Log-spaced checkpoints of the trajectory (default: ${DEFAULT-VALUE}).")
    int points;

    @Mixin
    CsvOutput csvOption;

    /** The most coordinate updates a run may take: about ten minutes at 3·10⁸ a second (measured at d = 30000); --T 10⁹ at d = 5 stays within. */
    static final double MAX_WORK = 2e11;

    /**
     * Refuses, before the data is drawn, a run whose data, w* solver and runs would not fit in the
     * heap, or whose work exceeds {@link #MAX_WORK}.
     */
    void checkSize(Graph g, GaussianMixture gm) {
        boolean gossip = this instanceof Gossip;
        int atOnce = Math.min(runs, Runtime.getRuntime().availableProcessors());
        Checks.checkMemory(LogisticWalkExperiment.estimateBytes(g.n(), gm.dimension(), gossip, atOnce),
                "--data " + data.text() + " (d = " + gm.dimension() + ") on the " + g.n() + " nodes of --graph " + graphOptions.spec(),
                "use a smaller d or graph, or give the JVM more with RWDP_JAVA_OPTS=-Xmx<size>");
        double work = LogisticWalkExperiment.work(g.n(), gm.dimension(), gossip, runs, updates, points);
        if (work > MAX_WORK) {
            throw new UserException(String.format(java.util.Locale.ROOT, "--runs x --T x (d + %.0f), the checkpoints and w* for"
                    + " --data %s on %d nodes = %.3g coordinate updates, more than 2e11 (about ten minutes); use a smaller --T,"
                    + " --runs or d", LogisticWalkExperiment.STEP_OVERHEAD, data.text(), g.n(), work));
        }
    }

    @Override
    public Map<String, String> optionDefaults() {
        return DEFAULTS;
    }

    /** Returns the algorithm name printed in the summary. */
    abstract String name();

    /** Returns the experiment layer's factory of this algorithm, validating its own options before w* is solved. */
    abstract Factory factory(GaussianMixture data, int nodes);

    /** Adds algorithm-specific keys. */
    void describe(Map<String, Object> out) {}

    @Override
    public Integer call() {
        Checks.checkSteps(updates, "--T");
        Checks.checkAtMost(updates, 1_000_000_000L, "--T", "a run of more updates takes longer than minutes");
        Checks.checkAtMost(runs, 10_000, "--runs", "more runs take longer than minutes");
        Checks.checkAtMost((long) runs * updates, 10_000_000_000L, "--runs x --T", "more updates take longer than minutes");
        Checks.checkAtMost(points, 100_000, "--points", "a trajectory of more points is not readable");
        Graph g = graphOptions.connectedGraph("a random walk cannot visit every node");
        GaussianMixture gm = data.mixture();
        SgdSettings settings = new SgdSettings(radius, q);
        if (updates < 1) {
            throw new UserException("--T must be >= 1, got " + updates);
        }
        if (runs < 1) {
            throw new UserException("--runs must be >= 1, got " + runs);
        }
        if (points < 2) {
            throw new UserException("--points must be >= 2, got " + points);
        }
        checkSize(g, gm);
        if (csvOption.path() != null && csvOption.path().toAbsolutePath().getParent() != null && !java.nio.file.Files.isDirectory(csvOption.path().toAbsolutePath().getParent())) {
            throw new UserException("cannot write " + csvOption.path() + ": its folder does not exist");
        }
        Factory factory = factory(gm, g.n());
        LogisticWalkExperiment experiment = LogisticWalkExperiment.on(graphOptions.spec().toString(), g, gm, settings);
        LogisticWalkExperiment.Runs r = experiment.run(factory, runs, updates, points, seedOption.seed());
        long[] cps = r.checkpoints();
        int c = cps.length;
        double[] it = r.meanIterate();
        double[] av = r.meanAverage();
        double sps = r.meanStepsPerSecond();
        if (csvOption.path() != null) {
            Outputs.write(csvOption.path(), w -> {
                w.write("updates,mean_error,mean_error_average\n");
                for (int k = 0; k < c; k++) {
                    w.write(cps[k] + "," + it[k] + "," + av[k] + "\n");
                }
            });
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("algorithm", name());
        out.put("graph", graphOptions.spec().toString());
        out.put("data", gm.label());
        out.put("n", g.n());
        out.put("d", gm.dimension());
        out.put("T", updates);
        out.put("q", q);
        out.put("radius", radius);
        out.put("runs", runs);
        out.put("seed", seedOption.seed());
        out.put("f_star", experiment.optimum().value());
        out.put("final_error", it[c - 1]);
        out.put("final_error_average", av[c - 1]);
        out.put("steps_per_second", sps);
        describe(out);
        Outputs.printJson(out);
        return 0;
    }

    /** {@code simulate uniform-rw}. */
    @Command(name = "uniform-rw", mixinStandardHelpOptions = true,
            description = "Uniform Random Walk SGD (Ayache et al., Alg. 1) on the §V logistic task; JSON summary on stdout;"
                + " --csv writes updates,mean_error,mean_error_average.")
    static final class Uniform extends RwSimulateCommand {
        @Override
        String name() {
            return "uniform-rw";
        }

        @Override
        Factory factory(GaussianMixture data, int nodes) {
            return LogisticWalkExperiment.factory(Algorithm.UNIFORM);
        }
    }

    /** {@code simulate weighted-rw}. */
    @Command(name = "weighted-rw", mixinStandardHelpOptions = true,
            description = "Weighted Random Walk SGD (Ayache et al., Alg. 2): walk ∝ L_i, gradient (L̄/L_i)∇f_i; JSON summary on stdout;"
                + " --csv writes updates,mean_error,mean_error_average.")
    static final class Weighted extends RwSimulateCommand {
        @Override
        String name() {
            return "weighted-rw";
        }

        @Override
        Factory factory(GaussianMixture data, int nodes) {
            return LogisticWalkExperiment.factory(Algorithm.WEIGHTED);
        }
    }

    /** {@code simulate private-weighted-rw}. */
    @Command(name = "private-weighted-rw", mixinStandardHelpOptions = true,
            description = {"Private Weighted Random Walk SGD (Ayache et al., Alg. 3): each node releases R(L_i) ~ Gamma(L_i/θ, θ)",
                "once; with --l-min/--l-max the truncated Gamma mechanism. JSON summary on stdout; --csv writes updates,mean_error,mean_error_average."})
    static final class PrivateGamma extends RwSimulateCommand {
        @Option(names = "--theta", defaultValue = "100", description = "Gamma noise θ > 0 (default: ${DEFAULT-VALUE}).")
        double theta;

        @Option(names = "--l-min", description = "Truncate releases below at L_min (with --l-max).")
        Double lMin;

        @Option(names = "--gradient-weights", defaultValue = "printed", paramLabel = "printed|released",
                description = {"printed: (L̄/L_i)∇f_i as in Alg. 3 (biased given the noise, see docs/ayache.md);",
                    "released: (R̄/R(L_i))∇f_i, unbiased for every draw (default: printed)."})
        PrivateWeightedRwSgd.GradientWeights gradientWeights;

        PrivateWeightedRwSgd.GradientWeights weights() {
            return gradientWeights;
        }

        @Option(names = "--l-max", description = "Truncate releases above at L_max (with --l-min).")
        Double lMax;

        GammaMechanism mechanism() {
            if ((lMin == null) != (lMax == null)) {
                throw new UserException("truncation needs both --l-min and --l-max");
            }
            if (lMin != null && !(lMin < lMax)) {
                throw new UserException("--l-min must be smaller than --l-max, got " + lMin + " >= " + lMax);
            }
            return lMin == null ? GammaMechanism.of(theta) : GammaMechanism.truncated(theta, lMin, lMax);
        }

        @Override
        String name() {
            return "private-weighted-rw";
        }

        @Override
        Factory factory(GaussianMixture data, int nodes) {
            return LogisticWalkExperiment.gamma(mechanism(), weights());
        }

        @Override
        void describe(Map<String, Object> out) {
            out.put("theta", theta);
            out.put("truncated", lMin != null);
            out.put("gradient_weights", gradientWeights.name().toLowerCase(java.util.Locale.ROOT));
        }
    }

    /** {@code simulate laplace-weighted-rw}. */
    @Command(name = "laplace-weighted-rw", mixinStandardHelpOptions = true,
            description = {"Alg. 3 with additive Laplace noise R(L_i) = max(floor, L_i + Laplace(b)) (Ayache et al., Fig. 3).",
                "--calibration pure: b = (max L − min L)/ε, (ε, 0)-LDP on the data's L range; variance: b = sqrt(θ L_i/2).",
                "JSON summary on stdout; --csv writes updates,mean_error,mean_error_average."})
    static final class Laplace extends RwSimulateCommand {
        /** How the Laplace scale b is set (Ayache et al., Fig. 3). */
        enum Calibration implements Labelled {
            /** b = (max L − min L)/ε: (ε, 0)-LDP on the data's L range. */
            PURE,
            /** b = sqrt(θ L_i/2): the Gamma mechanism's variance at θ. */
            VARIANCE;
        }

        @Option(names = "--calibration", defaultValue = "pure", paramLabel = "pure|variance", description = "pure or variance (default: pure).")
        Calibration calibration;

        @Option(names = "--epsilon", defaultValue = "3", description = "ε of the pure calibration (default: ${DEFAULT-VALUE}).")
        double epsilon;

        @Option(names = "--theta", defaultValue = "100", description = "θ of the variance calibration (default: ${DEFAULT-VALUE}).")
        double theta;

        LaplaceMechanism mechanism(double[] l) {
            double min = java.util.Arrays.stream(l).min().orElseThrow();
            double max = java.util.Arrays.stream(l).max().orElseThrow();
            return switch (calibration) {
                case PURE -> LaplaceMechanism.pure(epsilon, min, max, 1e-3 * min);
                case VARIANCE -> LaplaceMechanism.varianceMatched(theta, 1e-3 * min);
            };
        }

        @Override
        String name() {
            return "laplace-weighted-rw";
        }

        @Override
        Factory factory(GaussianMixture data, int nodes) {
            return LogisticWalkExperiment.laplace(mechanism(LogisticWalkExperiment.smoothness(data, nodes)));
        }

        @Override
        void describe(Map<String, Object> out) {
            out.put("calibration", calibration.label());
            out.put(calibration == Calibration.PURE ? "epsilon" : "theta", calibration == Calibration.PURE ? epsilon : theta);
        }
    }

    /** {@code simulate gossip}. */
    @Command(name = "gossip", mixinStandardHelpOptions = true,
            description = "Asynchronous gossip SGD [Ram et al.], the baseline of Ayache et al. §V (2 SGD updates per iteration); JSON summary on stdout;"
                + " --csv writes updates,mean_error,mean_error_average.")
    static final class Gossip extends RwSimulateCommand {
        @Override
        String name() {
            return "gossip";
        }

        @Override
        Factory factory(GaussianMixture data, int nodes) {
            return LogisticWalkExperiment.factory(Algorithm.GOSSIP);
        }
    }
}
