package rwdp.claims.ayache;

import java.util.Arrays;
import org.apache.commons.math3.special.Erf;
import rwdp.algo.PrivateWeightedRwSgd.GradientWeights;
import rwdp.bounds.convergence.RwSgdConstants;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.experiment.LogisticWalkExperiment;
import rwdp.markov.WeightScheme;
import rwdp.model.GramNewtonSolver;
import rwdp.model.LogisticLoss;
import rwdp.model.Vectors;
import rwdp.mechanism.GammaMechanism;
import rwdp.random.SummaryStats;
import rwdp.plot.Charts;

/** Checks of the rates of Theorems 1-2 and eq. (10)-(11), and of Alg. 3 given its noise (Ayache et al., §III-C and §IV). */
final class RateChecks {
    private RateChecks() {}

    /** Returns an upper bound on f(w) − f(w*) over the ball: Σ_i softplus(R||x_i||) + R²/2 − f(w*). */
    static double largestError(LogisticWalkExperiment s) {
        double r = s.settings().radius();
        LogisticLoss loss = s.loss();
        double m = 0.5 * loss.ridge() * r * r;
        for (int i = 0; i < loss.nodes(); i++) {
            double[] x = loss.feature(i, 0);
            m += loss.scale() / loss.nodes() * LogisticLoss.softplus(r * Math.sqrt(Vectors.dot(x, x)));
        }
        return m - s.optimum().value();
    }

    /** Returns the first checkpoint at or past updates/32: the rate fits start there (the last five octaves). */
    static int lastOctaves(long[] checkpoints, long updates) {
        int from = 0;
        while (checkpoints[from] < updates / 32) {
            from++;
        }
        return from;
    }

    /** Returns the log-log slope of each of the first {@code runs} runs' w̄ error ({@code average}) from checkpoint {@code from} on. */
    static double[] slopes(long[] checkpoints, double[][] average, int runs, int from) {
        double[] slopes = new double[runs];
        for (int k = 0; k < runs; k++) {
            slopes[k] = slope(checkpoints, average[k], from);
        }
        return slopes;
    }

    /** Returns the largest mean error over C/k^(1−q) (the rate with its O(·) constant taken as 1) from checkpoint {@code from} on, at least 0. */
    static double maxRatio(double[] mean, long[] checkpoints, int from, double c, double q) {
        double maxRatio = 0;
        for (int k = from; k < checkpoints.length; k++) {
            maxRatio = Math.max(maxRatio, mean[k] / RwSgdConstants.rate(c, checkpoints[k], q));
        }
        return maxRatio;
    }

