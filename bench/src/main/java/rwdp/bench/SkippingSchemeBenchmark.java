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
import rwdp.algo.SkippingScheme;
import rwdp.latency.LatencyModels;
import rwdp.model.UnitNormClassification;

/**
 * One whole run of Yakimenka et al.'s skipping scheme (Algorithm 1) with h_max = 1000 steps on
 * n = 10 nodes, gamma latencies. The run allocates its result and buffers once (a constant
 * number of bytes whatever h_max), so bytes/op staying flat shows the step loop allocates nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SkippingSchemeBenchmark {
    @Param({"rand-ring"})
    public String path;

    @Param({"1000"})
    public long hmax;

    private SkippingScheme scheme;
    private SplittableRandom rng;

    @Setup
    public void setUp() {
        UnitNormClassification data = UnitNormClassification.synthetic(10, 1000, 10, 3);
        SkippingScheme.Params p = new SkippingScheme.Params(SkippingScheme.Path.parse(path), hmax, 1.0, 0.01,
                1.0, SkippingScheme.gaussianSigma(1, 1, 1e-6), 10.0);
        scheme = new SkippingScheme(data.loss(), LatencyModels.paperGamma(), p);
        rng = new SplittableRandom(9);
    }

    /** Returns the run's total latency. */
    @Benchmark
    public double run() {
        return scheme.run(rng).latency();
    }
}
