package rwdp.claims.yakimenka;

import java.util.List;
import rwdp.random.MeanInterval;
import rwdp.algo.SkippingScheme;
import rwdp.bounds.skipping.SkipErrorBound;
import rwdp.bounds.skipping.SkipLatency;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.latency.LatencyModel;
import rwdp.model.LogisticLoss;
import rwdp.model.UnitNormClassification;
import rwdp.model.Vectors;
import rwdp.random.MonteCarlo;
import rwdp.random.SummaryStats;

/** The Monte Carlo checks of Yakimenka et al.: Lemma 1, Theorem 1 and Fig. 4. */
final class SkipSimulationChecks {
    private SkipSimulationChecks() {}

    /** Lemma 1: the mean total latency of Algorithm 1 equals h_max (χ + E[min(T, t_skip)]). */
    static Outcome lemma1(CheckContext ctx) {
        Evidence ev = new Evidence();
        int n = 10;
        long hmax = 200;
        double chi = 0.01;
        int trials = ctx.profile().pick(1000, 10_000);
        List<LatencyModel> models = YakimenkaCheckKit.paperModels();
        double[] ps = {0, 1e-4, 0.5, 0.7};
        int cases = models.size() * ps.length;
        // An equality claim: every interval must cover a true value, so the family runs at the run error that keeps a
        // true statement's chance of a wrong verdict below 1e-4 per run (at 0.999 it was 1e-3).
        double level = ev.family(cases, 1 - rwdp.claims.Multiplicity.RUN_ERROR);
        UnitNormClassification data = UnitNormClassification.synthetic(n, 40, 3, ctx.seed("data"));
        LogisticLoss loss = data.loss();
        Table t = ev.table("total latency of Algorithm 1 (n = 10, h_max = 200, χ = 1/100, " + trials + " runs)",
                "model", "p", "t_skip", "Lemma 1", "simulated mean", "CI lower", "CI upper");
        boolean ok = true;
        int c = 0;
        double widest = 0;
        for (LatencyModel m : models) {
            for (double p : ps) {
                double ts = SkipLatency.timeoutFor(m, p);
                SkippingScheme alg = new SkippingScheme(loss, m, new SkippingScheme.Params(SkippingScheme.Path.RAND_RING,
                        hmax, ts, chi, 0.5, 1, 1));
                double[] lat = ctx.trials().run(trials, ctx.seed(m.spec() + "/" + p), (i, rng) -> alg.run(rng).latency());
                SummaryStats s = SummaryStats.of(lat, level);
                double formula = SkipLatency.expectedTotal(m, chi, ts, hmax);
                ok &= formula >= s.lower() && formula <= s.upper();
                widest = Math.max(widest, (s.upper() - s.lower()) / 2 / formula);
                t.row(m.spec(), p, ts, formula, s.mean(), s.lower(), s.upper());
                c++;
            }
        }
        ev.put("cases", c).put("ci_level_each", level).put("runs_per_case", trials).put("largest_relative_ci_half_width", widest);
        ev.power(widest < 0.05 ? Power.strong(String.format(java.util.Locale.ROOT,
                "two-sided intervals at family level 1 − 1e-5; a formula off by more than %.2g%% would fall outside", 100 * widest))
                : Power.weak(String.format(java.util.Locale.ROOT, "intervals as wide as %.2g%% of the value", 100 * widest)));
        ev.note("Equality claim: HOLDS when every Lemma 1 value lies inside its simulated confidence interval (family error 1e-5, Bonferroni).");
        return Outcome.of(ok, ev);
    }

    /** Returns τ* = argmin over the ball of radius R of the average loss, by projected gradient descent. */
    static double[] constrainedMinimiser(LogisticLoss loss, double radius) {
        int d = loss.dimension();
        double[] w = new double[d];
        double[] g = new double[d];
        double[] scratch = new double[d];
        double beta = 0;
        for (int i = 0; i < loss.nodes(); i++) {
            beta = Math.max(beta, loss.smoothness(i));
        }
        double step = 1 / beta;
        for (int it = 0; it < 50_000; it++) {
            loss.averageGradient(w, g, scratch);
            double moved = 0;
            for (int j = 0; j < d; j++) {
                double nw = w[j] - step * g[j];
                moved += (nw - w[j]) * (nw - w[j]);
                w[j] = nw;
            }
            Vectors.projectOntoBall(w, radius);
            if (moved < 1e-26) {
                break;
            }
        }
        return w;
    }

