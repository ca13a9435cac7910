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
import rwdp.mechanism.LaplaceSampler;
import rwdp.random.GammaSampler;

/** One draw of each noise distribution the mechanisms use; each must allocate nothing. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MechanismSampleBenchmark {
    /** Gamma shape: below 1 takes the boosted path of Marsaglia-Tsang. */
    @Param({"0.5", "5"})
    public double shape;

    private SplittableRandom rng;

    @Setup
    public void setUp() {
        rng = new SplittableRandom(11);
    }

    /** Returns a Gamma(shape, 1) draw (Ayache et al., Alg. 3 noise). */
    @Benchmark
    public double gamma() {
        return GammaSampler.sample(shape, 1.0, rng);
    }

    /** Returns a standard Gaussian draw (RW DP-SGD and skipping-scheme noise). */
    @Benchmark
    public double gaussian() {
        return rng.nextGaussian();
    }

    /** Returns a Laplace(1) draw (Ayache et al., Fig. 3 baseline). */
    @Benchmark
    public double laplace() {
        return LaplaceSampler.sample(1.0, rng);
    }
}
