package rwdp.claims.ayache;

import java.util.Arrays;
import java.util.List;
import rwdp.bounds.privacy.GammaMechanismPrivacy;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.experiment.LogisticWalkExperiment;
import rwdp.model.GramNewtonSolver;
import rwdp.mechanism.GammaMechanism;
import rwdp.mechanism.LaplaceMechanism;
import rwdp.random.SummaryStats;
import rwdp.plot.Charts;

/** Checks of Fig. 3: where (3, 0.03) is reachable over d, and the Gamma against the Laplace mechanism there (Ayache et al., §V). */
final class Fig3Checks {
    private Fig3Checks() {}

    static final double EPS = 3;
    static final double DELTA = 0.03;

    /** The Fig. 3 data (N = 20, v = 10, μ = 1, dimension d) of a claim, its L range and the Lemma 3 calibration at (3, 0.03). */
    record Fig3(LogisticWalkExperiment setup, int d, int draw, double lMin, double lMax, double lemma3Floor, double exactFloor,
                GammaMechanismPrivacy.ThetaSearch theta) {
        boolean reachable() {
            return theta.reachable();
        }
    }

    static Fig3 fig3Setup(CheckContext ctx, int d) {
        return fig3Setup(ctx, d, 0);
    }

    /** Draws the data at most this often for a cell whose statement is conditional on (3, 0.03) being reachable. */
    static final int REDRAWS = 25;

    /**
     * Returns the first data draw at dimension {@code d} on which (3, 0.03) is reachable (the
     * statement's condition), or the last one tried; a seed-dependent unreachable draw would make
     * the verdict depend on the seed, not on the claim.
     */
    static Fig3 reachableSetup(CheckContext ctx, int d) {
        Fig3 f = fig3Setup(ctx, d, 0);
        for (int draw = 1; draw < REDRAWS && !f.reachable(); draw++) {
            f = fig3Setup(ctx, d, draw);
        }
        return f;
    }

    static Fig3 fig3Setup(CheckContext ctx, int d, int draw) {
        LogisticWalkExperiment s = AyacheCheckKit.wideSetup(ctx, d, draw);
        double[] l = s.smoothness();
        double lMin = Arrays.stream(l).min().orElseThrow();
        double lMax = Arrays.stream(l).max().orElseThrow();
        double floor3 = GammaMechanismPrivacy.lemma3Floor(EPS, lMin, lMax);
        // Lemma 3's δ dips below its θ → ∞ floor by at most ≈ 0.02 (ayache.gamma-delta-floor): far above 3δ the scan cannot succeed.
        GammaMechanismPrivacy.ThetaSearch theta = floor3 > 3 * DELTA ? new GammaMechanismPrivacy.ThetaSearch(Double.NaN, floor3, false, floor3)
                : GammaMechanismPrivacy.thetaForLemma3(EPS, DELTA, lMin, lMax);
        return new Fig3(s, d, draw, lMin, lMax, floor3, GammaMechanismPrivacy.exactFloor(EPS, lMin, lMax), theta);
    }

