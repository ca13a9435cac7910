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
import rwdp.data.FashionMnist;
import rwdp.model.MiniBatchSgd;
import rwdp.model.MultiLayerPerceptron;

/**
 * One full epoch of centralised mini-batch SGD (batch 50, 1,200 steps) of Wang et al.'s 2FNN or
 * 3FNN (§VI-A) on the 60,000 Fashion-MNIST training images. Needs the Debian package
 * {@code dataset-fashion-mnist} (or $RWDP_DATA); the set is loaded once, outside the measurement.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(value = 1, jvmArgsAppend = "-Xmx2g")
public class FashionEpochBenchmark {
    @Param({"3fnn"})
    public String model;

    private MiniBatchSgd sgd;
    private double[] w;
    private SplittableRandom rng;

    @Setup
    public void setUp() {
        FashionMnist data = FashionMnist.load(null);
        MultiLayerPerceptron net = model.equals("2fnn") ? MultiLayerPerceptron.twoFnn() : MultiLayerPerceptron.threeFnn();
        rng = new SplittableRandom(11);
        w = new double[net.parameters()];
        net.initialise(w, rng);
        sgd = new MiniBatchSgd(net, data.train(), 50);
    }

    /** Returns the mean mini-batch loss of one epoch. */
    @Benchmark
    public double epoch() {
        return sgd.epoch(w, 0.05, rng);
    }
}
