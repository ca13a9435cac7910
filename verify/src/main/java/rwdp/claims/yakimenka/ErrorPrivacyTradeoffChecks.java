package rwdp.claims.yakimenka;

import java.util.Locale;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Verdict;
import rwdp.claims.Table;
import rwdp.plot.Charts;

/**
 * Fig. 3 of Yakimenka et al. (§VI-B): ε_skip against Theorem 1's bound, n = 10 against n = 500, in
 * the settings of Fig. 2; the model dimension d, which §VI-B does not give, is swept.
 */
final class ErrorPrivacyTradeoffChecks {
    private ErrorPrivacyTradeoffChecks() {}

    /** Returns min ε over the grid points whose bound is ≤ E (the best privacy reaching error E), +∞ if none. */
    static double epsAt(double[] bound, double[] eps, double target) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < bound.length; i++) {
            if (bound[i] <= target) {
                best = Math.min(best, eps[i]);
            }
        }
        return best;
    }

    /**
     * §VI-B on Fig. 3: for a given expected error bound, ε_skip is lower with n = 500 than with
     * n = 10 ({@code randOnly}: Skip-Rand-Ring alone). Made at each d of {@link YakimenkaCheckKit#D_SWEEP} (not given
     * in §VI-B): HOLDS when no d fails, VIOLATED when every d fails, DEPENDS otherwise.
     */
    static Outcome fig3(CheckContext ctx, boolean randOnly) {
        Evidence ev = new Evidence();
        int points = ctx.profile().pick(28, 60);
        Table t = ev.table("best ε_skip reaching an error bound E (n = 10 vs n = 500), per model dimension d", "scheme", "p", "d",
                "E range compared", "worst ε_500/ε_10", "comparisons");
        int[] failuresAtD = new int[YakimenkaCheckKit.D_SWEEP.length];
        int[] comparisonsAtD = new int[YakimenkaCheckKit.D_SWEEP.length];
        double worstHolding = 0;
        String counter = "";
        double counterRatio = 0;
        double worstFailing = 1;
        String worstFailingAt = null;
        for (boolean rand : randOnly ? new boolean[] {true} : new boolean[] {false, true}) {
            Charts.Xy fig = Charts.xy("Fig. 3: ε_skip vs Theorem 1 bound, d = 13 (" + (rand ? "Skip-Rand-Ring" : "Skip-Ring") + ")",
                    "expected error bound", "ε_skip").logX().logY();
            for (double p : YakimenkaCheckKit.PAPER_P) {
                YakimenkaCheckKit.Curve small = YakimenkaCheckKit.curve(ctx, 10, p, rand, YakimenkaCheckKit.rounds(10), points);
                YakimenkaCheckKit.Curve large = YakimenkaCheckKit.curve(ctx, 500, p, rand, YakimenkaCheckKit.rounds(500), points);
                fig.group(Charts.Series.line("n = 10, p = " + p, small.bound(13), small.eps()),
                        Charts.Series.dashed("n = 500, p = " + p, large.bound(13), large.eps()));
                for (int di = 0; di < YakimenkaCheckKit.D_SWEEP.length; di++) {
                    int d = YakimenkaCheckKit.D_SWEEP[di];
                    double[] bs = small.bound(d);
                    double[] bl = large.bound(d);
                    double lo = Math.max(min(bs), min(bl));
                    double hi = Math.min(max(bs), max(bl));
                    if (!(lo < hi)) {
                        t.row(YakimenkaCheckKit.scheme(rand), p, d, "no overlap", "", 0);
                        continue;
                    }
                    double local = 0;
                    int c = 0;
                    for (int i = 0; i < 20; i++) {
                        double target = lo * Math.pow(hi / lo, i / 19.0);
                        double e10 = epsAt(bs, small.eps(), target);
                        double e500 = epsAt(bl, large.eps(), target);
                        if (Double.isInfinite(e10) || Double.isInfinite(e500)) {
                            continue;
                        }
                        c++;
                        local = Math.max(local, e500 / e10);
                        if (e500 > e10 && d == 13 && e500 / e10 > counterRatio) {
                            counterRatio = e500 / e10;
                            counter = String.format(Locale.ROOT, "%s, p=%s, d=13, error bound %.4g: ε_skip %.4g (n=500) vs %.4g (n=10)",
                                    rand ? "Skip-Rand-Ring" : "Skip-Ring", p, target, e500, e10);
                        }
                    }
                    comparisonsAtD[di] += c;
                    failuresAtD[di] += local > 1 ? 1 : 0;
                    if (local > worstFailing) {
                        worstFailing = local;
                        worstFailingAt = String.format(Locale.ROOT, "%s, p = %s, d = %d", YakimenkaCheckKit.scheme(rand), p, d);
                    }
                    if (local <= 1) {
                        worstHolding = Math.max(worstHolding, local);
                    }
                    t.row(YakimenkaCheckKit.scheme(rand), p, d, String.format(Locale.ROOT, "[%.4g, %.4g]", lo, hi), local, c);
                }
            }
            if (!randOnly) {
                String name = YakimenkaCheckKit.scheme(rand);
                fig.save(ctx.figure(name));
                ev.figure(ctx.figureFile(name), "Fig. 3: ε_skip vs Theorem 1 bound (d = 13), " + (rand ? "Skip-Rand-Ring" : "Skip-Ring")
                        + "; one colour per p, solid n = 10, dashed n = 500. The curve is the same for every latency model (both axes depend on h_max and p only).");
            }
        }
        Table map = ev.table("the statement at each model dimension d (d is not given in §VI-B)", "d", "comparisons", "(scheme, p) pairs failing", "holds");
        int holdsCount = 0;
        for (int di = 0; di < YakimenkaCheckKit.D_SWEEP.length; di++) {
            boolean holds = failuresAtD[di] == 0 && comparisonsAtD[di] > 0;
            holdsCount += holds ? 1 : 0;
            map.row(YakimenkaCheckKit.D_SWEEP[di], comparisonsAtD[di], failuresAtD[di], holds);
        }
        ev.put("d_swept", java.util.Arrays.toString(YakimenkaCheckKit.D_SWEEP)).put("d_where_it_holds", holdsCount)
                .put("largest_ratio_where_it_holds", worstHolding);
        if (!counter.isEmpty()) {
            ev.put("largest_counterexample_at_d13", counter);
        }
        if (worstFailingAt != null) {
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, String.format(Locale.ROOT,
                    "where it fails, ε_skip with n = 500 is up to %.2f× that with n = 10 at the same error bound (%s)%s; where it holds "
                            + "ε_500/ε_10 ≤ %.3g", worstFailing, worstFailingAt, counter.isEmpty() ? ""
                            : String.format(Locale.ROOT, "; %.2f× at d = 13", counterRatio), worstHolding));
        }
        ev.power(Power.strong("deterministic comparisons of closed forms at 20 error levels per (scheme, p, d); where the statement holds, "
                + String.format(Locale.ROOT, "ε_500/ε_10 is at most %.3g", worstHolding)));
        ev.note("Both ε_skip and Theorem 1's bound are functions of (n, h_max, p, d) only, so the privacy-versus-error curves of Fig. 3 are identical for the three latency models, not merely similar. "
                + "h_max runs over 1..1e5 rounds (n = 10) and 1..2000 rounds (n = 500); the error levels compared are those both sizes reach.");
        Verdict v = holdsCount == YakimenkaCheckKit.D_SWEEP.length ? Verdict.HOLDS : holdsCount == 0 ? Verdict.VIOLATED : Verdict.DEPENDS;
        return new Outcome(v, ev);
    }

    private static double min(double[] x) {
        double m = Double.POSITIVE_INFINITY;
        for (double v : x) {
            m = Math.min(m, v);
        }
        return m;
    }

    private static double max(double[] x) {
        double m = Double.NEGATIVE_INFINITY;
        for (double v : x) {
            m = Math.max(m, v);
        }
        return m;
    }
}
