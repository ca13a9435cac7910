package rwdp.cli.dfedrw;

import rwdp.cli.common.InputFolder;
import rwdp.cli.common.CsvOutput;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import rwdp.cli.common.InfinityAllowed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.algo.federated.FederatedAlgorithms;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.algo.federated.TrainingTrace;
import rwdp.experiment.FederatedExperiment;
import rwdp.cli.common.CommandDefaults;
import rwdp.cli.common.GraphOptions;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.SeedOption;
import rwdp.cli.common.WeightOptions;
import rwdp.check.Checks;
import rwdp.data.DataSource;
import rwdp.data.Partition;
import rwdp.model.ModelSpec;
import rwdp.cli.common.UserException;

/**
 * {@code rwdp simulate dfedrw | qdfedrw | fedavg | dfedavg | dsgd}: one algorithm of Wang et al.
 * (IEEE TMC 2025, arXiv:2508.21286) on a label-skewed classification task; CSV trajectory and a JSON summary.
 */
public abstract class FederatedSimulateCommand implements Callable<Integer>, CommandDefaults.Declared {
    /** The paper's 20 devices (on the complete graph: the paper names no topology) walking by eq. (7)'s weights. */
    private static final Map<String, String> DEFAULTS = Map.of("--graph", "complete:20", "--weights", "mh-uniform");

    @Mixin
    GraphOptions graphOptions;

    @Mixin
    WeightOptions weightOptions;

    @Option(names = "--data", defaultValue = "synthetic",
            description = {"synthetic (a seeded Gaussian mixture, no download), fashion-mnist (the paper's data set, from the",
                "Debian package dataset-fashion-mnist) or file:PATH (CSV: label,feature,...; split 80/20 into train/test)",
                "(default: ${DEFAULT-VALUE}). The defaults are the paper's federated schedule (Dirichlet 0.1, step 1/(5 k^0.499)), which",
                "leaves a Fashion-MNIST network under-trained in 50 rounds (2fnn: 0.66 accuracy, where central training reaches",
                "about 0.85); --partition iid and more --rounds train further (2fnn, IID, 200 rounds: 0.75), as the step decays like k^-0.5."})
    DataSource data;

    @Option(names = "--data-dir", paramLabel = "DIR",
            description = {"Data root for fashion-mnist instead of /usr/share/datasets (a folder holding the files, or one",
                "where the .deb was unpacked with dpkg-deb -x); default: $RWDP_DATA when set."})
    InputFolder dataDir;

    @Option(names = "--partition", defaultValue = "dirichlet:0.1",
            description = "iid, shards:u (u in [0,1] IID share, the rest dealt as label shards) or dirichlet:alpha (default: ${DEFAULT-VALUE}).")
    Partition partition;

    @Option(names = "--model", defaultValue = "softmax",
            description = {"softmax, mlp:H[,H2...] (ReLU hidden layers of H units), 2fnn (784-100-10) or 3fnn (784-200-200-10),",
                "the last two Wang et al.'s networks for fashion-mnist (default: ${DEFAULT-VALUE})."})
    ModelSpec model;

    @Option(names = "--dimension", defaultValue = "20", description = "Features of the synthetic set (default: ${DEFAULT-VALUE}).")
    int dimension;

    @Option(names = "--classes", defaultValue = "10", description = "Classes of the synthetic set (default: ${DEFAULT-VALUE}).")
    int classes;

    @Option(names = "--separation", defaultValue = "3", description = "Norm of the synthetic class means (default: ${DEFAULT-VALUE}).")
    double separation;

    @Option(names = "--train", description = "Training samples: synthetic (default 4000), or a seeded subset of fashion-mnist (default all 60000).")
    Integer train;

    @Option(names = "--test", description = "Test samples: synthetic (default 1000), or a seeded subset of fashion-mnist (default all 10000).")
    Integer test;

    @Option(names = "--batch", defaultValue = "50", description = "Mini-batch size (default: ${DEFAULT-VALUE}).")
    int batch;

    @Option(names = "--rounds", defaultValue = "50", description = "Communication rounds T (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--K", defaultValue = "5", description = "Walk / local steps per round K; dsgd uses 1 (default: ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--M", defaultValue = "5", description = "Parallel walks / selected devices per round M (default: ${DEFAULT-VALUE}).")
    int walks;

    @Option(names = "--aggregation", defaultValue = "0.25",
            description = "Share of a device's closed neighbourhood aggregated each round, N_A(i) (default: ${DEFAULT-VALUE}).")
    double aggregation;

    @Option(names = "--R", defaultValue = "5", description = "Step size eta = 1/(R k^q): R (default: ${DEFAULT-VALUE}).")
    double rate;

    @Option(names = "--q", defaultValue = "0.499", description = "Step size eta = 1/(R k^q): q (default: ${DEFAULT-VALUE}).")
    double decay;

