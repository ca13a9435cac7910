package rwdp.bench;

import java.util.SplittableRandom;
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
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/**
 * The Metropolis-Hastings move of Ayache et al., Alg. 1 two ways: as printed (propose a uniform
 * neighbour, accept with min(1, deg(i)/deg(j))) and as rwdp does it (one alias-table draw from
 * the same MH row). Same law; the alias draw needs one random number instead of two.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class MhProposalBenchmark {
    private Graph graph;
    private TransitionMatrix mh;
    private SplittableRandom rng;
    private int proposalNode;
    private int aliasNode;

    @Setup
    public void setUp() {
        graph = GraphGenerators.erdosRenyi(100, 0.3, 1);
        mh = WeightScheme.parse("mh-uniform").build(graph);
        rng = new SplittableRandom(3);
    }

    /** Returns the node after one propose-and-accept move. */
    @Benchmark
    public int proposeAccept() {
        int i = proposalNode;
        int di = graph.degree(i);
        int j = graph.neighbor(i, rng.nextInt(di));
        if (rng.nextDouble() * graph.degree(j) < di) {
            proposalNode = j;
        }
        return proposalNode;
    }

    /** Returns the node after one alias-table draw from the MH row. */
    @Benchmark
    public int aliasDraw() {
        aliasNode = mh.sample(aliasNode, rng);
        return aliasNode;
    }
}
