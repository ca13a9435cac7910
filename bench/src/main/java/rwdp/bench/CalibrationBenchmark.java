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

/**
 * A fixed amount of scalar floating-point and integer work on an L1-resident array: the
 * yardstick by which the gate normalises every other score, so a slower machine scales all
 * scores alike and does not fail the gate.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class CalibrationBenchmark {
    private final double[] a = new double[1024];
    private long state;

    @Setup
    public void setUp() {
        for (int i = 0; i < a.length; i++) {
            a[i] = Math.sin(i);
        }
        state = 0x9E3779B97F4A7C15L;
    }

    /** Returns a dependent chain of 1024 multiply-adds with index hashing (one "work unit"). */
    @Benchmark
    public double work() {
        double s = 0;
        long x = state;
        for (int i = 0; i < 1024; i++) {
            x = x * 6364136223846793005L + 1442695040888963407L;
            s = s * 0.999 + a[(int) (x >>> 54)];
        }
        state = x;
        return s;
    }
}
