package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.TDistribution;
import org.junit.jupiter.api.Test;

/**
 * Coverage of {@code --sample}'s intervals over the choice of senders: every row of a graph is computed once (the exact
 * all-pairs mean and per-distance means, as --all-sources gives them), then 400 seeded samples of K senders are drawn
 * and each interval is checked against that exact value.
 */
class SampleCoverageTest {
    static final int SEEDS = 400;
    /** 0.95 − 3·sqrt(0.05·0.95/400): a 95% interval covers at least this often with probability > 0.998. */
    static final double FLOOR = 0.95 - 3 * Math.sqrt(0.05 * 0.95 / SEEDS);

    record Population(int n, PairStatistics[] rows, PairStatistics all) {}

    static Population population(String spec, boolean known) {
        PndpSetting s = PndpScaleTest.setting(spec, false, known, 50L * rwdp.graph.GraphSpec.parse(spec).n());
        PairwiseRows op = PndpAccountant.operator(s);
        int n = s.w().n();
        PairStatistics[] rows = new PairStatistics[n];
        int blocks = (n + 31) / 32;
        IntStream.range(0, blocks).parallel().forEach(b -> {
            int[] src = IntStream.range(b * 32, Math.min(n, (b + 1) * 32)).toArray();
            PairStatistics[] r = SenderBlocks.blockRows(s, op, src);
            System.arraycopy(r, 0, rows, b * 32, r.length);
        });
        PairStatistics all = new PairStatistics();
        for (PairStatistics r : rows) {
            all.merge(r);
        }
        return new Population(n, rows, all);
    }

    /** Returns {coverage of the mean, coverage at distance 1, median width over the old t interval's}. */
    static double[] coverage(Population p, int k) {
        double mu = p.all().mean();
        double mu1 = p.all().mean(1);
        double tq = new TDistribution(null, k - 1).inverseCumulativeProbability(0.975);
        int covered = 0;
        int covered1 = 0;
        double[] ratio = new double[SEEDS];
        for (int seed = 1; seed <= SEEDS; seed++) {
            int[] src = SampledSources.drawWithoutReplacement(p.n(), k, seed);
            PairStatistics[] rows = new PairStatistics[k];
            double[] x = new double[k];
            for (int j = 0; j < k; j++) {
                rows[j] = p.rows()[src[j]];
                x[j] = rows[j].mean();
            }
            PndpAccountant.Sample sm = SampledSources.estimate(src, rows, p.n(), 0.95);
            covered += sm.ciLow() <= mu && mu <= sm.ciHigh() ? 1 : 0;
            PndpAccountant.DistanceSummary d1 = sm.byDistance().get(0);
            covered1 += d1.ciLow() <= mu1 && mu1 <= d1.ciHigh() ? 1 : 0;
            // The old interval, computed here independently: x̄ ± t·s·sqrt(1 − k/n)/sqrt(k).
            double mean = Arrays.stream(x).average().orElseThrow();
            double ss = Arrays.stream(x).map(v -> (v - mean) * (v - mean)).sum();
            double oldWidth = 2 * tq * Math.sqrt(1 - (double) k / p.n()) * Math.sqrt(ss / (k - 1) / k);
            assertEquals(mean, sm.mean(), 1e-12 * Math.abs(mean));
            ratio[seed - 1] = (sm.ciHigh() - sm.ciLow()) / oldWidth;
        }
        Arrays.sort(ratio);
        return new double[] {(double) covered / SEEDS, (double) covered1 / SEEDS, ratio[SEEDS / 2]};
    }

    @Test
    void skewCorrectedIntervalCoversOnSkewedFamilies() {
        String[] specs = {"er:500,0.02,1", "geometric:500,0.1,1", "sbm:250/250,0.04,0.004,1"};
        StringBuilder report = new StringBuilder();
        for (String spec : specs) {
            for (boolean known : new boolean[] {false, true}) {
                Population p = population(spec, known);
                for (int k : new int[] {10, 25}) {
                    double[] c = coverage(p, k);
                    report.append(String.format(Locale.ROOT, "%s %s K=%d: mean %.4f, d=1 %.4f, median width/t %.3f%n",
                            spec, known ? "known" : "anonymous", k, c[0], c[1], c[2]));
                    assertTrue(c[0] >= FLOOR, spec + " known=" + known + " K=" + k + " mean coverage " + c[0]);
                    assertTrue(c[1] >= FLOOR, spec + " known=" + known + " K=" + k + " distance-1 coverage " + c[1]);
                    assertTrue(c[2] >= 1 && c[2] < 1.5, "median width ratio " + c[2]);
                }
            }
        }
        System.out.print(report);
    }

