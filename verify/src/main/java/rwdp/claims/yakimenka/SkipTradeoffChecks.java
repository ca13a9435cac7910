package rwdp.claims.yakimenka;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import rwdp.bounds.straggler.SkipErrorBound;
import rwdp.bounds.straggler.SkipLatency;
import rwdp.bounds.straggler.SkipPrivacy;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Table;
import rwdp.latency.LatencyModel;
import rwdp.report.Charts;

/**
 * Figs. 2 and 3 of Yakimenka et al. (§VI-B): Theorem 1's bound and ε_skip (Theorems 2, 3)
 * against the average latency of Lemma 1, and ε_skip against the bound, with ε = 1,
 * δ = δ' = 1e-6, d_W = 10, k = 1, ζ = 6/10, χ = 1/100, d = 1 and σ ≈ 10.5976.
 */
final class SkipTradeoffChecks {
    private SkipTradeoffChecks() {}

    static final double CHI = 0.01;

    static SkipErrorBound.Params params(int n, double p, boolean rand) {
        return new SkipErrorBound.Params(n, p, 0.6, 1, 1, rwdp.algo.SkippingScheme.gaussianSigma(1, 1, 1e-6), 10, rand);
    }

    static double epsilon(int n, long hmax, double p, boolean rand) {
        return rand ? SkipPrivacy.randRing(n, hmax, p, 1, 1e-6, 1e-6).epsilonSkip()
                : SkipPrivacy.ring(n, hmax, p, 1, 1e-6, 1e-6).epsilonSkip();
    }

    /** One curve parametrised by h_max: bound and ε at each grid point (both independent of the latency model). */
    record Curve(int n, double p, boolean rand, long[] hmax, double[] bound, double[] eps) {}

    static long[] hmaxGrid(int n, long rounds, int points) {
        List<Long> out = new ArrayList<>();
        for (int i = 0; i < points; i++) {
            long r = Math.max(1, Math.round(Math.pow(rounds, (double) i / (points - 1))));
            long h = n * r;
            if (out.isEmpty() || out.get(out.size() - 1) != h) {
                out.add(h);
            }
        }
        return out.stream().mapToLong(Long::longValue).toArray();
    }

    static Curve curve(int n, double p, boolean rand, long rounds, int points) {
        long[] h = hmaxGrid(n, rounds, points);
        double[] b = SkipErrorBound.bounds(params(n, p, rand), h);
        double[] e = new double[h.length];
        for (int i = 0; i < h.length; i++) {
            e[i] = epsilon(n, h[i], p, rand);
        }
        return new Curve(n, p, rand, h, b, e);
    }

    static long rounds(int n, boolean quick) {
        return n == 10 ? (quick ? 10_000 : 100_000) : 2_000;
    }

