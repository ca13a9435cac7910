package rwdp.claims.yakimenka;

import java.util.ArrayList;
import java.util.List;
import rwdp.claims.CheckContext;
import rwdp.bounds.skipping.SkipErrorBound;
import rwdp.bounds.skipping.SkipPrivacy;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Verdict;
import rwdp.latency.LatencyModel;
import rwdp.latency.LatencyModels;
import rwdp.random.SummaryStats;

/**
 * What the Yakimenka checks share: the §VI-B settings (the skip probabilities and latency models,
 * the swept model dimension d) and the curves of Theorem 1's bound and ε_skip over h_max, with
 * ε = 1, δ = δ' = 1e-6, d_W = 10, k = 1, ζ = 6/10 and σ ≈ 10.5976 as §VI-B fixes them (Yakimenka et al., §VI-B).
 */
final class YakimenkaCheckKit {
    private YakimenkaCheckKit() {}

    /** The skip probabilities of §VI-B's figures: 1e-4, 1/2 and 7/10. */
    static final double[] PAPER_P = {1e-4, 0.5, 0.7};

    /** The three latency models of §VI-B: exponential, gamma and Pareto II (Lomax). */
    static List<LatencyModel> paperModels() {
        return List.of(LatencyModels.paperExponential(), LatencyModels.paperGamma(), LatencyModels.paperLomax());
    }

    /** Returns z·sd/√runs, the half-width of the interval of the mean of {@code runs} values with statistics {@code s}. */
    static double halfWidth(double z, SummaryStats s, int runs) {
        return z * s.sd() / Math.sqrt(runs);
    }

    /** Returns √(a² + b²), the half-width of the difference of two independent means with half-widths a and b. */
    static double differenceHalfWidth(double a, double b) {
        return Math.sqrt(a * a + b * b);
    }

    /** Returns VIOLATED when not {@code ok}, else HOLDS when every comparison {@code separated}, else INCONCLUSIVE. */
    static Outcome decided(boolean ok, boolean separated, Evidence ev) {
        if (!ok) {
            return new Outcome(Verdict.VIOLATED, ev);
        }
        return new Outcome(separated ? Verdict.HOLDS : Verdict.INCONCLUSIVE, ev);
    }

    /**
     * Returns the verdict of a comparison run on data the paper did not use: HOLDS when every cell is separated for the
     * paper, otherwise INCONCLUSIVE, a cell against the paper included (rule 7: a substitute is context, never the
     * verdict; the cell stays in the evidence as VIOLATED, with a note saying what it means).
     */
    static Outcome decidedOnSubstitute(boolean ok, boolean separated, Evidence ev) {
        if (!ok) {
            ev.note("A cell went against the paper on this substitute data set (its cell is marked VIOLATED): context about the stand-in, "
                    + "not a verdict about the paper's data, so the label is INCONCLUSIVE.");
            return new Outcome(Verdict.INCONCLUSIVE, ev);
        }
        return new Outcome(separated ? Verdict.HOLDS : Verdict.INCONCLUSIVE, ev);
    }

    /** The model dimensions swept where §VI-B leaves d unstated: 13 is the UCI housing features of §VI-C1. */
    static final int[] D_SWEEP = {1, 2, 5, 13, 50, 100, 300, 1000};

    /** Theorem 1's parameters for (n, p, scheme, d) with ζ = 6/10, k = 1, σ of footnote 4 (ε = 1, δ = 1e-6) and d_W = 10. */
    static SkipErrorBound.Params params(int n, double p, boolean rand, int d) {
        return new SkipErrorBound.Params(n, p, 0.6, 1, d, rwdp.algo.SkippingScheme.gaussianSigma(1, 1, 1e-6), 10, rand);
    }

    /** Returns ε_skip at ε = 1, δ = δ' = 1e-6: Theorem 2 for Skip-Ring, Theorem 3 for Skip-Rand-Ring. */
    static double epsilon(int n, long hmax, double p, boolean rand) {
        return rand ? SkipPrivacy.randRing(n, hmax, p, 1, 1e-6, 1e-6).epsilonSkip()
                : SkipPrivacy.ring(n, hmax, p, 1, 1e-6, 1e-6).epsilonSkip();
    }

    /** One curve parametrised by h_max: bound = a + d·b and ε at each grid point (all independent of the latency model). */
    record Curve(int n, double p, boolean rand, long[] hmax, double[] a, double[] b, double[] eps) {
        Curve {
            hmax = hmax.clone();
            a = a.clone();
            b = b.clone();
            eps = eps.clone();
        }

        /** Returns a copy of the h_max grid. */
        @Override
        public long[] hmax() {
            return hmax.clone();
        }

        /** Returns a copy of the bound's a per grid point. */
        @Override
        public double[] a() {
            return a.clone();
        }

        /** Returns a copy of the bound's b per grid point. */
        @Override
        public double[] b() {
            return b.clone();
        }

        /** Returns a copy of ε per grid point. */
        @Override
        public double[] eps() {
            return eps.clone();
        }

        double[] bound(int d) {
            double[] out = new double[a.length];
            for (int i = 0; i < out.length; i++) {
                out[i] = a[i] + d * b[i];
            }
            return out;
        }
    }

    /** Returns h_max ∈ n·{1..rounds} on a log grid of {@code points}, repeats dropped. */
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

    /** A curve: n, p, the scheme (rand: Skip-Rand-Ring), rounds and grid points. */
    private record CurveKey(int n, double p, boolean rand, long rounds, int points) implements rwdp.claims.RunCache.Key<Curve> {}

    /**
     * Returns the curve over h_max ∈ n·{1..rounds} (log grid of {@code points}), computed once per run: it is deterministic
     * and shared by the Fig. 2 and 3 claims.
     */
    static Curve curve(CheckContext ctx, int n, double p, boolean rand, long rounds, int points) {
        return ctx.cached(new CurveKey(n, p, rand, rounds, points), () -> computeCurve(n, p, rand, rounds, points));
    }

    private static Curve computeCurve(int n, double p, boolean rand, long rounds, int points) {
        long[] h = hmaxGrid(n, rounds, points);
        double[][] ab = affineInD(n, p, rand, h);
        double[] e = new double[h.length];
        for (int i = 0; i < h.length; i++) {
            e[i] = epsilon(n, h[i], p, rand);
        }
        return new Curve(n, p, rand, h, ab[0], ab[1], e);
    }

    /** Token rounds the curves span: 1e5 for n = 10, 2000 for n = 500. */
    static long rounds(int n) {
        return n == 10 ? 100_000 : 2_000;
    }

    /**
     * Returns {A, B} with Theorem 1's bound = A + d·B at each h_max: e_h is affine in d through
     * ζ²dσ² and the binomial mixture is linear in e_h, so two evaluations (d = 1, 2) give every d.
     */
    static double[][] affineInD(int n, double p, boolean rand, long[] hmax) {
        double[] b1 = SkipErrorBound.bounds(params(n, p, rand, 1), hmax);
        double[] b2 = SkipErrorBound.bounds(params(n, p, rand, 2), hmax);
        double[] a = new double[hmax.length];
        double[] b = new double[hmax.length];
        for (int i = 0; i < hmax.length; i++) {
            b[i] = b2[i] - b1[i];
            a[i] = b1[i] - b[i];
        }
        return new double[][] {a, b};
    }

    /** Returns the scheme's label in tables. */
    static String scheme(boolean rand) {
        return rand ? "rand-ring" : "ring";
    }
}
