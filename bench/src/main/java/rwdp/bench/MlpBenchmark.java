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
import rwdp.model.MultiLayerPerceptron;

/**
 * The forward/backward pass of Wang et al.'s 2FNN and 3FNN (§VI-A) on one mini-batch of 50
 * random 784-pixel images (the paper's batch size): the cost of one SGD step and, with
 * {@code -prof gc}, proof that the pass allocates nothing (0 B/op for 50 samples).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MlpBenchmark {
    /** The paper's mini-batch size (Wang et al., §VI-B). */
    static final int BATCH = 50;

    @Param({"2fnn", "3fnn"})
    public String model;

    private MultiLayerPerceptron net;
    private double[] w;
    private double[] grad;
    private double[][] x;
    private int[] y;
    private int[] rows;

    @Setup
    public void setUp() {
        net = model.equals("2fnn") ? MultiLayerPerceptron.twoFnn() : MultiLayerPerceptron.threeFnn();
        SplittableRandom rng = new SplittableRandom(7);
        w = new double[net.parameters()];
        net.initialise(w, rng);
        grad = new double[w.length];
        x = new double[BATCH][784];
        y = new int[BATCH];
        rows = new int[BATCH];
        for (int r = 0; r < BATCH; r++) {
            for (int j = 0; j < 784; j++) {
                // Fashion-MNIST images are about half background: zero pixels, the rest in (0, 1].
                x[r][j] = rng.nextDouble() < 0.5 ? 0 : rng.nextDouble();
            }
            y[r] = rng.nextInt(10);
            rows[r] = r;
        }
    }

    /** Returns the mean loss of one mini-batch forward/backward pass (50 samples), gradient into a buffer. */
    @Benchmark
    public double batchGradient() {
        return net.lossGradient(w, x, y, rows, BATCH, grad);
    }
}
