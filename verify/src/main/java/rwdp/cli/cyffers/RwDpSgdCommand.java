package rwdp.cli.cyffers;

import rwdp.cli.common.Labelled;
import rwdp.cli.common.CsvOutput;
import rwdp.model.GradientDescent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import rwdp.cli.common.InfinityAllowed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.algo.RwDpSgd;
import rwdp.cli.common.CommandDefaults;
import rwdp.cli.common.GraphOptions;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.SeedOption;
import rwdp.cli.common.WeightOptions;
import rwdp.check.Checks;
import rwdp.cli.common.UserException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.model.AveragingLoss;
import rwdp.model.LogisticLoss;
import rwdp.model.PerSampleLogistic;
import rwdp.model.PerSampleLoss;
import rwdp.model.Vectors;
import rwdp.random.Rngs;

/** {@code rwdp simulate rw-dp-sgd}: one run of RW DP-SGD (Cyffers et al., Algorithm 1). */
@Command(name = "rw-dp-sgd", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Run RW DP-SGD (Cyffers, Bellet & Upadhyay, Algorithm 1) on a synthetic task: per-sample clipping",
            "to norm C, Gaussian noise N(0, sigma^2 Delta^2 I) with Delta = 2C, constant step, optional burn-in and",
            "contribution cap (Remark 5). --csv writes t,node,objective,distance_squared every --every steps;",
            "stdout gets a JSON summary."})
public final class RwDpSgdCommand implements Callable<Integer>, CommandDefaults.Declared {
    /** Metropolis weights: symmetric and doubly stochastic, as the privacy accounting (Theorem 3) assumes. */
    private static final Map<String, String> DEFAULTS = Map.of("--weights", "metropolis");

    @Mixin
    GraphOptions graphOptions;

    @Mixin
    WeightOptions weightOptions;

    /** The synthetic task of the run. */
    enum Task implements Labelled {
        /** f_v(x) = ||x − y_v||², y_v ~ N(0, I_d). */
        AVERAGING,
        /** Ridge logistic regression on --samples synthetic points per node. */
        LOGISTIC;
    }

    @Option(names = "--task", paramLabel = "averaging|logistic", defaultValue = "averaging", description = {"averaging: f_v(x) = ||x - y_v||^2, y_v ~ N(0, I_d); logistic: ridge logistic regression on",
                "--samples synthetic points per node (default: averaging)."})
    Task task;

    @Option(names = "--T", paramLabel = "T", defaultValue = "10000", description = "Number of updates (default: ${DEFAULT-VALUE}).")
    long steps;

    @Option(names = "--sigma", paramLabel = "S", defaultValue = "1", description = "Noise multiplier sigma (default: ${DEFAULT-VALUE}).")
    double sigma;

    @InfinityAllowed
    @Option(names = "--clip", paramLabel = "C", defaultValue = "1",
            description = "Per-sample clipping norm C; 'inf' for none (then give --sensitivity) (default: ${DEFAULT-VALUE}).")
    double clip;

    @Option(names = "--sensitivity", paramLabel = "DELTA",
            description = "Sensitivity Delta (default 2C: a node's whole dataset may change).")
    Double sensitivity;

    @Option(names = "--gamma", paramLabel = "G", defaultValue = "0.01", description = "Constant step size (default: ${DEFAULT-VALUE}).")
    double gamma;

    @Option(names = "--burn-in", paramLabel = "B", defaultValue = "0",
            description = "Walk steps before the first update (default: ${DEFAULT-VALUE}).")
    long burnIn;

    @Option(names = "--cap", paramLabel = "K", description = "Contribution cap per node (Remark 5); none by default.")
    Long cap;

    @Option(names = "--dim", paramLabel = "D", defaultValue = "2", description = "Model dimension (default: ${DEFAULT-VALUE}).")
    int dim;

    @Option(names = "--samples", paramLabel = "M", defaultValue = "8",
            description = "Samples per node for the logistic task (default: ${DEFAULT-VALUE}).")
    int samples;

    @Option(names = "--ridge", paramLabel = "MU", defaultValue = "0.1",
            description = "Ridge coefficient of the logistic task (strong convexity) (default: ${DEFAULT-VALUE}).")
    double ridge;

    @Option(names = "--start", paramLabel = "V", defaultValue = "0", description = "Starting node (default: ${DEFAULT-VALUE}).")
    int start;

    @Mixin
    SeedOption seedOption;

    @Option(names = "--every", paramLabel = "K", defaultValue = "100",
            description = "Record the trajectory every K updates (default: ${DEFAULT-VALUE}).")
    long every;

    @Mixin
    CsvOutput csvOption;

    @Override
    public Map<String, String> optionDefaults() {
        return DEFAULTS;
    }

