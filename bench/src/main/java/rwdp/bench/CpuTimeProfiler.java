package rwdp.bench;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * A JMH profiler that reports, per iteration, the CPU time the benchmark's JVM used per unit of
 * wall time ({@value #LABEL}). Throughput divided by it is operations per CPU-microsecond, which
 * other processes on the machine hardly change: they take wall time from the benchmark, not the
 * CPU time one operation needs.
 */
public final class CpuTimeProfiler implements InternalProfiler {
    /** The secondary result's label. */
    public static final String LABEL = "cpu.per.wall";

    private final com.sun.management.OperatingSystemMXBean os =
            (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    private long cpu0;
    private long wall0;

    @Override
    public String getDescription() {
        return "process CPU time per wall time of each iteration";
    }

    @Override
    public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
        cpu0 = os.getProcessCpuTime();
        wall0 = System.nanoTime();
    }

    @Override
    public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams,
            IterationResult result) {
        long cpu = os.getProcessCpuTime() - cpu0;
        long wall = System.nanoTime() - wall0;
        return List.of(new ScalarResult(LABEL, wall > 0 ? (double) cpu / wall : Double.NaN, "cpu/wall", AggregationPolicy.AVG));
    }
}
