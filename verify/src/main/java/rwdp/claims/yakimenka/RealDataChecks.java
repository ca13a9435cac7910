package rwdp.claims.yakimenka;

import java.util.List;
import rwdp.claims.CheckContext;
import rwdp.claims.Claim;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Paper;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.data.DataUnavailableException;
import rwdp.data.HousingCsv;
import rwdp.latency.LatencyModel;
import rwdp.model.LogisticLoss;
import rwdp.model.LogisticSolver;
import rwdp.model.UnitNormClassification;
import rwdp.random.SummaryStats;

/**
 * Yakimenka et al., §VI-C1 on the UCI housing data (Harrison & Rubinfeld 1978, 506 tracts, 13
 * features) as shipped by the Debian package {@code python3-sklearn}; the price is binarised at
 * its median, as the paper names no threshold. With 404 training points the paper's n = 1000
 * (mini-batches of 8) cannot be formed from these data (its reference [53] links a larger set,
 * OpenML 823); n = 10 has about 40 points per node, less than the paper's batch of 100, so every
 * node uses its full local batch.
 */
final class RealDataChecks {
    private RealDataChecks() {}

    /** The reading every claim on these data starts with (rule 5 of the README: substitute data is labelled). */
    static final String SUBSTITUTE = "substitute data: the Boston housing data (Harrison & Rubinfeld 1978, 506 tracts, 404 training rows) stand in for the paper's, whose reference [53] links OpenML 823 (the California housing data, 20,640 rows, not packaged); the paper's n = 1000 with mini-batches of 8 cannot be formed from 404 rows, so only n = 10 runs, and a verdict here is at most a weak test of the paper; ";

    /** What the evidence records under {@code substitute_data}. */
    static final String SUBSTITUTE_DATA = "Boston housing (506 tracts) for the paper's housing data, likely California (OpenML 823, 20,640 rows; not packaged)";

    /** Returns the claim of {@link #logisticSanity}. */
    static Claim sanityClaim() {
        return Claim.holds("yakimenka.housing-logistic", Paper.YAKIMENKA.at("§VI-C1"),
                "Non-private logistic regression on the binarised UCI housing data (median threshold, standardised unit-norm features, 80/20 split) has a mean test error at most half the majority-class error.",
                RealDataChecks::logisticSanity)
                .quote("We use a binarized version of the UCI housing dataset [53], trying to predict binary variable y (whether house price is above a threshold) from other features, x.")
                .reading(SUBSTITUTE + "the paper names no threshold: we use the median price (21.2, in $1000s), which balances the classes; 'the task is learnable' is our sanity reading (error at most half the majority class's)");
    }

    /** Returns the claim of {@link #fig4Housing} over the three latency models. */
    static Claim fig4Claim() {
        return Claim.inconclusive("yakimenka.fig4-housing", Paper.YAKIMENKA.at("§VI-C1, Fig. 4 (first row)"),
                "On the binarised UCI housing data, Skip-Rand-Ring logistic regression (n = 10, σ ≈ 10.6) reaches lower test error over a latency budget with skipping (p = 7/10) than with p = 1e-4 for gamma and Pareto II latency, and not for exponential latency.",
                "In the full profile (200 runs per p, window 8000) gamma latency separates in the predicted direction "
                        + "(yakimenka.fig4-housing-gamma confirms it on its own seeds) and exponential latency shows no difference, as the "
                        + "paper says, but Pareto II's difference stays inside its interval: with the paper's noise σ ≈ 10.6 the error "
                        + "rate stays near 0.4 on these 404 training points, and resolving a difference of the size docs/yakimenka.md "
                        + "records would take over 1,000 runs per p, more than the full profile runs. The quick profile (12 runs, "
                        + "window 1000) has less power still. This run's cells, differences and intervals are in the evidence.",
                ctx -> fig4Housing(ctx, false))
                .quote("We observe that skipping achieves a clear speed-up compared to no skipping, except for the exponential delay model")
                .reading(SUBSTITUTE + "'speed-up' as a lower test error rate averaged over the latency window [0, W] (area under the mean curve); 'except for the exponential model' as p = 7/10 not better there; median price threshold; n = 10 only (the data cannot give n = 1000 nodes a batch of 8)");
    }

    /** Returns the claim of {@link #fig4Housing} for the gamma model alone. */
    static Claim fig4GammaClaim() {
        return Claim.holds("yakimenka.fig4-housing-gamma", Paper.YAKIMENKA.at("§VI-C1, Fig. 4 (first row)"),
                "On the binarised UCI housing data under gamma latency (shape 1/4, scale 1), skipping with p = 7/10 lowers Skip-Rand-Ring's test error rate averaged over a latency budget compared with p = 1e-4 (n = 10, σ ≈ 10.6).",
                ctx -> fig4Housing(ctx, true))
                .quote("We observe that skipping achieves a clear speed-up compared to no skipping, except for the exponential delay model")
                .reading(SUBSTITUTE + "the gamma model's part of the statement, where Lemma 2's gain from skipping is largest; 'speed-up' as a lower error rate averaged over the latency window; median price threshold");
    }