    /** Returns {coverage of the mean, coverage at distance 1} of the hub-stratified design over {@link #SEEDS} draws. */
    static double[] stratifiedCoverage(String spec, boolean known, int k) {
        rwdp.graph.Graph g = rwdp.graph.GraphSpec.parse(spec);
        Population p = population(spec, known);
        double mu = p.all().mean();
        double mu1 = p.all().mean(1);
        int covered = 0;
        int covered1 = 0;
        for (int seed = 1; seed <= SEEDS; seed++) {
            SampledSources.Design d = SampledSources.design(g, k, seed);
            int[] src = d.senders();
            PairStatistics[] rows = new PairStatistics[src.length];
            for (int j = 0; j < src.length; j++) {
                rows[j] = p.rows()[src[j]];
            }
            PndpAccountant.Sample sm = d.estimate(rows, p.n(), 0.95);
            covered += sm.ciLow() <= mu && mu <= sm.ciHigh() ? 1 : 0;
            PndpAccountant.DistanceSummary d1 = sm.byDistance().get(0);
            covered1 += d1.ciLow() <= mu1 && mu1 <= d1.ciHigh() ? 1 : 0;
        }
        return new double[] {(double) covered / SEEDS, (double) covered1 / SEEDS};
    }

    @Test
    void aStarsCentreIsComputedNotSampledSoTheIntervalsCover() {
        rwdp.graph.Graph star = rwdp.graph.GraphSpec.parse("star:300");
        SampledSources.Design d = SampledSources.design(star, 10, 1);
        assertEquals(1, d.hubs().length);
        assertEquals(0, d.hubs()[0], "the centre of star:n is node 0");
        assertEquals(9, d.sampled().length);
        // Without hubs the design is the plain uniform draw: the same senders as before.
        rwdp.graph.Graph er = rwdp.graph.GraphSpec.parse("er:500,0.02,1");
        assertEquals(0, SampledSources.design(er, 25, 7).hubs().length);
        assertTrue(Arrays.equals(SampledSources.drawWithoutReplacement(500, 25, 7), SampledSources.design(er, 25, 7).sampled()));
        for (boolean known : new boolean[] {false, true}) {
            for (int k : new int[] {10, 25}) {
                double[] c = stratifiedCoverage("star:300", known, k);
                // The uniform t interval covered 3-17% of these draws (docs/cyffers.md).
                assertTrue(c[0] >= FLOOR, "star:300 known=" + known + " K=" + k + " mean coverage " + c[0]);
                assertTrue(c[1] >= FLOOR, "star:300 known=" + known + " K=" + k + " distance-1 coverage " + c[1]);
                System.out.printf(Locale.ROOT, "star:300 %s K=%d: mean %.4f, d=1 %.4f%n", known ? "known" : "anonymous", k, c[0], c[1]);
            }
        }
    }

    @Test
    void intervalIsTheTIntervalOnSymmetricData() {
        // Zero sample skewness: Hall's transformation is the identity and the interval is x̄ ± t·se.
        double[] x = {1, 2, 3, 4, 5};
        double[] ci = SampledSources.skewCorrectedInterval(x, 50, 0.9);
        double se = Math.sqrt(2.5) * Math.sqrt(1 - 5 / 50.0) / Math.sqrt(5);
        double t = new TDistribution(null, 4).inverseCumulativeProbability(0.95);
        assertEquals(3, ci[0], 1e-15);
        assertEquals(3 - t * se, ci[1], 1e-12);
        assertEquals(3 + t * se, ci[2], 1e-12);
        // A long left tail stretches the interval downwards.
        double[] skewed = {10, 10.1, 9.9, 10.05, 9.95, 10, 6};
        double[] cs = SampledSources.skewCorrectedInterval(skewed, 1000, 0.95);
        assertTrue(cs[0] - cs[1] > cs[2] - cs[0], Arrays.toString(cs));
        assertThrows(IllegalArgumentException.class, () -> SampledSources.skewCorrectedInterval(new double[] {1}, 5, 0.95));
        assertThrows(IllegalArgumentException.class, () -> SampledSources.skewCorrectedInterval(x, 4, 0.95));
        assertThrows(IllegalArgumentException.class, () -> SampledSources.skewCorrectedInterval(x, 50, 1));
    }
}
