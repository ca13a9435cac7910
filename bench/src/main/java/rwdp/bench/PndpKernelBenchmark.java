package rwdp.bench;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.spectral.BlockWorkspace;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.SpectralFunction;

/**
 * The all-pairs kernel of the PNDP accountant (Cyffers et al., Thm. 3): one block of {@code block} senders' rows of
 * L(W) = −ln(I − W + J/n) through the multi-vector Chebyshev recurrence on a random regular graph large enough that
 * its vectors (3 × n × block doubles: 150 MB at n = 200,000) leave every cache. {@link #fresh} allocates its buffers for
 * every block, as the kernel did before; {@link #reused} computes into one {@link BlockWorkspace} kept across blocks
 * (run with {@code -prof gc}: its allocation per block is a few bytes). Per-sender CPU time is the score over
 * 32 for {@link #fresh} (the kernel before issue 31) and over {@code block} for {@link #reused} (128: how the large-graph
 * paths now run it, one random read of a neighbour's row serving four times the senders), the step on one thread here;
 * the two are measured side by side in one run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(value = 1, jvmArgsAppend = {"-Xmx8g"})
public class PndpKernelBenchmark {

    /** Nodes of the random 8-regular graph. */
    @Param({"200000"})
    public int n;

    /** Senders per block of {@link #reused} (128: how the large-graph paths now run it); {@link #fresh} always takes 32. */
    @Param({"128"})
    public int block;

    /**
     * One thread for the step (it would use every core on a large graph): the score is then CPU time, and per-sender
     * CPU time is the score over {@link #block}, comparable across block widths.
     */
    private final ForkJoinPool oneThread = new ForkJoinPool(1);

    private MatrixFunctionOperator op;
    private BlockWorkspace ws;
    private int[] sources;
    private int[] sources32;

    @Setup
    public void setUp() {
        Graph g = GraphSpec.parse("regular:" + n + ",8,1").build();
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        op = MatrixFunctions.operator(w, SpectralFunction.logResolvent(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
        ws = op.workspace(block);
        sources = IntStream.range(0, block).map(i -> (int) ((long) i * n / block)).toArray();
        sources32 = IntStream.range(0, 32).map(i -> (int) ((long) i * n / 32)).toArray();
    }

    /** Returns 32 senders' rows with buffers allocated for this block alone: the kernel before issue 31. */
    @Benchmark
    public double[][] fresh() {
        return oneThread.submit(() -> op.rows(sources32)).join();
    }

    /** Returns the workspace holding the block's rows, computed into the buffers every block reuses. */
    @Benchmark
    public BlockWorkspace reused() {
        oneThread.submit(() -> op.rowsInto(sources, ws)).join();
        return ws;
    }
}