    /** Returns the verdict of a check whose data package is missing (the kit's {@link Outcome#notRun}). */
    static Outcome missing(DataUnavailableException e) {
        return Outcome.notRun(e.debianPackage(), e.getMessage());
    }

    /** A check on the UCI housing data. */
    private interface HousingCheck {
        Outcome run(CheckContext ctx, HousingCsv h);
    }

    /** Returns {@code check} run on the UCI housing data, or not run ({@link #missing}) when its package is missing. */
    private static Outcome onHousing(CheckContext ctx, HousingCheck check) {
        HousingCsv h;
        try {
            h = HousingCsv.load(null);
        } catch (DataUnavailableException e) {
            return missing(e);
        }
        return check.run(ctx, h);
    }

    /**
     * Sanity of §VI-C1's task: over seeded 80/20 splits, the exact minimiser of the logistic loss on
     * the ball of diameter d_W = 10 has a mean test error at most half of the majority-class error.
     */
    static Outcome logisticSanity(CheckContext ctx) {
        return onHousing(ctx, RealDataChecks::logisticSanityOn);
    }

    private static Outcome logisticSanityOn(CheckContext ctx, HousingCsv h) {
        Evidence ev = new Evidence();
        int splits = ctx.profile().pick(30, 200);
        double[] err = new double[splits];
        double[] majority = new double[splits];
        double[] gap = new double[splits];
        for (int s = 0; s < splits; s++) {
            UnitNormClassification task = UnitNormClassification.housing(h, 1, ctx.seed("split" + s));
            LogisticSolver.Solution sol = LogisticSolver.solve(task.loss(), 5, 1e-9);
            err[s] = task.errorRate(sol.w());
            int pos = 0;
            int total = 0;
            for (double[] ys : task.trainY()) {
                for (double y : ys) {
                    pos += y > 0 ? 1 : 0;
                    total++;
                }
            }
            double majorityLabel = 2 * pos >= total ? 1 : -1;
            int wrong = 0;
            for (double y : task.testY()) {
                wrong += y != majorityLabel ? 1 : 0;
            }
            majority[s] = (double) wrong / task.testY().length;
            gap[s] = err[s] - majority[s] / 2;
        }
        SummaryStats e = SummaryStats.of(err, 0.99);
        SummaryStats m = SummaryStats.of(majority, 0.99);
        SummaryStats g = SummaryStats.of(gap, 0.99);
        Table t = ev.table("logistic regression on binarised housing, " + splits + " random 80/20 splits (99% intervals)",
                "quantity", "mean", "CI lower", "CI upper");
        t.row("test error of the minimiser (||τ|| ≤ 5)", e.mean(), e.lower(), e.upper());
        t.row("majority-class test error", m.mean(), m.lower(), m.upper());
        t.row("error − majority/2", g.mean(), g.lower(), g.upper());
        ev.put("test_error", e.mean()).put("majority_error", m.mean()).put("ci_upper(error − majority/2)", g.upper())
                .put("median_threshold", h.medianTarget());
        ev.note("Data: UCI housing (506 tracts, 13 features) from python3-sklearn's boston_house_prices.csv; label +1 when MEDV > its "
                + "median 21.2 (the paper gives no threshold); features standardised, rows scaled to unit ℓ2 norm, 80/20 split per seed.");
        ev.put(rwdp.claims.LabelRules.SUBSTITUTE_DATA, SUBSTITUTE_DATA);
        ev.power(Power.weak("substitute data (Boston for the paper's likely California set): as a test of the data pipeline it is strong "
                + "(a mis-read column, a wrong label or a broken loss leaves the error near the majority class's ~0.5), as a test of the paper weak"));
        Verdict v = g.upper() < 0 ? Verdict.HOLDS : g.lower() > 0 ? Verdict.VIOLATED : Verdict.INCONCLUSIVE;
        return new Outcome(v, ev);
    }

    /**
     * Fig. 4, first row, on the housing data: the test error rate of Skip-Rand-Ring (n = 10, ε = 1,
     * δ = 1e-6, ζ = 6/10, d_W = 10, χ = 1/100) averaged over the latency window, p = 7/10 against
     * p = 1e-4, for the three latency models of §VI-A.
     */
    static Outcome fig4Housing(CheckContext ctx, boolean gammaOnly) {
        return onHousing(ctx, (c, h) -> fig4HousingOn(c, h, gammaOnly));
    }