    /** Theorem 1: the Monte Carlo mean of f(τ_{h_max}) − f(τ*) stays below the bound, for each path and p. */
    static Outcome thm1(CheckContext ctx) {
        Evidence ev = new Evidence();
        int n = 10;
        int d = 5;
        double radius = 1;
        double diameter = 2 * radius;
        double sigma = 0.2;
        double k = 1;
        double zeta = diameter / Math.sqrt(k * k + d * sigma * sigma);
        long hmax = ctx.profile().pick(2000, 20000);
        int trials = ctx.profile().pick(30, 400);
        UnitNormClassification data = UnitNormClassification.synthetic(n, 500, d, ctx.seed("data"));
        LogisticLoss loss = data.loss();
        double[] star = constrainedMinimiser(loss, radius);
        double fStar = loss.average(star);
        LatencyModel m = rwdp.latency.LatencyModels.paperExponential();
        Table t = ev.table("E[f(τ_hmax)] − f(τ*) (n = 10, d = 5, d_W = 2, σ = 0.2, ζ = d_W/√(k² + dσ²), h_max = " + hmax + ")",
                "path", "p", "|λ_1|", "Theorem 1 bound", "mean error", "CI upper", "bound / CI upper");
        Verdict verdict = Verdict.HOLDS;
        double worstRatio = Double.POSITIVE_INFINITY;
        int cases = 0;
        for (SkippingScheme.Path path : SkippingScheme.Path.values()) {
            for (double p : new double[] {0.01, 0.3, 0.7}) {
                boolean randomized = path != SkippingScheme.Path.RING;
                SkipErrorBound.Params q = new SkipErrorBound.Params(n, p, zeta, k, d, sigma, diameter, randomized);
                double bound = SkipErrorBound.bound(q, hmax);
                SkippingScheme alg = new SkippingScheme(loss, m, new SkippingScheme.Params(path, hmax,
                        SkipLatency.timeoutFor(m, p), 0.01, zeta, sigma, radius));
                double[] err = ctx.trials().run(trials, ctx.seed(path + "/" + p), (i, rng) -> loss.average(alg.run(rng).tau()) - fStar);
                SummaryStats s = SummaryStats.of(err, 1 - 1e-3 / 9);
                Outcome o = Outcome.atMost(s, bound, new Evidence());
                if (o.verdict() != Verdict.HOLDS) {
                    verdict = o.verdict() == Verdict.VIOLATED || verdict == Verdict.VIOLATED ? Verdict.VIOLATED : Verdict.INCONCLUSIVE;
                }
                worstRatio = Math.min(worstRatio, bound / s.upper());
                t.row(path.label(), p, q.lambda1(), bound, s.mean(), s.upper(), bound / s.upper());
                cases++;
            }
        }
        ev.put("cases", cases).put("runs_per_case", trials).put("f_star", fStar).put("trivial_bound_k_dW", k * diameter)
                .put("worst_ratio_bound_over_ci_upper", worstRatio);
        ev.slack(worstRatio);
        ev.power(Power.ofSlack(worstRatio, "Theorem 1 is a worst case over all k-Lipschitz convex losses, with constants "
                + "(d_W² + ζ²(k² + dσ²))(2 + ln h)/ζ plus a √n bias term; logistic regression is far from that worst case, and with "
                + "the paper's σ ≈ 10.6 the bound exceeds k·d_W, the largest error possible, so the check uses a small σ; we know "
                + "no simple instance that brings it near 1"));
        ev.note("τ* is the minimiser over the ball W (projected gradient descent to a step below 1e-14), as in problem (1). The bound is far from tight: the mean error is orders of magnitude below it.");
        return new Outcome(verdict, ev);
    }

