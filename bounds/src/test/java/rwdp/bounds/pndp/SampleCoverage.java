package rwdp.bounds.pndp;

import java.util.Arrays;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.BetaDistribution;
import rwdp.spectral.Solver;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.DiagonalProxy;
import rwdp.sampling.DesignSearch;
import rwdp.sampling.Frame;
import rwdp.sampling.Design;

/**
 * The harness of the coverage tests of {@code --sample}: every row of a graph computed once (the exact all-pairs mean
 * and per-distance means, as --all-sources gives them), the short-walk proxy once (it has no randomness), then seeded
 * samples drawn by {@link SampledSources#design} exactly as {@link SampledSources#sample} draws them, each interval
 * checked against the exact value: a seed costs no expansion.
 */
final class SampleCoverage {
    private SampleCoverage() {}

    /** A graph's rows: their statistics, all of them merged, and the dense f(W − J/n) (row u = row u of the operator). */
    record Population(String spec, boolean known, PndpSetting setting, MatrixFunctionOperator op, PairStatistics[] rows, PairStatistics all) {
        int n() {
            return rows.length;
        }
    }

    /**
     * Returns the populations of {@code spec} for the anonymous and the known sender, in that order (closed form,
     * α = 2, σ = 2.5, T = 50n, metropolis weights), from one pass over the rows of f(W − J/n).
     */
    static Population[] populations(String spec) {
        return populations(spec, Boolean.getBoolean("rwdp.sampleSweep.plan"));
    }

    /**
     * Returns {@link #populations(String)} with the operator the accountant plans for a sample of 25 when
     * {@code planned} (deflated where that pays, as on a path), else the plain one.
     */
    static Population[] populations(String spec, boolean planned) {
        long steps = 50L * rwdp.graph.GraphSpec.parse(spec).build().n();
        PndpSetting anonymous = PndpScaleTest.setting(spec, false, false, steps);
        PndpSetting known = PndpScaleTest.setting(spec, false, true, steps);
        // The operator the accountant would plan for a sample (deflated where that pays, as on a path), or the plain one.
        MatrixFunctionOperator op = planned
                ? PndpAccountant.plan(anonymous, Solver.AUTO, PndpPlan.Request.sample(25, SampledSources.DEFAULT_PROBES)).operator()
                : PndpAccountant.operator(anonymous);
        int n = anonymous.w().n();
        PairStatistics[][] rows = new PairStatistics[2][n];
        int blocks = (n + 31) / 32;
        IntStream.range(0, blocks).parallel().forEach(b -> {
            int[] src = IntStream.range(b * 32, Math.min(n, (b + 1) * 32)).toArray();
            double[][] r = op.rows(src);
            for (int j = 0; j < src.length; j++) {
                int u = src[j];
                int[] dist = anonymous.graph().distancesFrom(u);
                rows[1][u] = PairStatistics.ofRow(u, SenderBlocks.losses(known, u, r[j]), dist);
                rows[0][u] = PairStatistics.ofRow(u, SenderBlocks.losses(anonymous, u, r[j]), dist);
            }
        });
        Population[] out = new Population[2];
        for (int i = 0; i < 2; i++) {
            PairStatistics all = new PairStatistics();
            for (PairStatistics r : rows[i]) {
                all.merge(r);
            }
            out[i] = new Population(spec, i == 1, i == 0 ? anonymous : known, op, rows[i], all);
        }
        return out;
    }

    /**
     * Returns the sample {@link SampledSources#sample} gives with {@code seed} for {@code k} senders on {@code proxy}
     * (null: the hubs and a uniform draw, the design before strata), from the population's rows.
     */
    static PairStatistics.Sample draw(Population p, DiagonalProxy proxy, int k, long seed, double level) {
        return draw(p, proxy, frame(p, proxy, k), seed, level);
    }

    /** Returns the frame {@link SampledSources#sample} chooses for {@code k} senders: it depends on the graph and proxy only. */
    static Frame frame(Population p, DiagonalProxy proxy, int k) {
        return DesignSearch.frame(p.setting().graph(), proxy == null || !p.known() ? null : proxy.diagonal(), k);
    }