    /** Theorem 1 or 2: the log-log slope of the w̄ error is at most −(1 − q) + 0.1. */
    static Outcome rate(CheckContext ctx, LogisticWalkExperiment.Algorithm alg) {
        Evidence ev = new Evidence();
        int n = ctx.profile().pick(30, 100);
        long updates = ctx.profile().pick(20_000L, 200_000L);
        int runs = ctx.profile().pick(12, 40);
        LogisticWalkExperiment s = AyacheCheckKit.setup(ctx, n, 10);
        LogisticWalkExperiment.Runs r = AyacheCheckKit.runs(ctx, "rate-" + alg, s, LogisticWalkExperiment.factory(alg), runs, updates);
        double q = s.settings().q();
        long[] cps = r.checkpoints();
        int from = lastOctaves(cps, updates);
        SummaryStats st = SummaryStats.of(slopes(cps, r.average(), runs, from), 0.99);
        double[] l = s.smoothness();
        WeightScheme scheme = WeightScheme.of(alg == LogisticWalkExperiment.Algorithm.UNIFORM ? WeightScheme.Kind.MH_UNIFORM
                : WeightScheme.Kind.MH_WEIGHTED);
        double lambdaP = scheme.build(s.graph(), l).spectrum().lambdaP();
        double sigma2 = RwSgdConstants.sigma2(s.loss(), s.optimum().w());
        double c = alg == LogisticWalkExperiment.Algorithm.UNIFORM ? RwSgdConstants.uniform(sigma2, l, lambdaP)
                : RwSgdConstants.weighted(sigma2, l, lambdaP);
        double[] mean = r.meanAverage();
        double maxRatio = maxRatio(mean, cps, from, c, q);
        double[] ks = new double[cps.length];
        double[] bound = new double[cps.length];
        for (int k = 0; k < cps.length; k++) {
            ks[k] = cps[k];
            bound[k] = RwSgdConstants.rate(c, cps[k], q);
        }
        double top = largestError(s);
        ev.put("setup", s.describe()).put("runs", runs).put("sigma2", sigma2).put("lambda_P", lambdaP).put("C", c)
                .put("target_slope", -(1 - q)).put("max_mean_error_over_C_k^-(1-q)", maxRatio)
                .put("largest_error_on_ball", top)
                .put("k_where_C_k^-(1-q)_reaches_largest_error", Math.pow(c / top, 1 / (1 - q)));
        String name = "rate";
        Charts.xy((alg == LogisticWalkExperiment.Algorithm.UNIFORM ? "Theorem 1 (Alg. 1)" : "Theorem 2 (Alg. 2)") + ": error of w̄_k",
                        "SGD updates k", "E f(w̄_k) − f(w*)").logX().logY()
                .add(Charts.Series.line("mean over " + runs + " runs", ks, mean))
                .add(Charts.Series.dashed("C / k^(1−q)", ks, bound))
                .save(ctx.figure(name));
        ev.figure(ctx.figureFile(name), "Mean error of the weighted average w̄_k (v = 10) and the rate C/k^(1−q) with the theorem's constant.");
        Outcome slopeVerdict = Outcome.atMost(st, -(1 - q) + 0.1, ev);
        ev.slack(1 / maxRatio).power(Power.weak(String.format(java.util.Locale.ROOT,
                "the slope half (99%% CI upper %.3f against %.2f) is the part that can fail; the C/k^(1−q) half (O(·) constant taken as 1) has slack %.3g "
                        + "and cannot bind: C = %.3g is dominated by σ² and (sup L)², and C/k^(1−q) stays above the largest error reachable on the ball "
                        + "(%.3g) until k ≈ %.2g updates", st.upper(), -(1 - q) + 0.1, 1 / maxRatio, c, top, Math.pow(c / top, 1 / (1 - q)))));
        // "The error divided by C/k^(1−q) stays bounded": checked with the O(·) constant taken as 1.
        return maxRatio <= 1 ? slopeVerdict : Outcome.of(false, ev);
    }

