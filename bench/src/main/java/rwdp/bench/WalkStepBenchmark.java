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
import rwdp.graph.GraphSpec;
import rwdp.markov.Walk;
import rwdp.markov.WeightScheme;

/**
 * One step of the walk engine: an alias-table draw of the next node. The matrix and the walk
 * are built in {@link #setUp()}, outside the measured code; the step must allocate nothing.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class WalkStepBenchmark {

    @Param({"er:100,0.3,1", "ring:1000", "er:2048,0.01,1"})
    public String graph;

    @Param({"mh-uniform", "metropolis"})
    public String weights;

    private Walk walk;

    @Setup
    public void setUp() {
        walk = new Walk(WeightScheme.parse(weights).build(GraphSpec.parse(graph).build()), 0, new SplittableRandom(42));
    }

    /** Returns the next node, so the step cannot be eliminated as dead code. */
    @Benchmark
    public int step() {
        return walk.step();
    }
}