    private static Outcome fig4HousingOn(CheckContext ctx, HousingCsv h, boolean gammaOnly) {
        Evidence ev = new Evidence();
        // Gamma alone, quick: 120 runs. With 40 the area difference (-0.046, seed-to-seed sd 0.013) met a half-width of
        // 0.028 and run seed 36 did not separate; 120 runs put the decision about 4 sd from the threshold.
        ErrorRateCurves.Setting setting = ErrorRateCurves.Setting.paper(ctx, gammaOnly ? 120 : 12);
        int n = setting.n();
        double window = setting.window();
        int trials = setting.trials();
        List<LatencyModel> models = gammaOnly ? List.of(rwdp.latency.LatencyModels.paperGamma()) : YakimenkaCheckKit.paperModels();
        // The full profile draws the paper's three curves; the decision compares p = 7/10 with p = 1e-4.
        double[] ps = ctx.quick() || gammaOnly ? new double[] {1e-4, 0.7} : YakimenkaCheckKit.PAPER_P;
        UnitNormClassification data = UnitNormClassification.housing(h, n, ctx.seed("data"));
        LogisticLoss loss = data.loss();
        double level = ev.family(models.size(), 0.999);
        double z = rwdp.random.Quantiles.normal(0.5 + level / 2);
        Table t = ev.table("mean test error rate over latency [0, " + window + "] (Skip-Rand-Ring, n = 10, housing, " + trials + " runs)",
                "model", "p", "t_skip", "hops", "mean error rate (area)", "± CI (one p)", "final error rate");
        boolean ok = true;
        boolean separated = true;
        for (LatencyModel m : models) {
            ErrorRateCurves.Comparison cmp = ErrorRateCurves.compare(ctx, data, loss, m, ps, setting, z, t);
            cmp.figure(ctx, ev, "Skip-Rand-Ring on UCI housing, n = 10, " + m.spec(),
                    (gammaOnly ? "" : "housing-") + ErrorRateCurves.figureName(m),
                    "Fig. 4 (top row) on the UCI housing data: mean test error rate vs latency, " + m.spec()
                    + ", error bars = one standard deviation over runs.");
            double diff = cmp.difference();
            double hw = cmp.halfWidth();
            boolean exponential = m.spec().startsWith("exp");
            // Exponential: the paper says skipping does not help, so only a clear improvement contradicts it.
            if (exponential) {
                ok &= !(diff < -hw);
                ev.cell(m.spec(), diff < -hw ? Verdict.VIOLATED : Verdict.HOLDS);
            } else if (Math.abs(diff) <= hw) {
                separated = false;
                ev.cell(m.spec(), Verdict.INCONCLUSIVE);
            } else {
                ok &= diff < 0;
                ev.cell(m.spec(), diff < 0 ? Verdict.HOLDS : Verdict.VIOLATED);
            }
            ev.put(m.spec() + " area(p=0.7) − area(p=1e-4)", diff).put(m.spec() + " CI half-width", hw);
            if (!exponential) {
                // The interval shrinks like 1/sqrt(runs): |diff| > hw once runs exceed runs·(hw/|diff|)² (at this difference).
                double need = Math.abs(diff) > 0 ? Math.ceil(trials * (hw / Math.abs(diff)) * (hw / Math.abs(diff))) : Double.POSITIVE_INFINITY;
                ev.put(m.spec() + " runs needed to decide", Double.isFinite(need) ? (Object) (long) need : "unbounded (difference 0)");
            }
        }
        ev.put("runs per case", trials).put("runs scale", ctx.runsScale());
        ev.note("Data: UCI housing, price binarised at its median (no threshold in the paper), standardised unit-norm features, 80/20 "
                + "split dealt to n = 10 nodes (about 40 points each, so the paper's batch of 100 is the full local batch); ε = 1, δ = 1e-6 so "
                + "σ ≈ 10.5976, ζ = 6/10, d_W = 10, χ = 1/100.");
        ev.note("Statistic: the test error rate averaged over the latency window (area under the curve; lower = faster learning). HOLDS when "
                + "p = 7/10 beats p = 1e-4 beyond the interval for gamma and Pareto II, and does not beat it beyond the interval for the "
                + "exponential model; the comparisons at family-wise 99.9% (Bonferroni)."
                + " Profiles: quick " + (gammaOnly ? "120" : "12") + " runs per case, window 1000; full 200 runs, window 8000.");
        ev.put(rwdp.claims.LabelRules.SUBSTITUTE_DATA, SUBSTITUTE_DATA).put(rwdp.claims.LabelRules.RUN_SEEDS, trials);
        ev.power(Power.weak("substitute data (Boston for the paper's likely California set, n = 10 only): each comparison resolves differences "
                + "of area larger than its printed interval over " + trials + " independent runs, but on data the paper did not use"));
        return YakimenkaCheckKit.decidedOnSubstitute(ok, separated, ev);
    }
}
