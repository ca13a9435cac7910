package rwdp.claims.yakimenka;

import rwdp.algo.SkippingScheme;
import rwdp.bounds.straggler.SkipLatency;
import rwdp.claims.CheckContext;
import rwdp.latency.LatencyModel;
import rwdp.model.LogisticLoss;
import rwdp.model.UnitNormClassification;
import rwdp.plot.Charts;
import rwdp.random.MonteCarlo;

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
        double[][] curves = MonteCarlo.runVectors(trials, ctx.seed(m.spec() + "/" + p), (i, rng) -> {
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
