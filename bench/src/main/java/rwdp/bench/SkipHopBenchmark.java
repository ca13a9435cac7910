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
import rwdp.bounds.skipping.SkipLatency;
import rwdp.latency.LatencyModel;
import rwdp.latency.LatencyModels;
import rwdp.model.UnitNormClassification;

/**
 * The hot loops of the skipping scheme (Yakimenka et al., Algorithm 1): one computation-time
 * draw, and one run of 1000 hops of Skip-Rand-Ring (draw, gradient, noise, projection per
 * update). Both are built in {@link #setUp()}; the draw must allocate nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SkipHopBenchmark {

    @Param({"exp:1", "gamma:0.25,1", "lomax:3,2"})
    public String latency;

    private LatencyModel model;
    private SkippingScheme scheme;
    private SplittableRandom rng;

    @Setup
    public void setUp() {
        model = LatencyModels.parse(latency);
        UnitNormClassification data = UnitNormClassification.synthetic(10, 500, 4, 1);
        scheme = new SkippingScheme(data.loss(), model, new SkippingScheme.Params(SkippingScheme.Path.RAND_RING, 1000,
                SkipLatency.timeoutFor(model, 0.5), 0.01, 0.6, 10.6, 5));
        rng = new SplittableRandom(42);
    }

    /** Returns one computation-time draw. */
    @Benchmark
    public double draw() {
        return model.sample(rng);
    }

    /** Returns the latency of one 1000-hop run, so the run cannot be eliminated. */
    @Benchmark
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    public double run1000Hops() {
        return scheme.run(rng).latency();
    }
}
