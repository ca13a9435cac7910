package rwdp.bench;

import java.util.List;
import java.util.Map;

/**
 * The fixed subset of benchmarks the regression gate runs. Ids are stable keys of
 * {@code bench/baseline.json}: add entries, never rename them.
 */
final class GateSuite {
    private GateSuite() {}

    /**
     * One gated benchmark.
     *
     * @param id       stable key in the baseline
     * @param method   fully qualified benchmark method
     * @param params   JMH parameters fixing the case
     * @param maxBytes the most bytes one operation may allocate: 1 (JMH noise) for a hot loop,
     *                 a constant for a whole run that allocates its result once
     */
    record Entry(String id, String method, Map<String, String> params, double maxBytes) {}

    private static final double HOT = 1.0;

    /**
     * For an operation of hundreds of microseconds JMH's own per-iteration bookkeeping (a few
     * KB) spreads over few operations and reads as a few bytes per op; 64 B/op still catches
     * any buffer allocated per call.
     */
    private static final double SLOW_OP = 64;

    static final String CALIBRATION = CalibrationBenchmark.class.getName() + ".work";

    static List<Entry> entries() {
        return List.of(
                new Entry("walk-step.mh-uniform.er100", WalkStepBenchmark.class.getName() + ".step",
                        Map.of("graph", "er:100,0.3,1", "weights", "mh-uniform"), HOT),
                new Entry("walk-step.metropolis.er2048", WalkStepBenchmark.class.getName() + ".step",
                        Map.of("graph", "er:2048,0.01,1", "weights", "metropolis"), HOT),
                new Entry("alias-sample.er100", AliasSampleBenchmark.class.getName() + ".sample",
                        Map.of("graph", "er:100,0.3,1"), HOT),
                new Entry("uniform-rw-sgd.step", UniformRwSgdBenchmark.class.getName() + ".step", Map.of(), HOT),
                new Entry("weighted-rw-sgd.step", WeightedRwSgdBenchmark.class.getName() + ".step", Map.of(), HOT),
                new Entry("private-weighted-rw-sgd.step", PrivateWeightedRwSgdBenchmark.class.getName() + ".step", Map.of(), HOT),
                new Entry("rw-dp-sgd.step", RwDpSgdStepBenchmark.class.getName() + ".step", Map.of(), HOT),
                new Entry("gamma.sample.shape0.5", MechanismSampleBenchmark.class.getName() + ".gamma", Map.of("shape", "0.5"), HOT),
                new Entry("gaussian.sample", MechanismSampleBenchmark.class.getName() + ".gaussian", Map.of("shape", "5"), HOT),
                new Entry("laplace.sample", MechanismSampleBenchmark.class.getName() + ".laplace", Map.of("shape", "5"), HOT),
                new Entry("quantizer.d10000.b4", QuantizerBenchmark.class.getName() + ".quantize",
                        Map.of("dimension", "10000", "bits", "4"), SLOW_OP),
                new Entry("skipping-scheme.run1000", SkippingSchemeBenchmark.class.getName() + ".run",
                        Map.of("path", "rand-ring", "hmax", "1000"), 1024),
                new Entry("skip-rand-ring-a.n1000", BoundsBenchmark.class.getName() + ".skipRandRingA", Map.of(), Double.POSITIVE_INFINITY),
                new Entry("gamma-lemma3-delta", BoundsBenchmark.class.getName() + ".gammaLemma3Delta", Map.of(), Double.POSITIVE_INFINITY),
                // One PNDP row allocates its few n-vectors once per call (4 × 8 × 20000 B plus the BFS and result).
                new Entry("pndp-row.er20000", PndpScaleBenchmark.class.getName() + ".row",
                        Map.of("graph", "er:20000;0.0005;1"), 2 << 20),
                // The deflated all-pairs matrix on a small-gap graph: block iteration, remainder check and the n×n
                // result (allocated per call, so no allocation limit).
                new Entry("pndp-matrix-deflated.grid30", PndpMatrixBenchmark.class.getName() + ".deflated",
                        Map.of("graph", "grid:30;30"), Double.POSITIVE_INFINITY));
    }
}