    @InfinityAllowed
    @Option(names = "--radius", defaultValue = "Infinity", description = "Radius of the feasible ball W (default: ${DEFAULT-VALUE}, no projection).")
    double radius;

    @Option(names = "--stragglers", defaultValue = "0",
            description = "Probability h that a walk / selected device straggles in a round (default: ${DEFAULT-VALUE}).")
    double stragglers;

    @Option(names = "--target", defaultValue = "0.8", description = "Accuracy whose first round and bits are reported (default: ${DEFAULT-VALUE}).")
    double target;

    @Mixin
    SeedOption seedOption;

    @Mixin
    CsvOutput csvOption;

    /** The most multiply-adds a run may take: about half an hour at 10^9 a second. */
    static final double MAX_WORK = 2e12;

    @Override
    public Map<String, String> optionDefaults() {
        return DEFAULTS;
    }

    /** Returns the algorithm this subcommand runs. */
    abstract FederatedAlgorithms algorithm();

    /** Returns the quantiser bits (qdfedrw only). */
    int bits() {
        return 0;
    }

    /** Returns whether the corrected QDFedRW runs (qdfedrw only). */
    boolean corrected() {
        return false;
    }

    @Override
    public Integer call() {
        if (!(target >= 0 && target <= 1)) {
            throw new UserException("--target must be an accuracy in [0, 1], got " + target);
        }
        // Fashion-MNIST named without a folder takes its own defaults and --data-dir; fashion-mnist:DIR is read as given.
        boolean real = data.equals(DataSource.fashionMnist(null));
        // --train/--test default by data set; resolved before the checks, which read them.
        int nTrain = train != null ? train : real ? 60000 : 4000;
        int nTest = test != null ? test : real ? 10000 : 1000;
        String minutes = "a larger run takes longer than minutes";
        if (dataDir != null && !real) {
            throw new UserException("--data-dir applies to --data fashion-mnist only");
        }
        Checks.checkAtMost(nTrain, 10_000_000, "--train", "more samples do not fit in memory");
        Checks.checkAtMost(nTest, 10_000_000, "--test", "more samples do not fit in memory");
        Checks.checkAtMost(dimension, 100_000, "--dimension", "larger models do not fit in memory");
        Checks.checkAtMost(classes, 10_000, "--classes", "larger models do not fit in memory");
        Checks.checkAtMost(rounds, 1_000_000, "--rounds", minutes);
        Checks.checkAtMost(steps, 100_000, "--K", minutes);
        Checks.checkAtMost(batch, Math.max(1, nTrain), "--batch", "a batch is drawn from the training set");
        Checks.checkMemory(8.0 * ((double) nTrain + nTest) * Math.max(1, dimension) + 8.0 * Math.max(1, dimension) * Math.max(1, classes)
                * Math.max(1, walks) * 4, "--train/--test x --dimension", "use fewer samples or a smaller --dimension");
        double work = (double) Math.max(1, rounds) * Math.max(1, steps) * Math.max(1, walks) * Math.max(1, batch)
                * Math.max(1, dimension) * Math.max(1, classes);
        if (work > MAX_WORK) {
            throw new UserException(String.format(java.util.Locale.ROOT, "--rounds x --K x --M x --batch x --dimension x --classes"
                    + " = %.3g multiply-adds, more than 2e12 (hours); use smaller values", work));
        }
        FederatedAlgorithms alg = algorithm();
        TrainingSchedule s = new TrainingSchedule(rounds, alg == FederatedAlgorithms.DSGD ? 1 : steps, walks, aggregation, rate, decay,
                radius, 1);
        DataSource source = real && dataDir != null ? DataSource.fashionMnist(dataDir.path()) : data;
        FederatedExperiment e = new FederatedExperiment(graphOptions.spec(), weightOptions.scheme(), nodeWeights(), source, partition, model, dimension, classes, separation,
                nTrain, nTest, batch, s, stragglers);
        if (!(stragglers >= 0 && stragglers <= 1)) {
            throw new UserException("--stragglers must be in [0, 1], got " + stragglers);
        }
        FederatedExperiment.Setup setup = e.build(seedOption.seed());
        double modelWork = e.work(setup);
        if (modelWork > MAX_WORK) {
            throw new UserException(String.format(java.util.Locale.ROOT, "--rounds x (--K x --M x --batch + test samples)"
                    + " x the %d parameters of --model %s = %.3g multiply-adds, more than 2e12 (hours); use a smaller model or"
                    + " fewer rounds", setup.objective().dimension(), model, modelWork));
        }
        if (bits() != 0) {
            rwdp.quantize.StochasticQuantizer.finest(bits());
        }
        TrainingTrace t = e.run(setup, alg, bits(), corrected(), seedOption.seed());
        if (csvOption.path() != null) {
            Outputs.write(csvOption.path(), w -> {
                w.write("round,accuracy,loss,bits\n");
                int[] rounds = t.rounds();
                double[] accuracy = t.accuracy();
                double[] loss = t.loss();
                long[] bits = t.bits();
                for (int k = 0; k < rounds.length; k++) {
                    w.write(String.format(Locale.ROOT, "%d,%.6f,%.6f,%d%n", rounds[k], accuracy[k], loss[k], bits[k]));
                }
            });
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("algorithm", t.algorithm());
        out.put("devices", setup.graph().n());
        out.put("parameters", setup.objective().dimension());
        out.put("rounds", rounds);
        out.put("final_accuracy", t.finalAccuracy());
        out.put("final_loss", t.loss()[t.loss().length - 1]);
        out.put("best_accuracy", java.util.Arrays.stream(t.accuracy()).max().orElse(Double.NaN));
        int rt = t.roundsToAccuracy(target);
        out.put("rounds_to_target", rt < 0 ? "not reached" : (Object) rt);
        long bt = t.bitsToAccuracy(target);
        out.put("bits_to_target", bt < 0 ? "not reached" : (Object) bt);
        out.put("total_bits", t.bits()[t.bits().length - 1]);
        out.put("gradient_steps", t.gradientSteps());
        out.put("ms_per_round", t.nanos() / 1e6 / rounds);
        Outputs.printJson(out);
        return 0;
    }

    private java.util.List<Double> nodeWeights() {
        double[] l = weightOptions.nodeWeights();
        return l == null ? java.util.List.of() : java.util.Arrays.stream(l).boxed().toList();
    }

    /** DFedRW, Algorithm 1. */
    @Command(name = "dfedrw", mixinStandardHelpOptions = true,
            description = {"DFedRW (Wang et al., Algorithm 1).",
                "M parallel random walks of K projected SGD steps per round, stragglers keep their partial walks,",
                "then decentralised weighted aggregation (eq. 11).",
                "Prints a JSON summary; --csv FILE writes the per-round trajectory: round,accuracy,loss,bits."})
    public static final class Dfedrw extends FederatedSimulateCommand {
        @Override
        FederatedAlgorithms algorithm() {
            return FederatedAlgorithms.DFEDRW;
        }
    }

    /** QDFedRW, Algorithm 2. */
    @Command(name = "qdfedrw", mixinStandardHelpOptions = true,
            description = {"Quantised DFedRW (Wang et al., Algorithm 2).",
                "Walk hops and aggregation send b-bit stochastic quantisations (eq. 12) of model differences",
                "(eq. 13-14); 64 + b d bits per message."})
    public static final class Qdfedrw extends FederatedSimulateCommand {
        @Option(names = "--bits", defaultValue = "8", description = "Quantiser bits b in 2..32, step s = 1/(2^(b-1)-1) (default: ${DEFAULT-VALUE}).")
        int quantBits;

        @Option(names = "--corrected",
                description = {"Aggregate sum (n_l/m)(w_l + Q(w_l^last - w_l)) instead of eq. (14) as printed (w_i + sum (n_l/m) Q(...)),",
                    "and project reconstructions onto W; as printed the devices never reach consensus (see docs/dfedrw.md)."})
        boolean fix;

        @Override
        FederatedAlgorithms algorithm() {
            return FederatedAlgorithms.QDFEDRW;
        }

        @Override
        int bits() {
            return quantBits;
        }

        @Override
        boolean corrected() {
            return fix;
        }
    }

    /** FedAvg baseline. */
    @Command(name = "fedavg", mixinStandardHelpOptions = true,
            description = {"FedAvg baseline (Wang et al., §VI-B).",
                "A server averages M devices' K local steps; stragglers are dropped."})
    public static final class Fedavg extends FederatedSimulateCommand {
        @Override
        FederatedAlgorithms algorithm() {
            return FederatedAlgorithms.FEDAVG;
        }
    }

    /** DFedAvg baseline. */
    @Command(name = "dfedavg", mixinStandardHelpOptions = true,
            description = {"DFedAvg baseline (Wang et al., §VI-B).",
                "M devices make K local steps, then decentralised aggregation (eq. 11); stragglers are dropped."})
    public static final class Dfedavg extends FederatedSimulateCommand {
        @Override
        FederatedAlgorithms algorithm() {
            return FederatedAlgorithms.DFEDAVG;
        }
    }

    /** DSGD baseline. */
    @Command(name = "dsgd", mixinStandardHelpOptions = true,
            description = {"DSGD baseline (Wang et al., §VI-B).",
                "M devices make one SGD step, then decentralised aggregation (eq. 11)."})
    public static final class Dsgd extends FederatedSimulateCommand {
        @Override
        FederatedAlgorithms algorithm() {
            return FederatedAlgorithms.DSGD;
        }
    }
}
