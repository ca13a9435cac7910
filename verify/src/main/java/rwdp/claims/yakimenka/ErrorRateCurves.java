package rwdp.claims.yakimenka;

import java.util.ArrayList;
import java.util.List;
import rwdp.algo.SkippingScheme;
import rwdp.bounds.skipping.SkipLatency;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Table;
import rwdp.latency.LatencyModel;
import rwdp.model.LogisticLoss;
import rwdp.model.UnitNormClassification;
import rwdp.plot.Charts;
import rwdp.random.MonteCarlo;
import rwdp.random.SummaryStats;

/**
 * Fig. 4 of Yakimenka et al. (§VI-C1) as data: Skip-Rand-Ring's test error rate against average
 * latency, over seeded runs, for one latency model and one skip probability. Shared by the
 * synthetic and the UCI housing versions of the Fig. 4 claims.
 */
final class ErrorRateCurves {
    private ErrorRateCurves() {}

    /**
     * One (model, p) cell: the timeout and horizon used, each run's error rate averaged over the
     * latency window (the "area"), and the mean and standard deviation over runs at each of
     * {@code grid} latency points.
     */
    record Cell(double timeout, long hmax, double[] areas, double[] latency, double[] mean, double[] sd) {
        Cell {
            areas = areas.clone();
            latency = latency.clone();
            mean = mean.clone();
            sd = sd.clone();
        }

        /** Returns a copy of each run's area. */
        @Override
        public double[] areas() {
            return areas.clone();
        }

        /** Returns a copy of the latency grid. */
        @Override
        public double[] latency() {
            return latency.clone();
        }

        /** Returns a copy of the mean error rate per grid point. */
        @Override
        public double[] mean() {
            return mean.clone();
        }

        /** Returns a copy of the standard deviation per grid point. */
        @Override
        public double[] sd() {
            return sd.clone();
        }

        /** Returns the mean curve with one-standard-deviation error bars. */
        Charts.Series series(String name) {
            return new Charts.Series(name, latency, mean, sd, Charts.Style.LINE);
        }

        /** Returns the mean error rate at the end of the window. */
        double finalMean() {
            return mean[mean.length - 1];
        }
    }

    /**
     * §VI-C1's Fig. 4 setting: n nodes, χ, ζ, the footnote-4 σ (ε = 1, δ = 1e-6), the model radius, the latency window,
     * the number of runs and of latency grid points.
     */
    record Setting(int n, double chi, double zeta, double sigma, double radius, double window, int trials, int grid) {
        /**
         * Returns the paper's values (n = 10, χ = 1/100, ζ = 6/10, d_W = 10, σ ≈ 10.5976) with the profile's window
         * (1000 quick, 8000 full) and runs ({@code quickTrials} quick, 200 full, times the run's --runs-scale), on a grid
         * of 60 latency points.
         */
        static Setting paper(CheckContext ctx, int quickTrials) {
            return new Setting(10, 0.01, 0.6, SkippingScheme.gaussianSigma(1, 1, 1e-6), 5, ctx.profile().pick(1000.0, 8000.0),
                    ctx.runs(ctx.profile().pick(quickTrials, 200)), 60);
        }
    }

    /**
     * The cells of one latency model over the skip probabilities {@code ps}: each mean area with its
     * CI half-width, and each mean curve. The decision compares the last p with the first.
     */
    static final class Comparison {
        private final double[] area;
        private final double[] half;
        private final List<Charts.Series> series = new ArrayList<>();

        private Comparison(int cells) {
            this.area = new double[cells];
            this.half = new double[cells];
        }

        /** Returns the mean area of the last p minus that of the first (below 0: the last p learns faster). */
        double difference() {
            return area[area.length - 1] - area[0];
        }

        /** Returns the CI half-width of {@link #difference()}. */
        double halfWidth() {
            int last = area.length - 1;
            return YakimenkaCheckKit.differenceHalfWidth(half[last], half[0]);
        }

        /** Draws the mean curves under {@code title}, saves them as figure {@code name} and records it in {@code ev} with {@code caption}. */
        void figure(CheckContext ctx, Evidence ev, String title, String name, String caption) {
            Charts.Xy c = Charts.xy(title, "average latency", "test error rate");
            series.forEach(c::add);
            c.save(ctx.figure(name));
            ev.figure(ctx.figureFile(name), caption);
        }
    }