    /**
     * eq. (10) and (11) for Alg. 3 with the unbiased gradient weights R̄/R(L_i) (see
     * {@link #alg3GivenNoise}): the Gamma mechanism (θ = 10) and the truncated Gamma
     * mechanism clipped to the data's [min L, max L]; per run the slope of the w̄ error, and the
     * mean error against C_R/k^{1−q} (eq. (10), C_R from that run's noise) and eq. (11)'s constant.
     */
    static Outcome privateRate(CheckContext ctx) {
        Evidence ev = new Evidence();
        int n = ctx.profile().pick(30, 100);
        long updates = ctx.profile().pick(20_000L, 200_000L);
        int runs = ctx.profile().pick(12, 40);
        LogisticWalkExperiment s = AyacheCheckKit.setup(ctx, n, 10);
        double[] l = s.smoothness();
        double lMin = Arrays.stream(l).min().orElseThrow();
        double lMax = Arrays.stream(l).max().orElseThrow();
        double q = s.settings().q();
        double sigma2 = RwSgdConstants.sigma2(s.loss(), s.optimum().w());
        double top = largestError(s);
        Table t = ev.table("Alg. 3 rates (99% CI of the per-run slope of the w̄ error over the last five octaves; family of 2)", "mechanism",
                "slope mean", "slope upper", "max mean error / (C/k^(1−q))", "C");
        boolean ok = true;
        double level = ev.family(2, 0.99);
        String[] names = {"Gamma θ=10", "truncated Gamma θ=10"};
        GammaMechanism[] mechs = {GammaMechanism.of(10), GammaMechanism.truncated(10, lMin, lMax)};
        double worstUpper = Double.NEGATIVE_INFINITY;
        double slack = Double.POSITIVE_INFINITY;
        double smallestC = Double.POSITIVE_INFINITY;
        for (int m = 0; m < 2; m++) {
            GammaMechanism mech = mechs[m];
            String key = "private-rate-" + m;
            LogisticWalkExperiment.Runs r = AyacheCheckKit.runs(ctx, key, s, LogisticWalkExperiment.gamma(mech,
                    GradientWeights.RELEASED), runs, updates);
            long[] cps = r.checkpoints();
            int from = lastOctaves(cps, updates);
            SummaryStats st = SummaryStats.of(slopes(cps, r.average(), runs, from), level);
            double c;
            if (m == 0) {
                // eq. (10) is conditional on the noise: take the noise of run 0, redrawn exactly as the run drew it.
                double[] released = mech.releaseAll(l, rwdp.random.Rngs.stream(ctx.seed(key), 0));
                double lambdaP = WeightScheme.of(WeightScheme.Kind.MH_WEIGHTED).build(s.graph(), released).spectrum().lambdaP();
                c = RwSgdConstants.privateGivenNoise(sigma2, released, lambdaP);
            } else {
                c = RwSgdConstants.truncatedGamma(sigma2, lMin, lMax);
            }
            double maxRatio = maxRatio(r.meanAverage(), cps, from, c, q);
            ok &= st.upper() <= -(1 - q) + 0.1 && maxRatio <= 1;
            worstUpper = Math.max(worstUpper, st.upper());
            slack = Math.min(slack, 1 / maxRatio);
            smallestC = Math.min(smallestC, c);
            t.row(names[m], st.mean(), st.upper(), maxRatio, c);
        }
        ev.put("setup", s.describe()).put("runs", runs).put("sigma2", sigma2).put("target_slope", -(1 - q))
                .put("L_range", "[" + lMin + ", " + lMax + "]").put("largest_error_on_ball", top)
                .note("The O(·) constants are unknown; 'bounded' is checked as mean error ≤ C/k^(1−q) with the constant taken as 1.");
        ev.slack(slack).power(Power.weak(String.format(java.util.Locale.ROOT,
                "the slope half (worst 99%% CI upper %.3f against %.2f) is the part that can fail; the C/k^(1−q) half has slack %.3g and cannot bind: "
                        + "the smallest C (%.3g) over k^(1−q) stays above the largest error reachable on the ball (%.3g) until k ≈ %.2g",
                worstUpper, -(1 - q) + 0.1, slack, smallestC, top, Math.pow(smallestC / top, 1 / (1 - q)))));
        return Outcome.of(ok, ev);
    }

