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
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.SpectralFunction;
import rwdp.spectral.Solver;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.bounds.pndp.PndpAccountant;

/**
 * The all-pairs L(W) = −ln(I − W + J/n) of the PNDP accountant (Cyffers et al., Thm. 3) at the
 * paper's size n = 2048: the Chebyshev expansion on the sparse W, plain and with the top eigenpairs
 * deflated, and what {@code rwdp bound pndp --solver auto} picks. Compare with
 * {@code scipy.linalg.eigh} + the reconstruction of the authors' {@code logW} run on the same
 * machine at the same time (docs/cyffers.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
@Fork(1)
public class PndpMatrixBenchmark {

    /** Graph specs with ';' for ',' (JMH splits -p values on commas). */
    @Param({"er:2048;0.0045;1", "grid:45;45", "geometric:2048;0.0707;1", "exponential:2048"})
    public String graph;

    private TransitionMatrix w;

    @Setup
    public void setUp() {
        w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphSpec.parse(graph.replace(';', ',')).build());
    }

    /** Walk length T of the exact finite-T series. */
    @Param({"10000"})
    public long steps;

    /**
     * Returns the exact finite-T series g_T(W − J/n) = Σ_{t≤T} (W^t − J/n)/t by the same
     * Chebyshev machinery (Cyffers et al., App. B, eq. (15)).
     */
    @Benchmark
    public double[][] exactSeries() {
        return MatrixFunctions.chebyshev(w, SpectralFunction.partialLogSeries(steps),
                MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
    }

    /** Returns L(W) by the plain Chebyshev expansion on the whole spectrum of W on 1⊥. */
    @Benchmark
    public double[][] chebyshev() {
        return MatrixFunctions.chebyshev(w, SpectralFunction.logResolvent(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
    }

    /** Returns L(W) by the Chebyshev expansion with W's top eigenpairs deflated (subspace iteration included). */
    @Benchmark
    public double[][] deflated() {
        return MatrixFunctions.deflated(w, SpectralFunction.logResolvent(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
    }

    /** Returns L(W) by what {@code rwdp bound pndp --solver auto} picks for this graph (choice included in the time). */
    @Benchmark
    public double[][] auto() {
        return PndpAccountant.matrixFunction(w, SpectralFunction.logResolvent(), Solver.AUTO);
    }
}