    /**
     * Fig. 4, first row: Skip-Rand-Ring logistic regression, mean test error rate averaged over the
     * latency window, for p = 1e-4 against p = 7/10, per latency model.
     */
    /** What the Fig. 4 checks on the synthetic stand-in record under {@code substitute_data} (rule 5 of the README). */
    static final String SUBSTITUTE_DATA = "a synthetic unit-norm two-class task (UnitNormClassification.synthetic) for the paper's binarised housing data";

    static Outcome fig4(CheckContext ctx) {
        Evidence ev = new Evidence();
        ErrorRateCurves.Setting setting = ErrorRateCurves.Setting.paper(ctx, 12);
        int n = setting.n();
        double window = setting.window();
        int trials = setting.trials();
        UnitNormClassification data = UnitNormClassification.synthetic(n, 500, 4, ctx.seed("data"));
        LogisticLoss loss = data.loss();
        double z = rwdp.random.Quantiles.normal(1 - 1e-3 / 6);
        Table t = ev.table("mean error rate over latency [0, " + window + "] (Skip-Rand-Ring, n = 10, " + trials + " runs)",
                "model", "p", "t_skip", "hops", "mean error rate (area)", "± CI", "final error rate");
        boolean ok = true;
        boolean inconclusive = false;
        for (LatencyModel m : YakimenkaCheckKit.paperModels()) {
            ErrorRateCurves.Comparison cmp = ErrorRateCurves.compare(ctx, data, loss, m, YakimenkaCheckKit.PAPER_P, setting, z, t);
            cmp.figure(ctx, ev, "Skip-Rand-Ring logistic regression, n = 10, " + m.spec(), ErrorRateCurves.figureName(m),
                    "Fig. 4 (top row) stand-in: mean test error rate vs latency, " + m.spec()
                    + ", error bars = one standard deviation over runs.");
            // Skipping (p = 7/10, the last of PAPER_P) against virtually none (p = 1e-4, the first).
            double diff = cmp.difference();
            double hw = cmp.halfWidth();
            boolean exponential = m.spec().startsWith("exp");
            boolean separated = Math.abs(diff) > hw;
            if (!separated) {
                inconclusive = true;
                ev.cell(m.spec(), Verdict.INCONCLUSIVE);
            } else {
                ok &= exponential ? diff > 0 : diff < 0;
                ev.cell(m.spec(), (exponential ? diff > 0 : diff < 0) ? Verdict.HOLDS : Verdict.VIOLATED);
            }
            ev.put(m.spec() + " area(p=0.7) − area(p=1e-4)", diff).put(m.spec() + " CI half-width", hw);
        }
        ev.note("Task: the synthetic unit-norm stand-in (UnitNormClassification.synthetic, 500 points, d = 4, 80/20 split), ε = 1, δ = 1e-6 so σ ≈ 10.5976, ζ = 6/10, d_W = 10, χ = 1/100, full local batches.");
        ev.put(rwdp.claims.LabelRules.SUBSTITUTE_DATA, SUBSTITUTE_DATA);
        ev.power(inconclusive ? Power.weak("substitute data (a synthetic unit-norm stand-in for the paper's housing data); with the paper's σ ≈ 10.6 the task learns slowly; at this run count the exponential and Pareto II differences stay inside their intervals")
                : Power.weak("substitute data (a synthetic unit-norm stand-in for the paper's housing data): every model's difference lies outside its interval (family 1e-3), but on data the paper did not use"));
        ev.note("Expected INCONCLUSIVE in the quick profile: with the paper's σ ≈ 10.6 the stand-in task learns slowly (error rates near 0.45 after 1000 time units), so 12 runs cannot separate the p values for the exponential and Pareto II models; gamma separates in the predicted direction.");
        ev.note("Statistic: the error rate averaged over the latency window (area under the curve), so lower means faster learning; "
                + "HOLDS when p = 7/10 beats p = 1e-4 for gamma and Pareto II and loses for exponential, each difference outside its CI (family 1e-3); "
                + "on this substitute a difference against the paper makes the label INCONCLUSIVE, never VIOLATED.");
        return YakimenkaCheckKit.decidedOnSubstitute(ok, !inconclusive, ev);
    }