    /**
     * §VI-B on Fig. 2: at equal average latency, p = 1e-4 gives the worst error bound and the
     * best ε_skip, for every latency model and both schemes. {@code restricted} drops the
     * (exponential, Skip-Rand-Ring, bound) and (exponential, Skip-Ring, ε) comparisons.
     */
    static Outcome fig2(CheckContext ctx, boolean restricted) {
        Evidence ev = new Evidence();
        int[] ns = ctx.profile().pick(new int[] {10}, new int[] {10, 500});
        List<LatencyModel> models = SkipAnalyticChecks.paperModels();
        double[] ps = SkipAnalyticChecks.PAPER_P;
        Table t = ev.table("comparisons at equal average latency that fail (p = 1e-4 should have the largest bound and the smallest ε)",
                "n", "model", "scheme", "quantity", "latency", "p = 1e-4", "p = 1/2", "p = 7/10");
        int comparisons = 0;
        int failures = 0;
        String first = "";
        for (int n : ns) {
            long rounds = rounds(n, ctx.quick());
            for (LatencyModel m : models) {
                double[] perHop = new double[ps.length];
                double slowest = 0;
                for (int i = 0; i < ps.length; i++) {
                    perHop[i] = SkipLatency.perHop(m, CHI, SkipLatency.timeoutFor(m, ps[i]));
                    slowest = Math.max(slowest, perHop[i]);
                }
                double fastest = Double.POSITIVE_INFINITY;
                for (double x : perHop) {
                    fastest = Math.min(fastest, x);
                }
                double lo = 100 * n * slowest;
                double hi = n * rounds * fastest;
                int points = 8;
                for (boolean rand : new boolean[] {false, true}) {
                    for (int li = 0; li < points; li++) {
                        double lat = lo * Math.pow(hi / lo, (double) li / (points - 1));
                        double[] b = new double[ps.length];
                        double[] e = new double[ps.length];
                        for (int i = 0; i < ps.length; i++) {
                            long h = n * Math.max(1, Math.round(lat / perHop[i] / n));
                            b[i] = SkipErrorBound.bound(params(n, ps[i], rand), h);
                            e[i] = epsilon(n, h, ps[i], rand);
                        }
                        boolean exp = m.spec().startsWith("exp");
                        if (!(restricted && exp && rand)) {
                            comparisons++;
                            if (b[0] < Math.max(b[1], b[2])) {
                                failures++;
                                t.row(n, m.spec(), rand ? "rand-ring" : "ring", "error bound", lat, b[0], b[1], b[2]);
                                first = first.isEmpty() ? describe(n, m, rand, "bound", lat, b) : first;
                            }
                        }
                        if (!(restricted && exp && !rand)) {
                            comparisons++;
                            if (e[0] > Math.min(e[1], e[2])) {
                                failures++;
                                t.row(n, m.spec(), rand ? "rand-ring" : "ring", "ε_skip", lat, e[0], e[1], e[2]);
                                first = first.isEmpty() ? describe(n, m, rand, "ε_skip", lat, e) : first;
                            }
                        }
                    }
                }
            }
        }
        if (!restricted) {
            drawFig2(ctx, ev, ns);
        }
        ev.put("comparisons", comparisons).put("failures", failures);
        if (!first.isEmpty()) {
            ev.put("smallest_counterexample", first);
        }
        ev.note("Latencies are log-spaced from 100 n rounds' worth of the slowest p to the largest h_max of the fastest; h_max is rounded to a multiple of n (latency error below 0.5%).");
        return Outcome.of(failures == 0, ev);
    }

    private static String describe(int n, LatencyModel m, boolean rand, String what, double lat, double[] v) {
        return String.format(Locale.ROOT, "n=%d, %s, %s, latency %.4g: %s = %.5g (p=1e-4), %.5g (p=1/2), %.5g (p=7/10)",
                n, m.spec(), rand ? "Skip-Rand-Ring" : "Skip-Ring", lat, what, v[0], v[1], v[2]);
    }

    private static void drawFig2(CheckContext ctx, Evidence ev, int[] ns) {
        for (int n : ns) {
            int points = ctx.profile().pick(30, 60);
            List<Curve> curves = new ArrayList<>();
            for (boolean rand : new boolean[] {false, true}) {
                for (double p : SkipAnalyticChecks.PAPER_P) {
                    curves.add(curve(n, p, rand, rounds(n, ctx.quick()), points));
                }
            }
            for (LatencyModel m : SkipAnalyticChecks.paperModels()) {
                String tag = "n" + n + "-" + m.spec().substring(0, m.spec().indexOf(':'));
                Charts.Xy cb = Charts.xy("Fig. 2: Theorem 1 bound vs latency, n = " + n + ", " + m.spec(), "average latency (Lemma 1)",
                        "expected error bound").logX().logY();
                Charts.Xy ce = Charts.xy("Fig. 2: ε_skip vs latency, n = " + n + ", " + m.spec(), "average latency (Lemma 1)",
                        "ε_skip").logX().logY();
                for (Curve c : curves) {
                    double ph = SkipLatency.perHop(m, CHI, SkipLatency.timeoutFor(m, c.p()));
                    double[] x = new double[c.hmax().length];
                    for (int i = 0; i < x.length; i++) {
                        x[i] = c.hmax()[i] * ph;
                    }
                    String name = (c.rand() ? "Skip-Rand-Ring" : "Skip-Ring") + ", p = " + c.p();
                    // One colour per p, so a Skip-Ring curve and its Skip-Rand-Ring twin read as a pair.
                    java.awt.Color colour = Charts.PALETTE[java.util.Arrays.binarySearch(SkipAnalyticChecks.PAPER_P, c.p()) & 7];
                    cb.add((c.rand() ? Charts.Series.dashed(name, x, c.bound()) : Charts.Series.line(name, x, c.bound())).withColor(colour));
                    ce.add((c.rand() ? Charts.Series.dashed(name, x, c.eps()) : Charts.Series.line(name, x, c.eps())).withColor(colour));
                }
                cb.save(ctx.figure(tag + "-bound"));
                ce.save(ctx.figure(tag + "-eps"));
                ev.figure(ctx.figureFile(tag + "-bound"), "Fig. 2 (left axis): Theorem 1 bound vs Lemma 1 latency, n = " + n + ", " + m.spec()
                        + "; one colour per p, solid Skip-Ring, dashed Skip-Rand-Ring.");
                ev.figure(ctx.figureFile(tag + "-eps"), "Fig. 2 (right axis): ε_skip vs Lemma 1 latency, n = " + n + ", " + m.spec() + ".");
            }
        }
    }