    /**
     * Alg. 3 given its noise: as printed (gradient (L̄/L_i)∇f_i) the walk's stationary law is
     * π_R ∝ R, so SGD converges to the minimiser w_R* of Σ π_R(i)(L̄/L_i) f_i, not w*. The floor
     * f(w_R*) − f(w*) is computed twice (Newton through the Gram matrix, and the projected
     * first-order solver); the mean-field gradient at w* is non-zero; Monte Carlo runs with the
     * same noise show the plateau, and the unbiased weights R̄/R(L_i) go below it. The verdict rests
     * on the deterministic floor; the Monte Carlo runs only confirm it, so runs that fail to confirm
     * make it INCONCLUSIVE, never HOLDS.
     */
    static Outcome alg3GivenNoise(CheckContext ctx) {
        Evidence ev = new Evidence();
        LogisticWalkExperiment s = AyacheCheckKit.setup(ctx, 20, 10);
        double[] l = s.smoothness();
        int n = l.length;
        long updates = ctx.profile().pick(30_000L, 300_000L);
        int runs = ctx.profile().pick(12, 48);
        // The printed variant's runs carry the confirmation: four times as many in quick (twice in full), so its order
        // statistic sits well up. With 24 the 200-seed sweep met a margin of 1.71 robust sd (i = 149), a failure chance
        // of 3e-3 at that seed; with 48 (rank 14) it gives 1e-8, and the smallest margin over i = 143..199 then, 1.46, 5e-6.
        int printedRuns = ctx.profile().pick(4, 2) * runs;
        double fStar = s.optimum().value();
        double lbar = Arrays.stream(l).average().orElseThrow();
        GramNewtonSolver solver = new GramNewtonSolver(s.loss(), s.settings().radius());
        Table t = ev.table("Alg. 3 given one draw of the noise: last-decade mean error (99% CI, family of 4) against the floor f(w_R*) − f(w*)",
                "θ", "floor (Newton)", "floor (projected first-order)", "||mean-field gradient at w*||", "printed: mean", "printed: median lower bound",
                "R̄/R weights: mean", "R̄/R weights: CI upper");
        double level = ev.family(4, 0.99);
        int rank = medianLowerRank(printedRuns, 1 - level);
        boolean floorShown = true;
        boolean confirmed = true;
        boolean correctedBelow = true;
        double worstMargin = Double.POSITIVE_INFINITY;
        double failChance = 0;
        double smallestFloor = Double.POSITIVE_INFINITY;
        double[] wStar = s.optimum().w();
        double[] g = new double[wStar.length];
        double[] tmp = new double[wStar.length];
        Charts.Xy fig = Charts.xy("Alg. 3 given the noise (N = 20, v = 10)", "SGD updates", "mean f(w_k) − f(w*)").logX().logY();
        java.util.List<String> effect = new java.util.ArrayList<>();
        for (double theta : new double[] {10, 300}) {
            double[] r = GammaMechanism.of(theta).releaseAll(l, rwdp.random.Rngs.root(ctx.seed("noise" + theta)));
            double sum = Arrays.stream(r).sum();
            double[] a = new double[n];
            for (int i = 0; i < n; i++) {
                a[i] = r[i] / sum * lbar / l[i];
            }
            double floor = s.loss().average(solver.minimise(a, wStar)) - fStar;
            double floor2 = s.loss().average(rwdp.model.WeightedObjectiveSolver.minimise(s.loss(), a, s.settings().radius(), 1e-10)) - fStar;
            Arrays.fill(g, 0);
            for (int i = 0; i < n; i++) {
                s.loss().gradient(i, wStar, tmp);
                Vectors.axpy(a[i], tmp, g);
            }
            double meanField = Math.sqrt(Vectors.dot(g, g));
            // Sanity of the limit-point computation: with the unbiased weights a_i = 1/N it must return w*.
            double[] uniformA = new double[n];
            Arrays.fill(uniformA, 1.0 / n);
            double sanity = s.loss().average(solver.minimise(uniformA, new double[wStar.length])) - fStar;
            ev.put("unbiased_limit_gap_theta" + (int) theta, sanity);
            correctedBelow &= Math.abs(sanity) <= 1e-9 * Math.max(1, Math.abs(fStar));
            floorShown &= Math.abs(floor - floor2) <= 1e-6 * Math.max(floor, 1e-9) + 1e-9 && floor > 0 && meanField > 0;
            smallestFloor = Math.min(smallestFloor, floor);
            LogisticWalkExperiment.Runs printed = s.run(ctx.trials(), LogisticWalkExperiment.givenNoise(r, GradientWeights.PRINTED), printedRuns, updates, 40,
                    ctx.seed("p" + theta));
            LogisticWalkExperiment.Runs fixed = s.run(ctx.trials(), LogisticWalkExperiment.givenNoise(r, GradientWeights.RELEASED), runs, updates, 40,
                    ctx.seed("r" + theta));
            double[] tail = tailError(printed);
            SummaryStats sp = SummaryStats.of(tail, level);
            SummaryStats sr = SummaryStats.of(tailError(fixed), level);
            // The runs' errors are heavy-tailed upwards (a run that samples a small L_i with a large weight L̄/L_i leaves
            // the optimum for a while), so a mean interval reached below 0 while every run sat above the floor (run seed
            // 4611686018427387904, θ = 300: mean 3.35, lower end −1.05). The confirmation is distribution-free instead: the
            // rank-th smallest of the runs is a lower confidence bound for their median at the family's per-test level
            // (rank 14 of 48 in quick), which large runs cannot lower, and one stray low run cannot fail.
            double[] sorted = tail.clone();
            Arrays.sort(sorted);
            double bound = sorted[rank - 1];
            confirmed &= bound > 0.5 * floor;
            double margin = logMargin(tail, 0.5 * floor);
            worstMargin = Math.min(worstMargin, margin);
            failChance = Math.max(failChance, binomialUpperTail(printedRuns, 0.5 * Erf.erfc(margin / Math.sqrt(2)), rank));
            ev.put("confirmation_margin_sd_theta" + (int) theta, margin);
            t.row(theta, floor, floor2, meanField, sp.mean(), bound, sr.mean(), sr.upper());
            effect.add(String.format(java.util.Locale.ROOT, "θ = %.0f: f(w_R*) − f(w*) = %.3g, %.2g%% of f(w*) = %.4g", theta, floor,
                    100 * floor / Math.abs(fStar), fStar));
            double[] x = Arrays.stream(printed.checkpoints()).asDoubleStream().toArray();
            double[] fl = new double[x.length];
            Arrays.fill(fl, floor);
            fig.group(Charts.Series.line("as printed (L̄/L_i), θ=" + theta, x, printed.meanIterate()),
                    new Charts.Series("R̄/R(L_i) weights, θ=" + theta, x, fixed.meanIterate(), null, Charts.Style.DOTTED),
                    Charts.Series.dashed("floor f(w_R*) − f(w*), θ=" + theta, x, fl));
        }
        fig.save(ctx.figure("given-noise"));
        ev.figure(ctx.figureFile("given-noise"), "Alg. 3 with one fixed draw of the Gamma noise, one colour per θ: printed weights L̄/L_i (solid) and unbiased weights R̄/R(L_i) (dotted); "
                + "dashed: the deterministic limit gap f(w_R*) − f(w*) of the printed variant (the unbiased variant's limit is w*).");
        ev.put("setup", s.describe()).put("runs", runs).put("updates", updates).put("smallest_floor", smallestFloor)
                .put("counterexample", String.format(java.util.Locale.ROOT,
                        "%s, one Gamma draw per θ: the printed Alg. 3 converges to w_R* with f(w_R*) − f(w*) ≥ %.4g > 0 (Newton on the N × N Gram system), "
                                + "so eq. (10)'s vanishing bound fails", s.describe(), smallestFloor))
                .put("floor_shown", floorShown).put("printed_error_consistent_with_floor", confirmed)
                .put("unbiased_weights_limit_is_w_star", correctedBelow)
                .note("The limit of SGD with steps 1/k^q (Σγ = ∞, Σγ² < ∞) driven by an ergodic walk is the minimiser of the walk-averaged "
                        + "objective Σ π_R(i) c_i f_i; its gap to f(w*) is computed by damped Newton (Woodbury through the N × N Gram matrix) "
                        + "and again by the projected first-order WeightedObjectiveSolver; the non-zero mean-field gradient Σ π_R(i)(L̄/L_i)∇f_i(w*) "
                        + "with w* inside the ball is a third, direct reason w* is not the limit. The Monte Carlo columns confirm the runs stay above half the floor: "
                        + "the median of the printed runs' last-decade errors is above it, by the order statistic of rank confirmation_rank "
                        + "(a distribution-free lower bound for the median at the family's per-test level). "
                        + "The confirmation's margin is (median − ln(floor/2)) over the robust sd (1.4826 MAD) of the runs' ln errors, per θ; "
                        + "a run falls below half the floor with chance about p = Φ(−margin), so the confirmation fails with chance about "
                        + "P(Binomial(runs, p) ≥ rank), recorded (the larger over θ) as confirmation_failure_chance. "
                        + "The verdict rests on the floor: runs that fail to confirm it make the verdict INCONCLUSIVE, never HOLDS.");
        ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, "the printed Alg. 3 converges to w_R*, whose objective stays above the optimum "
                + "where eq. (10) says the error tends to 0: " + String.join("; ", effect));
        ev.put("printed_runs", printedRuns).put("confirmation_rank", rank).put("confirmation_margin_sd", worstMargin)
                .put("confirmation_failure_chance", failChance);
        ev.power(Power.strong("the floor is a deterministic positive limit computed two ways; eq. (10) needs the error to tend to 0"));
        if (!correctedBelow) {
            // The solver's sanity case failed: the floors it computed cannot be trusted either way.
            return new Outcome(Verdict.INCONCLUSIVE, ev.note("The limit-point solver did not return w* for the unbiased weights."));
        }
        if (!floorShown) {
            return Outcome.of(true, ev);
        }
        return confirmed ? Outcome.of(false, ev) : new Outcome(Verdict.INCONCLUSIVE,
                ev.note("A run ended below half the floor: the Monte Carlo runs do not confirm the deterministic floor, so nothing is decided."));
    }

    /**
     * Returns how many robust standard deviations the median of ln(xs) lies above ln(threshold): (median − ln threshold)
     * over 1.4826 times the median absolute deviation of ln(xs).
     */
    static double logMargin(double[] xs, double threshold) {
        double[] l = Arrays.stream(xs).map(x -> Math.log(Math.max(x, Double.MIN_NORMAL))).sorted().toArray();
        double med = median(l);
        double[] dev = Arrays.stream(l).map(x -> Math.abs(x - med)).sorted().toArray();
        return (med - Math.log(threshold)) / (1.4826 * median(dev));
    }

    /**
     * Returns the largest rank k with P(Binomial(n, 1/2) ≤ k − 1) ≤ alpha: the k-th smallest of n draws lies above their
     * median with chance at most alpha (at least 1: the caller's n must make even the smallest a bound).
     */
    static int medianLowerRank(int n, double alpha) {
        int k = 0;
        double cdf = 0;
        while (k < n) {
            double next = cdf + Math.exp(logChoose(n, k) - n * Math.log(2));
            if (next > alpha) {
                break;
            }
            cdf = next;
            k++;
        }
        if (k == 0) {
            throw new IllegalArgumentException("with " + n + " runs even the smallest is no lower bound at " + alpha);
        }
        return k;
    }

    /** Returns P(Binomial(n, p) ≥ k). */
    static double binomialUpperTail(int n, double p, int k) {
        double s = 0;
        for (int j = k; j <= n; j++) {
            s += Math.exp(logChoose(n, j) + j * Math.log(p) + (n - j) * Math.log1p(-p));
        }
        return s;
    }

    private static double logChoose(int n, int k) {
        double s = 0;
        for (int i = 1; i <= k; i++) {
            s += Math.log(n - k + i) - Math.log(i);
        }
        return s;
    }

    private static double median(double[] sorted) {
        int m = sorted.length;
        return m % 2 == 1 ? sorted[m / 2] : 0.5 * (sorted[m / 2 - 1] + sorted[m / 2]);
    }

    static double[] tailError(LogisticWalkExperiment.Runs r) {
        long[] cps = r.checkpoints();
        long last = cps[cps.length - 1];
        double[] out = new double[r.runs()];
        for (int run = 0; run < out.length; run++) {
            double s = 0;
            int m = 0;
            for (int k = 0; k < cps.length; k++) {
                if (cps[k] * 10 >= last) {
                    s += r.iterate(run, k);
                    m++;
                }
            }
            out[run] = s / m;
        }
        return out;
    }

    static double slope(long[] x, double[] y, int from) {
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        int m = 0;
        for (int k = from; k < x.length; k++) {
            double lx = Math.log(x[k]);
            double ly = Math.log(Math.max(y[k], 1e-300));
            sx += lx;
            sy += ly;
            sxx += lx * lx;
            sxy += lx * ly;
            m++;
        }
        return (m * sxy - sx * sy) / (m * sxx - sx * sx);
    }
}