    /**
     * The mechanism behind Fig. 4 (§VI-C1, "as predicted well by Lemma 2"): the number of token
     * updates per unit of latency of Algorithm 1 for p = 7/10 against p = 1e-4, per latency model,
     * next to Lemma 2's prediction 1/(mean time between updates).
     */
    static Outcome fig4Updates(CheckContext ctx) {
        Evidence ev = new Evidence();
        int n = 10;
        double chi = 0.01;
        int trials = ctx.profile().pick(100, 1000);
        UnitNormClassification data = UnitNormClassification.synthetic(n, 40, 2, ctx.seed("data"));
        LogisticLoss loss = data.loss();
        double z = rwdp.random.Quantiles.normal(1 - 1e-3 / 6);
        Table t = ev.table("token updates per unit latency (Skip-Rand-Ring, n = 10, χ = 1/100, " + trials + " runs per case)",
                "model", "latency budget", "p", "Lemma 2 rate 1/E[time between updates]", "simulated rate", "± CI");
        boolean ok = true;
        boolean separated = true;
        for (LatencyModel m : YakimenkaCheckKit.paperModels()) {
            // The exponential rates differ by about 2% (0.990 vs 0.968), so that model gets the longest runs.
            double budget = m.spec().startsWith("exp") ? 5000 : m.spec().startsWith("lomax") ? 1000 : 100;
            double[] rate = new double[2];
            double[] half = new double[2];
            double[] ps = {1e-4, 0.7};
            for (int i = 0; i < 2; i++) {
                double ts = SkipLatency.timeoutFor(m, ps[i]);
                long hmax = n * Math.max(1, Math.round(budget / SkipLatency.perHop(m, chi, ts) / n));
                SkippingScheme alg = new SkippingScheme(loss, m, new SkippingScheme.Params(SkippingScheme.Path.RAND_RING,
                        hmax, ts, chi, 0.5, 1, 1));
                double[] r = ctx.trials().run(trials, ctx.seed(m.spec() + "/" + ps[i]), (k, rng) -> {
                    SkippingScheme.Result res = alg.run(rng);
                    return res.updates() / res.latency();
                });
                SummaryStats s = SummaryStats.of(r, 0.99);
                rate[i] = s.mean();
                half[i] = YakimenkaCheckKit.halfWidth(z, s, trials);
                t.row(m.spec(), budget, ps[i], 1 / SkipLatency.meanTimeBetweenUpdates(m, chi, ts), s.mean(), half[i]);
            }
            boolean exponential = m.spec().startsWith("exp");
            double diff = rate[1] - rate[0];
            double hw = YakimenkaCheckKit.differenceHalfWidth(half[0], half[1]);
            separated &= Math.abs(diff) > hw;
            ok &= Math.abs(diff) <= hw || (exponential ? diff < 0 : diff > 0);
            ev.put(m.spec() + " rate(p=0.7) − rate(p=1e-4)", diff).put(m.spec() + " CI half-width", hw);
        }
        ev.power(separated ? Power.strong("each model's rate difference lies outside its interval (family 1e-3); the exponential gap is about 2%")
                : Power.weak("at least one model's rate difference stays inside its interval"));
        ev.note("HOLDS when skipping (p = 7/10) gives more updates per unit latency than p = 1e-4 for gamma and Pareto II, and fewer for the exponential model, each difference outside its CI (family 1e-3).");
        return YakimenkaCheckKit.decided(ok, separated, ev);
    }

