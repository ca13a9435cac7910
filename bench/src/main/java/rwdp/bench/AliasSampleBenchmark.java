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
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** One alias-table draw from a fixed row: the O(1) sampler under every walk step. */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class AliasSampleBenchmark {
    @Param({"er:100,0.3,1"})
    public String graph;

    private TransitionMatrix p;
    private SplittableRandom rng;
    private int row;

    @Setup
    public void setUp() {
        p = WeightScheme.parse("mh-uniform").build(GraphSpec.parse(graph).build());
        rng = new SplittableRandom(7);
        row = p.n() / 2;
    }

    /** Returns the drawn column. */
    @Benchmark
    public int sample() {
        return p.sample(row, rng);
    }
}
