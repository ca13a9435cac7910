package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;
import rwdp.spectral.DiagonalProxy;
import rwdp.sampling.DesignSearch;
import rwdp.sampling.Frame;

/**
 * Coverage of {@code --sample}'s intervals over the choice of senders ({@link SampleCoverage}: every row computed once
 * for the exact means, then seeded samples drawn as the accountant draws them). A family passes when its coverage is
 * not significantly below the level: the one-sided 99.9% Clopper–Pearson upper bound of the covered fraction reaches
 * 0.95. The same check, on the same draws, fails the design before strata on a path, so it can fail.
 */
class SampleCoverageTest {
    /** Seeds per family and K in the build (the guarded {@link SampleCoverageSweepTest} runs 400 on every family). */
    static final int SEEDS = 200;

    /** Returns whether {@code covered} of {@code seeds} is consistent with coverage 0.95 (one-sided, 99.9%). */
    static boolean notBelowLevel(int covered, int seeds) {
        return SampleCoverage.clopperPearson(covered, seeds, 0.998)[1] >= 0.95;
    }

    private static String line(SampleCoverage.Population p, int k, String design, SampleCoverage.Coverage c) {
        double[] ci = c.meanInterval(0.95);
        return String.format(Locale.ROOT, "%s %s K=%d %s: mean %d/%d = %.3f [%.3f, %.3f], d=1 %.3f, median width %.2g, in doubt %d (mean %d)%n",
                p.spec(), p.known() ? "known" : "anonymous", k, design, c.mean(), c.seeds(), (double) c.mean() / c.seeds(),
                ci[0], ci[1], (double) c.distance1() / c.seeds(), c.medianRelativeWidth(), c.doubtful(), c.meanDoubtful());
    }

    @Test
    void stratifiedDesignCoversOnPathAndGridWhereTheUniformDrawDoesNot() {
        StringBuilder report = new StringBuilder();
        for (String spec : new String[] {"path:600", "grid:20,20"}) {
            for (SampleCoverage.Population p : SampleCoverage.populations(spec)) {
                for (int k : new int[] {10, 25}) {
                    SampleCoverage.Coverage c = SampleCoverage.coverage(p, k, SampledSources.DEFAULT_PROBES, SEEDS);
                    report.append(line(p, k, "stratified", c));
                    assertTrue(notBelowLevel(c.mean(), c.seeds()), line(p, k, "stratified", c));
                    if (spec.startsWith("path") && !p.known() && k == 10) {
                        // The hubs-and-uniform design on the same seeds: the check must reject it (0.73 of 400 draws).
                        SampleCoverage.Coverage old = SampleCoverage.coverage(p, k, 0, SEEDS);
                        report.append(line(p, k, "uniform", old));
                        assertTrue(!notBelowLevel(old.mean(), old.seeds()), line(p, k, "uniform", old));
                    }
                }
            }
        }
        System.out.print(report);
    }

    @Test
    void stratifiedDesignCoversOnTheOtherFamilies() {
        StringBuilder report = new StringBuilder();
        for (String spec : new String[] {"er:500,0.02,1", "geometric:500,0.1,1", "sbm:250/250,0.04,0.004,1", "star:300"}) {
            for (SampleCoverage.Population p : SampleCoverage.populations(spec)) {
                for (int k : new int[] {10, 25}) {
                    SampleCoverage.Coverage c = SampleCoverage.coverage(p, k, SampledSources.DEFAULT_PROBES, SEEDS);
                    report.append(line(p, k, "stratified", c));
                    assertTrue(notBelowLevel(c.mean(), c.seeds()), line(p, k, "stratified", c));
                    assertTrue(notBelowLevel(c.distance1(), c.seeds()), "distance 1: " + line(p, k, "stratified", c));
                }
            }
        }
        System.out.print(report);
    }

    @Test
    @EnabledIfEnvironmentVariable(named = "RWDP_LONG_TESTS", matches = ".+",
            disabledReason = "about 30 s: .ci/run runs it after mvn verify (RWDP_LONG_TESTS=1), keeping mvn verify in its ten minutes")
    void gridAnonymousCoversAtTheDefaultTruncationOverManyDraws() {
        // The difference estimator's residuals on grid:20,20 at m = 24 are nearly symmetric (skewness 0.27); Hall's
        // correction alone, with γ estimated from the draws, covered 0.930 / 0.938 of 20,000 draws of 10 / 25. The
        // union with the t interval must reach the level on seeds the 200 above do not use: 1,000 per K here (about 30 s
        // of the build; the Clopper-Pearson bound of 0.93 on 1,000 draws is 0.952, so this asserts coverage and leaves the
        // rejection of Hall's interval alone, measured on 2,000 seeds, 1859 covered, to the on-demand sweep).
        SampleCoverage.Population p = SampleCoverage.populations("grid:20,20")[0];
        StringBuilder report = new StringBuilder();
        for (int k : new int[] {10, 25}) {
            SampleCoverage.Coverage c = SampleCoverage.coverage(p, k, SampledSources.DEFAULT_PROBES, 10_001, 1_000);
            report.append(line(p, k, "stratified, seeds 10001..11000", c));
            assertTrue(notBelowLevel(c.mean(), c.seeds()), line(p, k, "stratified", c));
        }
        System.out.print(report);
    }