    /** Fig. 4 (§VI-C1) for the gamma model alone: p = 7/10 lowers the error rate averaged over the latency window. */
    static Outcome fig4Gamma(CheckContext ctx) {
        Evidence ev = new Evidence();
        int n = 10;
        double chi = 0.01;
        double window = ctx.profile().pick(1000.0, 8000.0);
        // The effect varies with the task drawn (one draw, at run seed 57, gave −0.014 where draws give −0.058 ± 0.011 on
        // average): it is decided over independent draws of the task, a Student-t interval on the per-draw differences.
        int draws = ctx.profile().pick(64, 100);
        int runs = ctx.profile().pick(4, 3);
        int grid = 40;
        double level = 0.999;
        LatencyModel m = rwdp.latency.LatencyModels.paperGamma();
        double sigma = SkippingScheme.gaussianSigma(1, 1, 1e-6);
        double[] ps = {1e-4, 0.7};
        double[] ts = new double[2];
        long[] hmax = new long[2];
        for (int i = 0; i < 2; i++) {
            ts[i] = SkipLatency.timeoutFor(m, ps[i]);
            hmax[i] = n * (long) Math.ceil(1.05 * window / SkipLatency.perHop(m, chi, ts[i]) / n);
        }
        double[][] area = new double[2][draws];
        double[] diff = new double[draws];
        for (int d = 0; d < draws; d++) {
            UnitNormClassification data = UnitNormClassification.synthetic(n, 500, 4, ctx.seed("data" + d));
            LogisticLoss loss = data.loss();
            for (int i = 0; i < 2; i++) {
                long every = Math.max(1, hmax[i] / 200);
                SkippingScheme alg = new SkippingScheme(loss, m, new SkippingScheme.Params(SkippingScheme.Path.RAND_RING, hmax[i],
                        ts[i], chi, 0.6, sigma, 5));
                double[] areas = ctx.trials().run(runs, ctx.seed("p" + ps[i] + "-" + d), (k, rng) -> {
                    double[] sum = {0};
                    double[] last = {data.errorRate(new double[loss.dimension()])};
                    int[] next = {1};
                    alg.run(rng, every, (h, ell, updates, tau) -> {
                        while (next[0] <= grid && ell > window * next[0] / grid) {
                            sum[0] += last[0];
                            next[0]++;
                        }
                        last[0] = data.errorRate(tau);
                    });
                    while (next[0] <= grid) {
                        sum[0] += last[0];
                        next[0]++;
                    }
                    return sum[0] / grid;
                });
                area[i][d] = java.util.Arrays.stream(areas).average().orElseThrow();
            }
            diff[d] = area[1][d] - area[0][d];
        }
        Table t = ev.table("error rate averaged over latency [0, " + window + "] (gamma latency, Skip-Rand-Ring, n = 10; " + draws
                + " task draws x " + runs + " runs; t interval over draws at " + level + ")", "p", "t_skip", "hops", "mean area", "± CI");
        for (int i = 0; i < 2; i++) {
            MeanInterval a = MeanInterval.studentT(area[i], level);
            t.row(ps[i], ts[i], hmax[i], a.mean(), a.halfWidth());
        }
        MeanInterval dm = MeanInterval.studentT(diff, level);
        ev.put("area(p=0.7) − area(p=1e-4)", dm.mean()).put("ci_half_width", dm.halfWidth());
        ev.put("task_draws", draws).put("runs_per_draw", runs).put("draw_sd", dm.standardDeviation());
        ev.put(rwdp.claims.LabelRules.SUBSTITUTE_DATA, SUBSTITUTE_DATA);
        ev.power(Math.abs(dm.mean()) > dm.halfWidth() ? Power.weak(String.format(java.util.Locale.ROOT, "substitute data (a synthetic unit-norm stand-in for the paper's housing data): the difference is %.1f interval half-widths from 0 over %d task draws", Math.abs(dm.mean()) / dm.halfWidth(), draws))
                : Power.weak("substitute data (a synthetic unit-norm stand-in for the paper's housing data): the difference stays inside its interval"));
        ev.note("Same task family and parameters as yakimenka.fig4 (σ ≈ 10.5976, ζ = 6/10, d_W = 10, χ = 1/100), one task per draw; lower area = faster learning.");
        Verdict v = Math.abs(dm.mean()) <= dm.halfWidth() ? Verdict.INCONCLUSIVE : dm.mean() < 0 ? Verdict.HOLDS : Verdict.VIOLATED;
        return new Outcome(v, ev);
    }
}
