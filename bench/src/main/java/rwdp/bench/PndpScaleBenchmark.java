package rwdp.bench;

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
import rwdp.bounds.pndp.PairStatistics;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpSetting;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.WeightScheme;

/**
 * The matrix-free PNDP paths (Cyffers et al., Thm. 3) through {@link PndpAccountant}: one sender's
 * row, sampled all-pairs statistics and exact all-pairs statistics streamed block by block. The
 * operator (spectral interval and Chebyshev coefficients) is prepared once, as the CLI does per run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class PndpScaleBenchmark {

    /** Graph specs with ';' for ',' (JMH splits -p values on commas). */
    @Param({"er:20000;0.0005;1"})
    public String graph;

    /** Senders of {@link #sample}. */
    @Param({"32"})
    public int sources;

    private PndpSetting setting;
    private MatrixFunctionOperator op;

    @Setup
    public void setUp() {
        Graph g = GraphSpec.parse(graph.replace(';', ',')).build();
        setting = new PndpSetting(g, WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g), new PndpParams(2, 2.5, 100_000),
                PndpSetting.Method.CLOSED, PndpSetting.Sender.ANONYMOUS);
        op = PndpAccountant.operator(setting);
    }

    /** Returns one sender's row of losses with its by-distance statistics (Cyffers et al., Thm. 3). */
    @Benchmark
    public PndpAccountant.Row row() {
        return PndpAccountant.row(setting, op, 17);
    }

    /** Returns all-pairs statistics from {@code sources} random senders, with intervals. */
    @Benchmark
    public PairStatistics.Sample sample() {
        return PndpAccountant.sample(setting, op, sources, 1, 0.95, null);
    }

    /** Returns exact all-pairs statistics, never holding n×n (use a small graph: cost n·K·nnz). */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @Warmup(iterations = 1)
    @Measurement(iterations = 3)
    public PairStatistics allSources() {
        return PndpAccountant.allSources(setting, op, PndpAccountant.DEFAULT_BLOCK, null);
    }
}
