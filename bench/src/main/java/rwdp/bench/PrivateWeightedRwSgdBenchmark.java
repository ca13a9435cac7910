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
import rwdp.algo.PrivateWeightedRwSgd;
import rwdp.mechanism.GammaMechanism;

/**
 * One step of Ayache et al.'s Algorithm 3 (Gamma-private weights, θ = 1): a projected SGD update at the token's node and one
 * walk move, on the §V set-up (ER N = 100, p = 0.3, d = 10). Must allocate nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class PrivateWeightedRwSgdBenchmark {
    private PrivateWeightedRwSgd algorithm;

    @Setup
    public void setUp() {
        RwSgdState s = new RwSgdState();
        algorithm = PrivateWeightedRwSgd.gamma(s.loss, s.graph, GammaMechanism.of(1.0), s.settings, RwSgdState.rng());
    }

    /** Returns the token's node after the step (keeps the step live). */
    @Benchmark
    public int step() {
        algorithm.step();
        return algorithm.position();
    }
}
