package rwdp.bench;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import rwdp.algo.RwDpSgd;
import rwdp.markov.WeightScheme;
import rwdp.model.PerSampleLogistic;

/**
 * One step of Cyffers et al.'s RW DP-SGD (Algorithm 1): per-sample clipped gradient at the
 * token's node, Gaussian noise on d = 10 coordinates, a metropolis walk move. Allocates nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RwDpSgdStepBenchmark {
    private RwDpSgd algorithm;

    @Setup
    public void setUp() {
        RwSgdState s = new RwSgdState();
        RwDpSgd.Config c = new RwDpSgd.Config(Long.MAX_VALUE, 1.0, 1.0, Double.NaN, 0.01, 0, 0, Long.MAX_VALUE);
        algorithm = new RwDpSgd(new PerSampleLogistic(s.loss), WeightScheme.parse("metropolis").build(s.graph),
                new double[RwSgdState.DIMENSION], c, RwSgdState.rng());
    }

    /** Returns the token's node after the step. */
    @Benchmark
    public int step() {
        algorithm.step();
        return algorithm.node();
    }
}