    @Override
    public Integer call() {
        String t = task.label();
        String minutes = "a longer run takes more than minutes";
        Checks.checkAtMost(steps, 1_000_000_000L, "--T", minutes);
        Checks.checkAtMost(burnIn, 1_000_000_000L, "--burn-in", minutes);
        Checks.checkAtMost(dim, 100_000, "--dim", "larger models do not fit in memory");
        Checks.checkAtMost(samples, 1_000_000, "--samples", "more samples per node do not fit in memory");
        if (dim < 1 || samples < 1 || every < 1) {
            throw new UserException("--dim, --samples and --every must be >= 1");
        }
        // An update clips the gradient of every sample of the node it visits: --samples x --dim multiply-adds.
        double work = (double) steps * (t.equals("logistic") ? samples : 1) * dim;
        if (work > 2e11) {
            throw new UserException(String.format(Locale.ROOT, "--T x --samples x --dim = %.3g multiply-adds, more than 2e11"
                    + " (about ten minutes); use a smaller --T, --samples or --dim", work));
        }
        if (!(ridge >= 0)) {
            throw new UserException("--ridge must be >= 0, got " + ridge);
        }
        if (csvOption.path() != null) {
            Path parent = csvOption.path().toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new UserException("cannot write " + csvOption.path() + ": folder " + parent + " does not exist");
            }
        }
        Graph g = graphOptions.connectedGraph("the walk cannot reach every node");
        // The data (one point per node, or --samples points of --dim features per node) and the
        // trajectory kept in memory until written (about 60 characters a row).
        double points = t.equals("logistic") ? (double) g.n() * samples : g.n();
        double rows = steps / (double) every + 2;
        Checks.checkMemory(points * (8.0 * dim + 24) + 2 * 60 * rows, String.format(Locale.ROOT,
                "--task %s on the %d nodes of --graph %s (%.3g points of --dim %d) with %.3g trajectory rows (--T / --every)",
                t, g.n(), graphOptions.spec(), points, dim, rows), "use a smaller graph, --samples or --dim, or a larger --every");
        TransitionMatrix w = weightOptions.matrix(g);
        if (start < 0 || start >= g.n()) {
            throw new UserException("--start must be in 0.." + (g.n() - 1) + ", got " + start);
        }
        RwDpSgd.Config cfg = new RwDpSgd.Config(steps, sigma, clip, sensitivity == null ? Double.NaN : sensitivity, gamma,
                start, burnIn, cap == null ? Long.MAX_VALUE : cap);
        SplittableRandom data = Rngs.stream(seedOption.seed(), 0);
        PerSampleLoss loss = t.equals("averaging") ? averaging(g.n(), data) : logistic(g.n(), data);
        double[] xStar = GradientDescent.minimiser(loss);
        RwDpSgd run = new RwDpSgd(loss, w, new double[dim], cfg, Rngs.stream(seedOption.seed(), 1));
        StringBuilder traj = new StringBuilder("t,node,objective,distance_squared\n");
        traj.append(row(run, loss, xStar));
        while (run.time() < steps) {
            run.step();
            if (run.time() % every == 0 || run.time() == steps) {
                traj.append(row(run, loss, xStar));
            }
        }
        long maxC = 0;
        for (long k : run.contributions()) {
            maxC = Math.max(maxC, k);
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("task", t);
        out.put("n", g.n());
        out.put("dim", dim);
        out.put("T", steps);
        out.put("gamma", gamma);
        out.put("sigma", sigma);
        // JSON has no infinity: no clipping is echoed as the word the option takes.
        out.put("clip", Double.isFinite(clip) ? (Object) clip : "inf");
        out.put("sensitivity", cfg.sensitivity());
        out.put("noise_std", cfg.noiseStd());
        out.put("final_objective", loss.average(run.model()));
        out.put("optimal_objective", loss.average(xStar));
        out.put("final_distance_squared", Vectors.distanceSquared(run.model(), xStar));
        out.put("contributions_mean", (double) steps / g.n());
        out.put("contributions_max", maxC);
        out.put("weights", w.name());
        out.put("seed", seedOption.seed());
        if (csvOption.path() != null) {
            Outputs.write(csvOption.path(), wr -> wr.write(traj.toString()));
            out.put("csv", csvOption.path().toString());
        }
        Outputs.printJson(out);
        return 0;
    }

    private static String row(RwDpSgd run, PerSampleLoss loss, double[] xStar) {
        return run.time() + "," + run.node() + "," + loss.average(run.model()) + ","
                + Vectors.distanceSquared(run.model(), xStar) + "\n";
    }

    private PerSampleLoss averaging(int n, SplittableRandom rng) {
        double[][] y = new double[n][dim];
        for (double[] yv : y) {
            for (int j = 0; j < dim; j++) {
                yv[j] = rng.nextGaussian();
            }
        }
        return new AveragingLoss(y);
    }

    private PerSampleLoss logistic(int n, SplittableRandom rng) {
        double[] truth = new double[dim];
        for (int j = 0; j < dim; j++) {
            truth[j] = rng.nextGaussian();
        }
        double[][][] x = new double[n][samples][dim];
        double[][] y = new double[n][samples];
        for (int v = 0; v < n; v++) {
            for (int s = 0; s < samples; s++) {
                for (int j = 0; j < dim; j++) {
                    x[v][s][j] = rng.nextGaussian();
                }
                // Normalised points, as in the paper's experiments (features scaled to unit norm).
                double norm = Vectors.norm(x[v][s]);
                Vectors.scale(1 / Math.max(norm, 1e-12), x[v][s]);
                y[v][s] = Vectors.dot(truth, x[v][s]) + 0.3 * rng.nextGaussian() > 0 ? 1 : -1;
            }
        }
        return new PerSampleLogistic(new LogisticLoss(x, y, 1, ridge));
    }

}
