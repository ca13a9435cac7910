package rwdp.experiment;

import java.util.List;
import java.util.SplittableRandom;
import rwdp.algo.federated.ClassifierObjective;
import rwdp.algo.federated.DFedRW;
import rwdp.algo.federated.FederatedAlgorithms;
import rwdp.algo.federated.StragglerModel;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.algo.federated.TrainingTrace;
import rwdp.data.DataSource;
import rwdp.data.LabeledData;
import rwdp.data.Partition;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.model.ClassifierModel;
import rwdp.model.ModelSpec;
import rwdp.random.Rngs;

/**
 * One classification experiment of Wang et al., §VI, wired from plain parameters: data
 * (synthetic Gaussian mixture, a CSV file or Fashion-MNIST), label-skew split, model, graph and walk weights,
 * schedule and stragglers. Shared by the claims and by {@code rwdp simulate}.
 *
 * @param graph       the communication graph (the paper: 20 devices; we default to complete:20)
 * @param weights     walk weights (the paper: mh-uniform, eq. (7))
 * @param nodeWeights the L_i of mh-weighted weights, one per node; empty for every other scheme
 * @param data        the synthetic mixture, a CSV file (label first, then features) or Fashion-MNIST
 *                    (the Debian package's files, or those under a data root)
 * @param partition   the label-skew split over the devices: IID, shards (u ∈ [0,1] similarity) or Dirichlet(α_d)
 * @param model       softmax, a ReLU perceptron, or the 2FNN / 3FNN of §VI-A
 * @param dimension   features of the synthetic set
 * @param classes     classes of the synthetic set
 * @param separation  norm of the synthetic class means
 * @param train       training samples (synthetic; for Fashion-MNIST a seeded subset when below 60,000)
 * @param test        test samples (synthetic; for Fashion-MNIST a seeded subset when below 10,000; a file is split 80/20)
 * @param batch       mini-batch size B
 * @param schedule    the shared schedule
 * @param stragglers  share h of straggling walks / devices
 */
public record FederatedExperiment(GraphSpec graph, WeightScheme weights, List<Double> nodeWeights, DataSource data, Partition partition, ModelSpec model,
                                  int dimension, int classes, double separation, int train, int test, int batch,
                                  TrainingSchedule schedule, double stragglers) {
    /** Copies the node weights: a value does not change under its caller. @throws NullPointerException when a part is missing */
    public FederatedExperiment {
        nodeWeights = List.copyOf(nodeWeights);
        java.util.Objects.requireNonNull(data, "data");
        java.util.Objects.requireNonNull(partition, "partition");
        java.util.Objects.requireNonNull(model, "model");
    }

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
        return new FederatedExperiment(GraphSpec.complete(20), WeightScheme.of(WeightScheme.Kind.MH_UNIFORM), List.of(), DataSource.synthetic(),
                Partition.dirichlet(0.1), ModelSpec.softmax(),
                20, 10, 3.0, 4000, 1000, 50,
                new TrainingSchedule(60, 5, 5, 0.25, 5, 0.499, Double.POSITIVE_INFINITY, 1), 0);
    }

    /** Returns this experiment with another partition. */
    public FederatedExperiment withPartition(Partition p) {
        return new FederatedExperiment(graph, weights, nodeWeights, data, p, model, dimension, classes, separation, train, test, batch, schedule, stragglers);
    }

    /** Returns this experiment with another straggler share. */
    public FederatedExperiment withStragglers(double h) {
        return new FederatedExperiment(graph, weights, nodeWeights, data, partition, model, dimension, classes, separation, train, test, batch, schedule, h);
    }

    /** Returns this experiment with another schedule. */
    public FederatedExperiment withSchedule(TrainingSchedule s) {
        return new FederatedExperiment(graph, weights, nodeWeights, data, partition, model, dimension, classes, separation, train, test, batch, s, stragglers);
    }

    /** Returns this experiment with another model. */
    public FederatedExperiment withModel(ModelSpec m) {
        return new FederatedExperiment(graph, weights, nodeWeights, data, partition, m, dimension, classes, separation, train, test, batch, schedule, stragglers);
    }

    /**
     * Returns the wired setup; data and split are drawn from {@code dataSeed}.
     *
     * @throws rwdp.check.InvalidArgumentException when the graph is not connected, the data cannot be read or split over
     *                                             its nodes, or the model does not fit the data or the heap
     */
    public Setup build(long dataSeed) {
        Graph g = graph.build();
        if (!g.isConnected()) {
            throw new rwdp.check.InvalidArgumentException("graph " + graph + " is not connected");
        }
        TransitionMatrix p = weights.build(g, nodeWeights.isEmpty() ? null : nodeWeights.stream().mapToDouble(Double::doubleValue).toArray());
        SplittableRandom rng = Rngs.root(Rngs.derive(dataSeed, "data"));
        DataSource.Sets sets = data.load(dimension, classes, separation, train, test, Rngs.derive(dataSeed, "means"), rng);
        LabeledData trainData = sets.train();
        int[][] split = partition.split(trainData, g.n(), rng);
        // The parameter vectors of the devices (three each: start, last and next), of the walks and of the algorithm's
        // buffers, and a batch's activations, must fit in the heap.
        ClassifierModel m = model.build(trainData.dimension(), trainData.classes(), 3.0 * g.n() + schedule.walks() + MODEL_BUFFERS, batch);
        return new Setup(g, p, new ClassifierObjective(m, trainData, split, batch), trainData, sets.test(), m.copy());
    }

    /** Parameter vectors an algorithm holds besides the devices' and walks' models (gradients, averages, differences). */
    static final int MODEL_BUFFERS = 12;

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