    /** Fig. 3 as labelled: some θ makes the Gamma mechanism (3, 0.03)-LDP on the data's L range, swept over d. */
    static Outcome fig3PrivacyLevel(CheckContext ctx) {
        Evidence ev = new Evidence();
        int[] dims = {1, 2, 5, 10, 20, 50, 100, 200, 500};
        Table t = ev.table("(3, 0.03) on the L range of the Fig. 3 data (N = 20, v = 10, μ = 1·𝟙)", "d", "inf L", "sup L", "sup L / inf L",
                "δ(3) floor θ → ∞, Lemma 3", "δ(3) floor θ → ∞, exact", "smallest δ(3) on the θ scan, exact (floor when above 3δ: not scanned)", "θ for (3, 0.03), Lemma 3", "reachable");
        List<Verdict> cells = new java.util.ArrayList<>();
        double[] x = new double[dims.length];
        double[] f3 = new double[dims.length];
        double[] fe = new double[dims.length];
        double[] target = new double[dims.length];
        int firstReachable = -1;
        int lastUnreachable = -1;
        double worstFloor = 0;
        int worstD = -1;
        double nearestFloor = Double.POSITIVE_INFINITY;
        int nearestD = -1;
        for (int k = 0; k < dims.length; k++) {
            Fig3 f = fig3Setup(ctx, dims[k]);
            // The exact δ is the tighter one: reachable by it whenever by Lemma 3.
            // Exact δ through the extreme pair (the worst pair: ayache.gamma-extreme-pair), scanned over θ like Lemma 3.
            GammaMechanismPrivacy.ThetaSearch ex = f.exactFloor() > 3 * DELTA
                    ? new GammaMechanismPrivacy.ThetaSearch(Double.NaN, f.exactFloor(), false, f.exactFloor())
                    : GammaMechanismPrivacy.smallestTheta(EPS, DELTA, f.lMin(), f.lMax(),
                    p -> Math.max(GammaMechanismPrivacy.pairDelta(EPS, p.theta(), f.lMax(), f.lMin()),
                            GammaMechanismPrivacy.pairDelta(EPS, p.theta(), f.lMin(), f.lMax())), f.exactFloor());
            boolean reach = f.reachable() || ex.reachable();
            cells.add(reach ? Verdict.HOLDS : Verdict.VIOLATED);
            ev.cell("d = " + dims[k], reach ? Verdict.HOLDS : Verdict.VIOLATED);
            t.row(dims[k], f.lMin(), f.lMax(), f.lMax() / f.lMin(), f.lemma3Floor(), f.exactFloor(), ex.floor(),
                    f.reachable() ? f.theta().theta() : "none", reach ? "yes" : "no");
            x[k] = dims[k];
            f3[k] = f.lemma3Floor();
            fe[k] = f.exactFloor();
            target[k] = DELTA;
            if (reach && firstReachable < 0) {
                firstReachable = dims[k];
            }
            if (!reach) {
                lastUnreachable = dims[k];
                if (ex.floor() > worstFloor) {
                    worstFloor = ex.floor();
                    worstD = dims[k];
                }
                if (ex.floor() < nearestFloor) {
                    nearestFloor = ex.floor();
                    nearestD = dims[k];
                }
            }
        }
        Charts.xy("Fig. 3: smallest δ at ε = 3 any θ gives (N = 20, v = 10)", "feature dimension d", "δ floor").logX().logY()
                .add(Charts.Series.line("Lemma 3", x, f3)).add(Charts.Series.line("exact", x, fe))
                .add(Charts.Series.dashed("δ = 0.03", x, target)).save(ctx.figure("delta-floor-vs-d"));
        ev.figure(ctx.figureFile("delta-floor-vs-d"), "The smallest δ(3) any θ reaches on the data's L range (the θ → ∞ floor), by d; "
                + "(3, 0.03) is reachable where the curve is below the dashed line.");
        ev.put("largest_unreachable_d", lastUnreachable).put("smallest_reachable_d", firstReachable)
                .note("L_i = 1 + N||x_i||²/4 with x ~ N(±μ·𝟙, v I_d): ||x||² concentrates as d grows, so sup L/inf L falls from hundreds (d = 1) "
                        + "towards 1, and the θ → ∞ floor of δ(3) with it. (3, 0.03) needs sup L/inf L ≲ 2. μ changes little at v = 10 (μ² ≪ v for μ ≤ 2).");
        if (worstD > 0) {
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, String.format(java.util.Locale.ROOT,
                    "where (3, 0.03) is out of reach the smallest δ(3) any θ gives (exact) is %.2f× the target %.2g at d = %d (δ = %.3g) "
                            + "and %.2f× at d = %d (δ = %.3g)%s", worstFloor / DELTA, DELTA, worstD, worstFloor, nearestFloor / DELTA,
                    nearestD, nearestFloor, firstReachable > 0 ? "; first reached at d = " + firstReachable : ""));
        }
        ev.power(Power.strong("closed-form θ → ∞ floors of δ (Lemma 3 and exact) on each data draw's L range"));
        Verdict v = AyacheCheckKit.overSweep(cells);
        return new Outcome(v, ev);
    }

    /** Limit errors E_R[f(w_R*) − f(w*)] of Alg. 3 (printed weights) over noise draws, per mechanism. */
    record Limits(SummaryStats gamma, SummaryStats matched, SummaryStats pure, double bMatched, double bPure) {}

    /** Dimensions of the Fig. 3 comparison: where (3, 0.03) is reachable for every data draw tried. */
    static int[] fig3Dims(CheckContext ctx) {
        // d = 200 only in the full profile: there the Laplace limit errors are heavy-tailed (releases clipped near the floor),
        // so the interval of their mean needs thousands of draws.
        return ctx.profile().pick(new int[] {100}, new int[] {100, 200});
    }

    static Limits fig3Limits(CheckContext ctx, Fig3 f, double level, int draws) {
        LogisticWalkExperiment s = f.setup();
        double[] l = s.smoothness();
        double lbar = Arrays.stream(l).average().orElseThrow();
        double fStar = s.optimum().value();
        double floorL = 1e-3 * f.lMin();
        double theta = f.theta().theta();
        GammaMechanism gm = GammaMechanism.of(theta);
        // "same noise variance as the Gamma": one scale for every node, 2b² = θ L̄ (the Gamma's mean variance).
        double bMatched = Math.sqrt(theta * lbar / 2);
        double bPure = (f.lMax() - f.lMin()) / EPS;
        LaplaceMechanism lv = new LaplaceMechanism(bMatched, Double.NaN, floorL);
        LaplaceMechanism lp = LaplaceMechanism.pure(EPS, f.lMin(), f.lMax(), floorL);
        GramNewtonSolver solver = new GramNewtonSolver(s.loss(), s.settings().radius());
        double[] wStar = s.optimum().w();
        // Serializable, with all it captures, so a cluster report ships these trials to the executors like the others.
        java.util.function.Function<double[], Double> gap = (java.util.function.Function<double[], Double> & java.io.Serializable) r -> {
            double sum = Arrays.stream(r).sum();
            double[] a = new double[l.length];
            for (int i = 0; i < l.length; i++) {
                a[i] = r[i] / sum * lbar / l[i];
            }
            return s.loss().average(solver.minimise(a, wStar)) - fStar;
        };
        String tag = "/" + f.d() + (f.draw() == 0 ? "" : "/draw" + f.draw());
        double[] g = ctx.trials().run(draws, ctx.seed("limit-g" + tag), (i, rng) -> gap.apply(gm.releaseAll(l, rng)));
        double[] v = ctx.trials().run(draws, ctx.seed("limit-v" + tag), (i, rng) -> gap.apply(lv.releaseAll(l, rng)));
        double[] p = ctx.trials().run(draws, ctx.seed("limit-p" + tag), (i, rng) -> gap.apply(lp.releaseAll(l, rng)));
        return new Limits(SummaryStats.of(g, level), SummaryStats.of(v, level), SummaryStats.of(p, level), bMatched, bPure);
    }

    /** Returns {mean, lower, upper} of the normal CI at {@code level} of the difference of two independent means. */
    static double[] diff(SummaryStats a, SummaryStats b, double level) {
        double z = rwdp.random.Quantiles.normal(0.5 + level / 2);
        double se = Math.sqrt(a.sd() * a.sd() / a.n() + b.sd() * b.sd() / b.n());
        double d = a.mean() - b.mean();
        return new double[] {d, d - z * se, d + z * se};
    }

    /** Decision of "x ends below y" from the CI of x − y relative to y's mean: beyond a 10% margin either way. */
    static Verdict below(double[] diffXY, double meanY) {
        double m = 0.1 * meanY;
        return diffXY[2] < -m ? Verdict.HOLDS : diffXY[1] > m ? Verdict.VIOLATED : Verdict.INCONCLUSIVE;
    }

    /** Data draws of the Fig. 3 distribution per d over which the comparison is decided. */
    static final int DATA_DRAWS = 24;

    /**
     * Returns the decision of "Gamma's limit error is more than 10% below the Laplace's on the data distribution" from
     * the Student-t interval of the mean log ratio log(Gamma / Laplace) over data draws: HOLDS when it lies below
     * log 0.9, VIOLATED when above log 1.1, otherwise INCONCLUSIVE.
     */
    static Verdict belowOverDraws(rwdp.random.MeanInterval logRatio) {
        double lo = logRatio.mean() - logRatio.halfWidth();
        double hi = logRatio.mean() + logRatio.halfWidth();
        return hi < Math.log(0.9) ? Verdict.HOLDS : lo > Math.log(1.1) ? Verdict.VIOLATED : Verdict.INCONCLUSIVE;
    }

    /**
     * Fig. 3: at (3, 0.03) the Gamma walk ends below the Laplace walk with the same noise variance, over the draws of the
     * Fig. 3 data where (3, 0.03) is reachable.
     */
    static Outcome fig3(CheckContext ctx) {
        Evidence ev = new Evidence();
        int[] dims = fig3Dims(ctx);
        double level = ev.family(dims.length, 0.999);
        // 100 noise draws per data draw in quick: the per-draw ratios (0.12-0.37 at run seed 1) sit far below 0.9, and the
        // interval over draws carries the noise draws' error too.
        int noiseDraws = ctx.profile().pick(100, 600);
        Table tl = limitsTable(ev, level);
        Table td = ev.table(String.format(java.util.Locale.ROOT, "Gamma / same-variance Laplace limit error over %d data draws "
                + "(geometric mean, %.4g%% Student-t interval over the draws)", DATA_DRAWS, 100 * level),
                "d", "data draws", "set aside (unreachable)", "geometric mean ratio", "interval", "smallest ratio", "largest ratio", "decision");
        List<Verdict> cells = new java.util.ArrayList<>();
        Fig3 shown = null;
        for (int d : dims) {
            double[] logRatio = new double[DATA_DRAWS];
            int reachable = 0;
            int setAside = 0;
            // A data draw on which (3, 0.03) is unreachable is outside the statement: set aside, at most REDRAWS of them.
            for (int draw = 0; reachable < DATA_DRAWS && setAside < REDRAWS; draw++) {
                Fig3 f = fig3Setup(ctx, d, draw);
                if (!f.reachable()) {
                    setAside++;
                    continue;
                }
                Limits lim = fig3Limits(ctx, f, level, noiseDraws);
                logRatio[reachable++] = Math.log(lim.gamma().mean() / lim.matched().mean());
                limitsRow(tl, f, lim, level, below(diff(lim.gamma(), lim.matched(), level), lim.matched().mean()), "-");
                shown = shown == null ? f : shown;
            }
            if (reachable < 2) {
                td.row(d, reachable, setAside, "", "", "", "", "too few reachable draws");
                continue;
            }
            double[] lr = Arrays.copyOf(logRatio, reachable);
            rwdp.random.MeanInterval mi = rwdp.random.MeanInterval.studentT(lr, level);
            Verdict cell = belowOverDraws(mi);
            cells.add(cell);
            ev.cell("d = " + d, cell);
            td.row(d, reachable, setAside, Math.exp(mi.mean()), String.format(java.util.Locale.ROOT, "[%.3g, %.3g]",
                    Math.exp(mi.mean() - mi.halfWidth()), Math.exp(mi.mean() + mi.halfWidth())),
                    Math.exp(Arrays.stream(lr).min().orElseThrow()), Math.exp(Arrays.stream(lr).max().orElseThrow()), cell);
        }
        if (shown != null) {
            fig3Figure(ctx, shown, ev);
        }
        ev.note("θ is the smallest θ whose Lemma 3 δ at ε = 3 is at most 0.03 (ayache.fig3-privacy-level maps where that exists). "
                        + "Verdict from the limit errors: with the gradient weights as printed, a run converges to w_R* = argmin Σ π_R(i)(L̄/L_i) f_i "
                        + "(ayache.alg3-given-noise), so the error a run ends at is f(w_R*) − f(w*), averaged here over the noise. The variance-matched "
                        + "Laplace scale b = sqrt(θ L̄/2) is at least (sup L − inf L)/3 in every cell, so it is also (3, 0)-LDP, as the caption says.")
                .note("§V's data set is one draw of its N(±μ·𝟙, v I_d) model, so the statement is about that distribution: the ratio of the "
                        + "two limit errors on each of " + DATA_DRAWS + " data draws where (3, 0.03) is reachable (" + noiseDraws + " noise draws "
                        + "each), decided on the Student-t interval of the mean log ratio over the draws, beyond a 10% margin. Near the edge of "
                        + "reachability (sup L / inf L close to 2.03) θ grows without bound, both noises swamp the weights and the two limit errors "
                        + "meet (one draw, sup L / inf L = 2.026, gave 0.122 against 0.129): decided on that draw alone the comparison was not "
                        + "separated. The per-draw decisions in the first table are context.")
                .put("Laplace_floor", "releases clipped to 1e-3 · inf L");
        ev.power(Power.strong("a Student-t interval over " + DATA_DRAWS + " independent data draws per d of the log ratio of limit errors "
                + "(each over " + noiseDraws + " noise draws), decided beyond a 10% margin"));
        if (cells.isEmpty()) {
            return new Outcome(Verdict.INCONCLUSIVE, ev);
        }
        return new Outcome(AyacheCheckKit.overSweep(cells), ev);
    }

    static Table limitsTable(Evidence ev, double level) {
        return ev.table(String.format(java.util.Locale.ROOT,
                        "limit error E_R[f(w_R*) − f(w*)] over noise draws (%.4g%% CIs; N = 20, v = 10, μ = 1·𝟙, ε = 3)", 100 * level),
                "d", "data draw", "sup L / inf L", "θ (Lemma 3 δ ≤ 0.03)", "Gamma", "Laplace same variance (b)", "Laplace (3, 0) b = (sup L − inf L)/3",
                "Gamma − same-variance: CI", "Gamma − (3, 0): CI", "draws", "decision vs same variance", "decision vs (3, 0)");
    }

    static void limitsRow(Table tl, Fig3 f, Limits lim, double level, Object vsMatched, Object vsPure) {
        double[] dv = diff(lim.gamma(), lim.matched(), level);
        double[] dp = diff(lim.gamma(), lim.pure(), level);
        tl.row(f.d(), f.draw(), f.lMax() / f.lMin(), f.theta().theta(), lim.gamma().mean(),
                String.format(java.util.Locale.ROOT, "%.4g (b = %.4g)", lim.matched().mean(), lim.bMatched()),
                String.format(java.util.Locale.ROOT, "%.4g (b = %.4g)", lim.pure().mean(), lim.bPure()),
                String.format(java.util.Locale.ROOT, "[%.3g, %.3g]", dv[1], dv[2]), String.format(java.util.Locale.ROOT, "[%.3g, %.3g]", dp[1], dp[2]),
                lim.gamma().n(), vsMatched, vsPure);
    }

    /** Finite-horizon runs of Fig. 3 at one reachable d (supporting evidence, not the verdict). */
    static void fig3Figure(CheckContext ctx, Fig3 f, Evidence ev) {
        long updates = ctx.profile().pick(10_000L, 200_000L);
        int runs = ctx.profile().pick(8, 64);
        LogisticWalkExperiment s = f.setup();
        double floorL = 1e-3 * f.lMin();
        double theta = f.theta().theta();
        double lbar = Arrays.stream(s.smoothness()).average().orElseThrow();
        LogisticWalkExperiment.Runs uniform = s.run(ctx.trials(), LogisticWalkExperiment.factory(LogisticWalkExperiment.Algorithm.UNIFORM), runs, updates, 40, ctx.seed("u"));
        LogisticWalkExperiment.Runs gamma = s.run(ctx.trials(), LogisticWalkExperiment.gamma(GammaMechanism.of(theta)), runs, updates, 40, ctx.seed("g"));
        LogisticWalkExperiment.Runs lapVar = s.run(ctx.trials(), LogisticWalkExperiment.laplace(new LaplaceMechanism(Math.sqrt(theta * lbar / 2), Double.NaN, floorL)), runs,
                updates, 40, ctx.seed("lv"));
        LogisticWalkExperiment.Runs lapPure = s.run(ctx.trials(), LogisticWalkExperiment.laplace(LaplaceMechanism.pure(EPS, f.lMin(), f.lMax(), floorL)), runs, updates, 40,
                ctx.seed("lp"));
        double[] x = Arrays.stream(uniform.checkpoints()).asDoubleStream().toArray();
        Charts.xy("Fig. 3: N = 20, v = 10, d = " + f.d(), "SGD updates", "mean f(w_k) − f(w*)").logX().logY()
                .add(Charts.Series.line("Uniform RW-SGD", x, uniform.meanIterate()))
                .add(Charts.Series.line("Gamma private weighted RW (θ=" + String.format("%.4g", theta) + "), (3, 0.03)", x, gamma.meanIterate()))
                .add(Charts.Series.dashed("Laplace weighted RW, same variance", x, lapVar.meanIterate()))
                .add(Charts.Series.dashed("Laplace weighted RW, (3, 0) b = (sup L − inf L)/3", x, lapPure.meanIterate()))
                .save(ctx.figure("gamma-vs-laplace"));
        ev.figure(ctx.figureFile("gamma-vs-laplace"), "Fig. 3 at d = " + f.d() + ": mean error over " + runs
                + " runs of Alg. 3 with the Gamma mechanism and with Laplace noise (both calibrations); supporting evidence, the verdict uses the limit errors.");
    }

    /**
     * At ε = 3 the (3, 0)-LDP Laplace calibration b = (sup L − inf L)/3 adds less noise than the
     * (3, 0.03) Gamma mechanism: √2·b below √(θ L) for every L in the range, where (3, 0.03) is reachable.
     */
    static Outcome fig3LaplaceNotWorse(CheckContext ctx) {
        Evidence ev = new Evidence();
        int[] dims = {50, 100, 200, 500};
        Table t = ev.table("noise standard deviation at ε = 3 on the Fig. 3 data (N = 20, v = 10, μ = 1·𝟙)", "d", "inf L", "sup L",
                "θ (Lemma 3 δ(3) ≤ 0.03)", "θ (exact δ(3) ≤ 0.03)", "Gamma sd at inf L, Lemma 3 θ", "Gamma sd at inf L, exact θ",
                "Laplace (3, 0) sd: √2 (sup L − inf L)/3", "ratio Gamma (exact θ) / Laplace");
        double slack = Double.POSITIVE_INFINITY;
        int decided = 0;
        for (int d : dims) {
            Fig3 f = reachableSetup(ctx, d);
            if (!f.reachable()) {
                t.row(d, f.lMin(), f.lMax(), "(3, 0.03) unreachable on " + REDRAWS + " data draws", "", "", "", "", "");
                continue;
            }
            if (f.draw() > 0) {
                ev.put("redrawn_d" + d, f.draw() + " data draw(s) set aside: (3, 0.03) unreachable on them, outside the statement");
            }
            // The exact δ allows a smaller θ than Lemma 3: compare with that one too (the fairer, less noisy Gamma).
            GammaMechanismPrivacy.ThetaSearch ex = GammaMechanismPrivacy.smallestTheta(EPS, DELTA, f.lMin(), f.lMax(),
                    p -> Math.max(GammaMechanismPrivacy.pairDelta(EPS, p.theta(), f.lMax(), f.lMin()),
                            GammaMechanismPrivacy.pairDelta(EPS, p.theta(), f.lMin(), f.lMax())), f.exactFloor());
            double gammaSd = Math.sqrt(f.theta().theta() * f.lMin());
            double gammaSdExact = Math.sqrt(ex.theta() * f.lMin());
            double laplaceSd = Math.sqrt(2) * (f.lMax() - f.lMin()) / EPS;
            t.row(d, f.lMin(), f.lMax(), f.theta().theta(), ex.theta(), gammaSd, gammaSdExact, laplaceSd, gammaSdExact / laplaceSd);
            slack = Math.min(slack, gammaSdExact / laplaceSd);
            decided++;
        }
        ev.put("cells_where_reachable", decided)
                .note("The Laplace mechanism with b = (sup L − inf L)/ε is (ε, 0)-LDP on [inf L, sup L], a stronger guarantee than (3, 0.03); "
                        + "the Gamma's variance θ L is smallest at inf L. ayache.fig3 shows the limit errors of both calibrations of Laplace.");
        ev.slack(slack).power(Power.ofSlack(slack, "deterministic comparison of noise scales, with the smallest θ whose exact δ(3) is at most 0.03 (less noise than Lemma 3's θ)"));
        // No reachable cell decides nothing: INCONCLUSIVE, never VIOLATED.
        return decided == 0 ? new Outcome(rwdp.claims.Verdict.INCONCLUSIVE, ev) : Outcome.of(slack > 1, ev);
    }
}
