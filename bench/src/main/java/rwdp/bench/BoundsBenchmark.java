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
import rwdp.bounds.privacy.GammaMechanismPrivacy;
import rwdp.bounds.skipping.SkipErrorBound;
import rwdp.bounds.skipping.SkipPrivacy;

/** The closed forms whose cost a user feels: each call returns one number of a theorem. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 2)
@Fork(1)
public class BoundsBenchmark {
    private SkipErrorBound.Params skipError;
    private double[] eTable;

    @Setup
    public void setUp() {
        skipError = new SkipErrorBound.Params(1000, 0.5, 1.0, 1.0, 10, 10.6, 2.0, false);
        eTable = SkipErrorBound.eTable(skipError, 1_000_000);
    }

    /** Returns Theorem 3's a for n = 1000, h_max = 10^6, p = 1/2 (Yakimenka et al., §V). */
    @Benchmark
    public double skipRandRingA() {
        long htilde = SkipPrivacy.htilde(1_000_000, 1000, 0.5, 1e-6);
        return SkipPrivacy.randRingA(1000, 0.5, htilde);
    }

    /** Returns Theorem 1's binomial mixture at h_max = 10^6 from a precomputed e_h table (Yakimenka et al., §IV). */
    @Benchmark
    public double skipErrorMixture() {
        return SkipErrorBound.mixture(eTable, 1_000_000, 0.5);
    }

    /** Returns Theorem 1's whole bound at h_max = 10^6, e_h table included (Yakimenka et al., §IV). */
    @Benchmark
    public double skipErrorBound() {
        return SkipErrorBound.bound(skipError, 1_000_000);
    }

    /** Returns Lemma 3's δ of the Gamma mechanism (Ayache et al., Lemma 3). */
    @Benchmark
    public double gammaLemma3Delta() {
        return GammaMechanismPrivacy.lemma3Delta(new GammaMechanismPrivacy.Params(1.0, 0.5, 1.0, 10.0));
    }

    /** Returns the exact δ of the Gamma mechanism over the L grid (ours, beyond Ayache et al.). */
    @Benchmark
    public double gammaExactDelta() {
        return GammaMechanismPrivacy.exactDelta(new GammaMechanismPrivacy.Params(1.0, 0.5, 1.0, 10.0)).delta();
    }
}