    /** Returns {@link #draw(Population, DiagonalProxy, int, long, double)} on the frame {@code f} chosen once for all seeds. */
    static PairStatistics.Sample draw(Population p, DiagonalProxy proxy, Frame f, long seed, double level) {
        Design d = f.draw(seed);
        int[] src = d.senders();
        PairStatistics[] rows = new PairStatistics[src.length];
        for (int j = 0; j < src.length; j++) {
            rows[j] = p.rows()[src[j]];
        }
        return SampledSources.estimate(d, rows, p.n(), level, proxy, proxy == null || p.known() ? null : SampledSources.predictor(p.setting(), proxy),
                proxy == null ? 0 : SampledSources.proxyCheck(f, proxy.diagonal(), level, seed), proxy == null ? 0 : SampledSources.CHECK_DRAWS);
    }

    /**
     * How often the intervals of {@code seeds} samples covered the exact mean and the exact distance-1 mean, with the
     * median width of the mean's interval over the exact mean, and on how many seeds the proxy check put the intervals
     * ({@link PairStatistics.Sample#intervalsDoubtful}) and the mean's ({@link PairStatistics.Sample#meanDoubtful}) in
     * doubt.
     */
    record Coverage(int seeds, int mean, int distance1, double medianRelativeWidth, int doubtful, int meanDoubtful) {
        /** Returns the two-sided Clopper–Pearson interval at {@code level} of the mean's coverage. */
        double[] meanInterval(double level) {
            return clopperPearson(mean, seeds, level);
        }
    }

    /** Returns the coverage at 0.95 of seeds 1..{@code seeds}. */
    static Coverage coverage(Population p, int k, int probes, int seeds) {
        return coverage(p, k, probes, 1, seeds);
    }

    /** Returns the coverage at 0.95 of seeds {@code first}..{@code first + seeds − 1}. */
    static Coverage coverage(Population p, int k, int probes, int first, int seeds) {
        DiagonalProxy proxy = probes == 0 ? null : SampledSources.proxy(p.setting(), p.op(), probes);
        double mu = p.all().mean();
        double mu1 = p.all().mean(1);
        int covered = 0;
        int covered1 = 0;
        double[] width = new double[seeds];
        int doubtful = 0;
        int meanDoubtful = 0;
        // The frame is a function of the graph and the proxy alone, so it is chosen once; the seeds are independent draws,
        // computed in parallel and tallied in seed order.
        Frame f = frame(p, proxy, k);
        PairStatistics.Sample[] samples = new PairStatistics.Sample[seeds];
        IntStream.range(0, seeds).parallel().forEach(i -> samples[i] = draw(p, proxy, f, first + i, 0.95));
        for (int i = 0; i < seeds; i++) {
            PairStatistics.Sample sm = samples[i];
            doubtful += sm.intervalsDoubtful() ? 1 : 0;
            meanDoubtful += sm.meanDoubtful() ? 1 : 0;
            covered += sm.mean().low() <= mu && mu <= sm.mean().high() ? 1 : 0;
            PairStatistics.DistanceSummary d1 = sm.byDistance().get(0);
            covered1 += d1.ciLow() <= mu1 && mu1 <= d1.ciHigh() ? 1 : 0;
            width[i] = (sm.mean().high() - sm.mean().low()) / Math.abs(mu);
        }
        Arrays.sort(width);
        return new Coverage(seeds, covered, covered1, width[seeds / 2], doubtful, meanDoubtful);
    }

    /** Returns the two-sided Clopper–Pearson interval {low, high} at {@code level} for x successes in n trials. */
    static double[] clopperPearson(int x, int n, double level) {
        double a = (1 - level) / 2;
        double lo = x == 0 ? 0 : new BetaDistribution(null, x, n - x + 1).inverseCumulativeProbability(a);
        double hi = x == n ? 1 : new BetaDistribution(null, x + 1, n - x).inverseCumulativeProbability(1 - a);
        return new double[] {lo, hi};
    }
}