    /**
     * Returns the cells of latency model {@code m} at each p of {@code ps}, their areas' means with
     * half-widths z·sd/√runs, a row each in {@code t} (model, p, t_skip, hops, mean area, ± CI,
     * final error rate).
     */
    static Comparison compare(CheckContext ctx, UnitNormClassification data, LogisticLoss loss, LatencyModel m, double[] ps,
                              Setting setting, double z, Table t) {
        Comparison out = new Comparison(ps.length);
        for (int pi = 0; pi < ps.length; pi++) {
            double p = ps[pi];
            Cell cell = cell(ctx, data, loss, m, p, setting);
            SummaryStats s = SummaryStats.of(cell.areas(), 0.99);
            out.area[pi] = s.mean();
            out.half[pi] = YakimenkaCheckKit.halfWidth(z, s, setting.trials());
            out.series.add(cell.series("p = " + p));
            t.row(m.spec(), p, cell.timeout(), cell.hmax(), s.mean(), out.half[pi], cell.finalMean());
        }
        return out;
    }

    /** Returns the figure name of latency model {@code m}'s curves: its spec in lower-case words joined by '-'. */
    static String figureName(LatencyModel m) {
        return m.spec().replaceAll("[^a-z0-9]+", "-").replaceAll("-+$", "");
    }

    /** Returns the curves of Skip-Rand-Ring with skip probability {@code p} under latency model {@code m}, seeded per (m, p). */
    static Cell cell(CheckContext ctx, UnitNormClassification data, LogisticLoss loss, LatencyModel m, double p, Setting s) {
        return cell(ctx, data, loss, m, p, s.n(), s.chi(), s.zeta(), s.sigma(), s.radius(), s.window(), s.trials(), s.grid());
    }

    private static Cell cell(CheckContext ctx, UnitNormClassification data, LogisticLoss loss, LatencyModel m, double p, int n,
                             double chi, double zeta, double sigma, double radius, double window, int trials, int grid) {
        double ts = SkipLatency.timeoutFor(m, p);
        double perHop = SkipLatency.perHop(m, chi, ts);
        long hmax = n * (long) Math.ceil(1.3 * window / perHop / n);
        long every = Math.max(1, hmax / 400);
        SkippingScheme alg = new SkippingScheme(loss, m, new SkippingScheme.Params(SkippingScheme.Path.RAND_RING,
                hmax, ts, chi, zeta, sigma, radius));
        double[][] curves = ctx.trials().runVectors(trials, ctx.seed(m.spec() + "/" + p), (i, rng) -> {
            double[] curve = new double[grid + 1];
            double[] last = {data.errorRate(new double[loss.dimension()])};
            int[] next = {0};
            alg.run(rng, every, (hop, ell, updates, tau) -> {
                while (next[0] <= grid && ell > window * next[0] / grid) {
                    curve[next[0]++] = last[0];
                }
                last[0] = data.errorRate(tau);
            });
            while (next[0] <= grid) {
                curve[next[0]++] = last[0];
            }
            return curve;
        });
        double[] areas = new double[trials];
        double[] mean = new double[grid + 1];
        double[] sd = new double[grid + 1];
        for (int i = 0; i < trials; i++) {
            double s = 0;
            for (int g = 1; g <= grid; g++) {
                s += curves[i][g];
                mean[g] += curves[i][g] / trials;
            }
            areas[i] = s / grid;
        }
        for (int i = 0; i < trials; i++) {
            for (int g = 1; g <= grid; g++) {
                sd[g] += (curves[i][g] - mean[g]) * (curves[i][g] - mean[g]) / (trials - 1);
            }
        }
        double[] x = new double[grid];
        double[] y = new double[grid];
        double[] e = new double[grid];
        for (int g = 1; g <= grid; g++) {
            x[g - 1] = window * g / grid;
            y[g - 1] = mean[g];
            e[g - 1] = Math.sqrt(sd[g]);
        }
        return new Cell(ts, hmax, areas, x, y, e);
    }
}
