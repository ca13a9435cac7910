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
import rwdp.quantize.StochasticQuantizer;

/**
 * One stochastic quantisation Q(w) of Wang et al., eq. (12), into a preallocated buffer; the
 * call must allocate nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class QuantizerBenchmark {

    @Param({"210", "10000"})
    public int dimension;

    @Param({"4", "16"})
    public int bits;

    private StochasticQuantizer quantizer;
    private double[] w;
    private double[] out;
    private SplittableRandom rng;

    @Setup
    public void setUp() {
        quantizer = StochasticQuantizer.finest(bits);
        rng = new SplittableRandom(42);
        w = new double[dimension];
        out = new double[dimension];
        for (int k = 0; k < dimension; k++) {
            w[k] = rng.nextGaussian();
        }
    }

    /** Returns the norm carried by the message, so the call cannot be eliminated. */
    @Benchmark
    public double quantize() {
        return quantizer.quantize(w, out, rng);
    }
}