    /** Returns min ε over the grid points whose bound is ≤ E (the best privacy reaching error E), +∞ if none. */
    static double epsAt(Curve c, double target) {
        double best = Double.POSITIVE_INFINITY;
        for (int i = 0; i < c.hmax().length; i++) {
            if (c.bound()[i] <= target) {
                best = Math.min(best, c.eps()[i]);
            }
        }
        return best;
    }

    /** §VI-B on Fig. 3: for a given expected error bound, ε_skip is lower with n = 500 than with n = 10. */
    static Outcome fig3(CheckContext ctx, boolean randOnly) {
        Evidence ev = new Evidence();
        int points = ctx.profile().pick(28, 60);
        Table t = ev.table("best ε_skip reaching an error bound E (n = 10 vs n = 500)", "scheme", "p", "E range compared", "worst ε_500/ε_10", "comparisons");
        boolean ok = true;
        int comparisons = 0;
        double worst = 0;
        String counter = "";
        for (boolean rand : randOnly ? new boolean[] {true} : new boolean[] {false, true}) {
            Charts.Xy fig = Charts.xy("Fig. 3: ε_skip vs Theorem 1 bound (" + (rand ? "Skip-Rand-Ring" : "Skip-Ring") + ")",
                    "expected error bound", "ε_skip").logX().logY();
            for (double p : SkipAnalyticChecks.PAPER_P) {
                Curve small = curve(10, p, rand, rounds(10, ctx.quick()), points);
                Curve large = curve(500, p, rand, rounds(500, ctx.quick()), points);
                fig.group(Charts.Series.line("n = 10, p = " + p, small.bound(), small.eps()),
                        Charts.Series.dashed("n = 500, p = " + p, large.bound(), large.eps()));
                double lo = Math.max(min(small.bound()), min(large.bound()));
                double hi = Math.min(max(small.bound()), max(large.bound()));
                if (!(lo < hi)) {
                    t.row(rand ? "rand-ring" : "ring", p, "no overlap", "", 0);
                    continue;
                }
                double local = 0;
                int c = 0;
                for (int i = 0; i < 20; i++) {
                    double target = lo * Math.pow(hi / lo, i / 19.0);
                    double e10 = epsAt(small, target);
                    double e500 = epsAt(large, target);
                    if (Double.isInfinite(e10) || Double.isInfinite(e500)) {
                        continue;
                    }
                    c++;
                    if (e500 / e10 > local) {
                        local = e500 / e10;
                        if (local > 1 && (counter.isEmpty() || local > worst)) {
                            counter = String.format(Locale.ROOT, "%s, p=%s, error bound %.4g: ε_skip %.4g (n=500) vs %.4g (n=10)",
                                    rand ? "Skip-Rand-Ring" : "Skip-Ring", p, target, e500, e10);
                        }
                    }
                }
                comparisons += c;
                worst = Math.max(worst, local);
                ok &= local <= 1;
                t.row(rand ? "rand-ring" : "ring", p, String.format(Locale.ROOT, "[%.4g, %.4g]", lo, hi), local, c);
            }
            String name = rand ? "rand-ring" : "ring";
            if (randOnly) {
                continue;
            }
            fig.save(ctx.figure(name));
            ev.figure(ctx.figureFile(name), "Fig. 3: ε_skip vs Theorem 1 bound, " + (rand ? "Skip-Rand-Ring" : "Skip-Ring")
                    + "; one colour per p, solid n = 10, dashed n = 500. The curve is the same for every latency model (both axes depend on h_max and p only).");
        }
        ev.put("comparisons", comparisons).put("worst_ratio_eps500_over_eps10", worst);
        if (!counter.isEmpty()) {
            ev.put("largest_counterexample", counter);
        }
        ev.note("Both ε_skip and Theorem 1's bound are functions of (n, h_max, p) only, so the privacy-versus-error curves of Fig. 3 are identical for the three latency models, not merely similar.");
        return Outcome.of(ok && comparisons > 0, ev);
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
