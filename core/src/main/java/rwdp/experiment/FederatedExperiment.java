package rwdp.experiment;

import java.nio.file.Path;
import java.util.Locale;
import java.util.SplittableRandom;
import rwdp.algo.federated.ClassifierObjective;
import rwdp.algo.federated.DFedRW;
import rwdp.algo.federated.FederatedAlgorithms;
import rwdp.algo.federated.StragglerModel;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.algo.federated.TrainingTrace;
import rwdp.data.ClassificationCsv;
import rwdp.data.FashionMnist;
import rwdp.data.GaussianMixtureData;
import rwdp.data.LabelSkewPartition;
import rwdp.data.LabeledData;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.model.ClassifierModel;
import rwdp.model.ClassifierModels;
import rwdp.model.MultiLayerPerceptron;
import rwdp.model.SoftmaxRegression;
import rwdp.model.TwoLayerPerceptron;
import rwdp.random.Rngs;

/**
 * One classification experiment of Wang et al., §VI, wired from plain parameters: data
 * (synthetic Gaussian mixture or a CSV file), label-skew split, model, graph and walk weights,
 * schedule and stragglers. Shared by the claims and by {@code rwdp simulate}.
 *
 * @param graphSpec   graph SPEC (the paper: 20 devices; we default to complete:20)
 * @param weights     walk weights (the paper: mh-uniform, eq. (7))
 * @param data        {@code synthetic}, {@code file:PATH} (CSV: label first, then features) or
 *                    {@code fashion-mnist[:DIR]} (the Debian package's files, or those under a data root DIR)
 * @param partition   {@code iid}, {@code shards:u} (u ∈ [0,1] similarity, 4 shards per class) or {@code dirichlet:alpha}
 * @param model       {@code softmax}, {@code mlp:H[,H2...]} (ReLU hidden layers), {@code 2fnn} or {@code 3fnn} (§VI-A)
 * @param dimension   features of the synthetic set
 * @param classes     classes of the synthetic set
 * @param separation  norm of the synthetic class means
 * @param train       training samples (synthetic; for Fashion-MNIST a seeded subset when below 60,000)
 * @param test        test samples (synthetic; for Fashion-MNIST a seeded subset when below 10,000; a file is split 80/20)
 * @param batch       mini-batch size B
 * @param schedule    the shared schedule
 * @param stragglers  share h of straggling walks / devices
 */
