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
     * @param hotLoop  whether the measured code must allocate nothing
     */
    record Entry(String id, String method, Map<String, String> params, boolean hotLoop) {}

    static final String CALIBRATION = CalibrationBenchmark.class.getName() + ".work";

    static List<Entry> entries() {
        return List.of(
                new Entry("walk-step.mh-uniform.er100", WalkStepBenchmark.class.getName() + ".step",
                        Map.of("graph", "er:100,0.3,1", "weights", "mh-uniform"), true),
                new Entry("walk-step.metropolis.er2048", WalkStepBenchmark.class.getName() + ".step",
                        Map.of("graph", "er:2048,0.01,1", "weights", "metropolis"), true),
                new Entry("alias-sample.er100", AliasSampleBenchmark.class.getName() + ".sample",
                        Map.of("graph", "er:100,0.3,1"), true));
    }
}
