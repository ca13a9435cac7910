package rwdp.bench;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import rwdp.algo.federated.ClassifierObjective;
import rwdp.algo.federated.DFedRW;
import rwdp.algo.federated.StragglerModel;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.data.GaussianMixtureData;
import rwdp.data.LabelSkewPartition;
import rwdp.data.LabeledData;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.model.SoftmaxRegression;

/**
 * Ten rounds of DFedRW (Wang et al., Algorithm 1) at the §VI-B schedule: 20 devices, M = 5 walks
 * of K = 5 steps, batch 50, softmax regression on 20 features and 10 classes; the measured cost
 * per round is the score divided by 10.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class FederatedRoundBenchmark {

    @Param({"0", "8"})
    public int bits;

    private DFedRW algorithm;
    private long seed;

    @Setup
    public void setUp() {
        SplittableRandom rng = new SplittableRandom(1);
        LabeledData data = new GaussianMixtureData(20, 10, 3, 7).sample(4000, rng);
        int[][] split = LabelSkewPartition.dirichlet(data, 20, 0.1, rng);
        Graph g = GraphGenerators.complete(20);
        TransitionMatrix p = WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(g);
        TrainingSchedule s = new TrainingSchedule(10, 5, 5, 0.25, 5, 0.499, Double.POSITIVE_INFINITY, 10);
        algorithm = new DFedRW(p, g, new ClassifierObjective(new SoftmaxRegression(20, 10), data, split, 50), s,
                StragglerModel.NONE, bits == 0 ? null : rwdp.quantize.StochasticQuantizer.finest(bits), true);
    }

    /** Returns the final model's first coordinate, so the run cannot be eliminated. */
    @Benchmark
    public double tenRounds() {
        return algorithm.run(seed++, null, null).finalModel()[0];
    }
}