public record FederatedExperiment(String graphSpec, String weights, String data, String partition, String model,
                                  int dimension, int classes, double separation, int train, int test, int batch,
                                  TrainingSchedule schedule, double stragglers) {

    /** The wired objects of an experiment. */
    public record Setup(Graph graph, TransitionMatrix walk, ClassifierObjective objective, LabeledData trainData,
                        LabeledData testData, ClassifierModel evalModel) {
        /** Returns the evaluator {accuracy, loss} on the test set. */
        public TrainingTrace.Evaluator evaluator() {
            ClassifierModel m = evalModel.copy();
            return w -> m.accuracyAndLoss(w, testData);
        }
    }

    /** The algorithm names of {@link #run}. */
    public static final String ALGORITHMS = FederatedAlgorithms.names();

    /** Returns the §VI-B-like default: 20 devices, 10 classes, K = 5, M = 5, 25% aggregation, η = 1/(5 k̄^0.499). */
    public static FederatedExperiment defaults() {
        return new FederatedExperiment("complete:20", "mh-uniform", "synthetic", "dirichlet:0.1", "softmax",
                20, 10, 3.0, 4000, 1000, 50,
                new TrainingSchedule(60, 5, 5, 0.25, 5, 0.499, Double.POSITIVE_INFINITY, 1), 0);
    }

    /** Returns this experiment with another partition. */
    public FederatedExperiment withPartition(String p) {
        return new FederatedExperiment(graphSpec, weights, data, p, model, dimension, classes, separation, train, test, batch, schedule, stragglers);
    }

    /** Returns this experiment with another straggler share. */
    public FederatedExperiment withStragglers(double h) {
        return new FederatedExperiment(graphSpec, weights, data, partition, model, dimension, classes, separation, train, test, batch, schedule, h);
    }

    /** Returns this experiment with another schedule. */
    public FederatedExperiment withSchedule(TrainingSchedule s) {
        return new FederatedExperiment(graphSpec, weights, data, partition, model, dimension, classes, separation, train, test, batch, s, stragglers);
    }

    /** Returns this experiment with another model. */
    public FederatedExperiment withModel(String m) {
        return new FederatedExperiment(graphSpec, weights, data, partition, m, dimension, classes, separation, train, test, batch, schedule, stragglers);
    }

    /** Returns the wired setup; data and split are drawn from {@code dataSeed}. */
    public Setup build(long dataSeed) {
        Graph g = GraphSpec.parse(graphSpec);
        if (!g.isConnected()) {
            throw new rwdp.check.InvalidArgumentException("graph " + graphSpec + " is not connected");
        }
        TransitionMatrix p = WeightScheme.parse(weights).build(g);
        LabeledData trainData;
        LabeledData testData;
        SplittableRandom rng = Rngs.root(Rngs.derive(dataSeed, "data"));
        if (data.equals("synthetic")) {
            GaussianMixtureData gen = new GaussianMixtureData(dimension, classes, separation, Rngs.derive(dataSeed, "means"));
            trainData = gen.sample(train, rng);
            testData = gen.sample(test, rng);
        } else if (data.startsWith("file:")) {
            LabeledData all = ClassificationCsv.read(Path.of(data.substring(5)));
            int[][] halves = LabelSkewPartition.iid(all, 5, rng);
            trainData = subset(all, halves, 0, 4);
            testData = subset(all, halves, 4, 5);
        } else if (data.equals("fashion-mnist") || data.startsWith("fashion-mnist:")) {
            Path root = data.length() > 14 ? Path.of(data.substring(14)) : null;
            FashionMnist fm = FashionMnist.load(root);
            trainData = subsample(fm.train(), train, rng);
            testData = subsample(fm.test(), test, rng);
        } else {
            throw new rwdp.check.InvalidArgumentException("unknown data '" + data + "'; expected synthetic, file:PATH or fashion-mnist[:DIR]");
        }
        int[][] split = split(trainData, g.n(), rng);
        ClassifierModel m = model(trainData, g.n());
        return new Setup(g, p, new ClassifierObjective(m, trainData, split, batch), trainData, testData, m.copy());
    }

    private int[][] split(LabeledData d, int n, SplittableRandom rng) {
        String p = partition.strip().toLowerCase(Locale.ROOT);
        try {
            if (p.equals("iid")) {
                return LabelSkewPartition.iid(d, n, rng);
            }
            if (p.startsWith("shards")) {
                double u = p.contains(":") ? Double.parseDouble(p.substring(p.indexOf(':') + 1)) : 0;
                return LabelSkewPartition.shards(d, n, u, shardsPerClass(d.classes(), n), rng);
            }
            if (p.startsWith("dirichlet:")) {
                return LabelSkewPartition.dirichlet(d, n, Double.parseDouble(p.substring(10)), rng);
            }
        } catch (NumberFormatException e) {
            throw new rwdp.check.InvalidArgumentException("cannot read the number in partition '" + partition + "'");
        }
        throw new rwdp.check.InvalidArgumentException("unknown partition '" + partition + "'; expected iid, shards:u or dirichlet:alpha");
    }

    /** Returns the shards per class giving every device two shards when possible (§VI-A: 10 classes, 20 devices, 4). */
    static int shardsPerClass(int classes, int devices) {
        for (int s = 1; s <= 4 * devices; s++) {
            if ((classes * s) % devices == 0 && classes * s >= 2 * devices) {
                return s;
            }
        }
        return devices;
    }

    /**
     * Returns the model of this experiment on {@code d}, its size checked first: the parameter
     * vectors of {@code devices} devices (three each: start, last and next) and of the walks, and
     * a batch's activations, must fit in the heap.
     */
    private ClassifierModel model(LabeledData d, int devices) {
        int[] sizes = ClassifierModels.layers(model, d.dimension(), d.classes());
        ClassifierModels.checkFits(sizes, 3.0 * devices + schedule.walks() + MODEL_BUFFERS, batch, "model " + model.strip());
        String m = model.strip().toLowerCase(Locale.ROOT);
        if (m.equals("softmax")) {
            return new SoftmaxRegression(d.dimension(), d.classes());
        }
        if (m.equals("2fnn") || m.equals("3fnn")) {
            return m.equals("2fnn") ? MultiLayerPerceptron.twoFnn() : MultiLayerPerceptron.threeFnn();
        }
        if (m.contains(",")) {
            return new MultiLayerPerceptron(sizes);
        }
        return new TwoLayerPerceptron(sizes[0], sizes[1], sizes[2]);
    }

    /** Parameter vectors an algorithm holds besides the devices' and walks' models (gradients, averages, differences). */
    static final int MODEL_BUFFERS = 12;

    /** Returns {@code all} when {@code size} covers it, else {@code size} rows drawn without replacement (partial Fisher-Yates). */
    public static LabeledData subsample(LabeledData all, int size, SplittableRandom rng) {
        if (size < 1) {
            throw new rwdp.check.InvalidArgumentException("need at least one sample, got " + size);
        }
        if (size >= all.size()) {
            return all;
        }
        int[] idx = new int[all.size()];
        for (int i = 0; i < idx.length; i++) {
            idx[i] = i;
        }
        double[][] x = new double[size][];
        int[] y = new int[size];
        for (int i = 0; i < size; i++) {
            int j = i + rng.nextInt(idx.length - i);
            int t = idx[i];
            idx[i] = idx[j];
            idx[j] = t;
            x[i] = all.features()[idx[i]];
            y[i] = all.labels()[idx[i]];
        }
        return new LabeledData(x, y, all.classes());
    }

    private static LabeledData subset(LabeledData all, int[][] parts, int from, int to) {
        int size = 0;
        for (int k = from; k < to; k++) {
            size += parts[k].length;
        }
        double[][] x = new double[size][];
        int[] y = new int[size];
        int r = 0;
        for (int k = from; k < to; k++) {
            for (int idx : parts[k]) {
                x[r] = all.features()[idx];
                y[r++] = all.labels()[idx];
            }
        }
        return new LabeledData(x, y, all.classes());
    }

    /**
     * Returns the multiply-adds a run on {@code setup} takes, about: per round, the K·M·B
     * per-sample gradients of the walks, one evaluation of the test set and the aggregation over
     * the drawn neighbourhoods, each costing one pass over the parameters.
     */
    public double work(Setup setup) {
        double p = setup.objective().dimension();
        double perRound = (double) schedule.steps() * schedule.walks() * batch + setup.testData().size()
                / (double) schedule.evalEvery() + setup.graph().n() + 2.0 * setup.graph().edgeCount() * schedule.aggregationFraction();
        return schedule.rounds() * perRound * p;
    }

    /** Returns the trace of {@code algorithm} on {@code setup}, run seeded {@code seed}; quantiser bits for qdfedrw. */
    public TrainingTrace run(Setup setup, String algorithm, int bits, long seed) {
        return run(setup, algorithm, bits, false, seed);
    }

    /** Returns the trace of {@code algorithm}; {@code corrected} selects the corrected QDFedRW (see {@link DFedRW}). */
    public TrainingTrace run(Setup setup, String algorithm, int bits, boolean corrected, long seed) {
        return run(setup, FederatedAlgorithms.parse(algorithm), bits, corrected, seed);
    }

    /** Returns the trace of {@code algorithm} on {@code setup}, run seeded {@code seed}; bits and corrected for QDFedRW. */
    public TrainingTrace run(Setup setup, FederatedAlgorithms algorithm, int bits, boolean corrected, long seed) {
        StragglerModel h = new StragglerModel(stragglers);
        TrainingTrace.Evaluator ev = setup.evaluator();
        return algorithm.create(setup.walk(), setup.graph(), setup.objective(), schedule, h, bits, corrected).run(seed, ev);
    }
}