    @Test
    void theProxyCheckFlagsTheIntervalsThatDoNotCoverOnAPath() {
        // Where the intervals undercover and no design here fixes it, the sample says so: per-distance means of the
        // anonymous sender on path:600 (distance 1 covered 0.81 / 0.86: the loss to the neighbours is as skewed as the
        // diagonal, and the draw is uniform).
        StringBuilder report = new StringBuilder();
        for (boolean planned : new boolean[] {false, true}) {
            SampleCoverage.Population[] ps = SampleCoverage.populations("path:600", planned);
            for (int k : new int[] {10, 25}) {
                SampleCoverage.Coverage anonymous = SampleCoverage.coverage(ps[0], k, SampledSources.DEFAULT_PROBES, 40);
                report.append(line(ps[0], k, planned ? "planned operator" : "plain operator", anonymous));
                assertEquals(40, anonymous.doubtful(), "by_distance in doubt on every seed: " + line(ps[0], k, "", anonymous));
                assertEquals(0, anonymous.meanDoubtful(), "the predicted mean is not judged by the check");
            }
        }
        System.out.print(report);
    }

    /**
     * Returns the design chosen before the choice by coverage: Glasser's stop (the most certain nodes), and of its H the
     * narrowest predicted interval, a further stratum taken only when it narrows it by 2%.
     */
    static Frame glasserStop(java.util.List<DesignSearch.Candidate> designs) {
        int stop = designs.stream().mapToInt(d -> d.frame().certain().length).max().orElseThrow();
        DesignSearch.Candidate best = null;
        for (DesignSearch.Candidate d : designs.stream().filter(d -> d.frame().certain().length == stop)
                .sorted(java.util.Comparator.comparingInt(d -> d.frame().members().length)).toList()) {
            if (best == null || d.width() < 0.98 * best.width()) {
                best = d;
            }
        }
        return best.frame();
    }

    @Test
    void theDesignIsChosenByItsCoverageOnTheProxyWhereTheNarrowestUndercovers() {
        // path:600, sender known, K = 10: the design chosen before (Glasser's stop, 5 certain, then the narrowest
        // prediction: strata of 546 and 49 nodes drawn 3 and 2 times) covered 0.91-0.92 of 400 seeds with either operator,
        // and the check's 2,000 draws on the proxy reject it. The design chosen by its coverage on the proxy (Frame choice) covers on 400 seeds the
        // 200 of the other tests do not use, and is not flagged.
        StringBuilder report = new StringBuilder();
        for (boolean planned : new boolean[] {false, true}) {
            SampleCoverage.Population known = SampleCoverage.populations("path:600", planned)[1];
            DiagonalProxy proxy = SampledSources.proxy(known.setting(), known.op(), SampledSources.DEFAULT_PROBES);
            java.util.List<DesignSearch.Candidate> designs = DesignSearch.designs(known.setting().graph(), proxy.diagonal(), 10);
            Frame before = glasserStop(designs);
            assertEquals(5, before.certain().length, "the design before: 5 certain");
            assertEquals(2, before.members().length, "the design before: 2 strata");
            int narrowest = SampledSources.proxyCheck(before, proxy.diagonal(), 0.95, 1);
            assertTrue(rwdp.bounds.audit.EpsilonAudit.clopperPearsonUpper(narrowest, SampledSources.CHECK_DRAWS, 0.001) < 0.95,
                    "the design before must undercover on the proxy: " + narrowest + " of " + SampledSources.CHECK_DRAWS);
            Frame chosen = DesignSearch.frame(known.setting().graph(), proxy.diagonal(), 10);
            assertTrue(chosen.certain().length != before.certain().length || chosen.members().length != before.members().length,
                    "another design is chosen");
            SampleCoverage.Coverage c = SampleCoverage.coverage(known, 10, SampledSources.DEFAULT_PROBES, 201, 400);
            report.append(line(known, 10, (planned ? "planned" : "plain") + " operator, seeds 201..600; the design before on the proxy "
                    + narrowest + "/" + SampledSources.CHECK_DRAWS, c));
            assertTrue(notBelowLevel(c.mean(), c.seeds()), line(known, 10, "chosen", c));
            assertEquals(0, c.meanDoubtful(), line(known, 10, "chosen", c));
        }
        System.out.print(report);
    }

    @Test
    void theHarnessDrawsWhatTheAccountantDraws() {
        for (String spec : new String[] {"grid:9,11", "er:120,0.06,4", "star:40"}) {
            for (SampleCoverage.Population p : SampleCoverage.populations(spec)) {
                DiagonalProxy proxy = SampledSources.proxy(p.setting(), p.op(), SampledSources.DEFAULT_PROBES);
                for (long seed : new long[] {1, 7}) {
                    PairStatistics.Sample real = PndpAccountant.sample(p.setting(), p.op(), 12, seed, 0.9, null);
                    PairStatistics.Sample harness = SampleCoverage.draw(p, proxy, 12, seed, 0.9);
                    String what = spec + " known=" + p.known() + " seed=" + seed;
                    assertArrayEquals(real.sources(), harness.sources(), what);
                    assertEquals(real.mean().value(), harness.mean().value(), 1e-12 * Math.abs(real.mean().value()), what);
                    assertEquals(real.mean().low(), harness.mean().low(), 1e-12 * Math.abs(real.mean().value()), what);
                    assertEquals(real.design().certain(), harness.design().certain(), what);
                    assertEquals(real.design().strata(), harness.design().strata(), what);
                    assertEquals(real.check().covered(), harness.check().covered(), what);
                    assertEquals(12, real.sources().length, what);
                }
            }
        }
    }
}
