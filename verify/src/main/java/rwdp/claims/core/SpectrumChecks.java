package rwdp.claims.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.graph.GraphGenerators;
import rwdp.markov.MixingTime;
import rwdp.markov.Spectrum;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.plot.Charts;

/** Checks of spectra and mixing times against closed forms and bounds: core.spectrum-closed-form and core.mixing-time-bounds. */
final class SpectrumChecks {
    private SpectrumChecks() {}

    /** Checks numerical spectra against the closed forms of ring, path, complete, hypercube and lazy-ring chains. */
    static Outcome spectrumClosedForm(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("largest eigenvalue error against the closed form", "chain", "solver", "max |λ − λ_closed|");
        double worst = 0;
        for (int n = 3; n <= 40; n++) {
            int nn = n;
            worst = Math.max(worst, compare(t, "simple on ring:" + n, WeightScheme.of(WeightScheme.Kind.SIMPLE).build(GraphGenerators.ring(n)),
                    k -> Math.cos(2 * Math.PI * k / nn), n));
            double kappa = 0.05 + 0.9 * ((n * 7) % 13) / 13.0;
            worst = Math.max(worst, compare(t, "lazy-ring(" + String.format(java.util.Locale.ROOT, "%.3f", kappa) + ") on ring:" + n,
                    WeightScheme.lazyRing(kappa).build(GraphGenerators.ring(n)),
                    k -> kappa + (1 - kappa) * Math.cos(2 * Math.PI * k / nn), n));
            worst = Math.max(worst, compare(t, "simple on path:" + n, WeightScheme.of(WeightScheme.Kind.SIMPLE).build(GraphGenerators.path(n)),
                    k -> Math.cos(Math.PI * k / (nn - 1)), n));
            worst = Math.max(worst, compare(t, "simple on complete:" + n, WeightScheme.of(WeightScheme.Kind.SIMPLE).build(GraphGenerators.complete(n)),
                    k -> k == 0 ? 1 : -1.0 / (nn - 1), n));
        }
        for (int k = 1; k <= 7; k++) {
            int kk = k;
            // Q_k eigenvalues of the adjacency are k - 2j with multiplicity C(k, j).
            double[] lam = new double[1 << k];
            for (int v = 0; v < lam.length; v++) {
                lam[v] = (kk - 2.0 * Integer.bitCount(v) + 1) / (kk + 1);
            }
            worst = Math.max(worst, compare(t, "metropolis on hypercube:" + k,
                    WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(GraphGenerators.hypercube(k)), v -> lam[v], lam.length));
        }
        ev.put("cases", t.rows().size()).put("worst_error", worst).put("tolerance", 1e-10);
        ev.slack(1e-10 / Math.max(worst, Math.ulp(1.0)));
        // Neighbouring closed forms (n against n+1) differ by about 2π²/n³ ≥ 3e-4 at n ≤ 40.
        ev.power(Power.strong("a spectrum off by one ring size differs by ≥ 3e-4 at n ≤ 40, 10^6 times the 1e-10 tolerance; the slack only measures rounding"));
        return Outcome.of(worst <= 1e-10, ev);
    }

    private static double compare(Table t, String name, TransitionMatrix p, java.util.function.IntToDoubleFunction closed, int m) {
        double[] expected = new double[m];
        for (int k = 0; k < m; k++) {
            expected[k] = closed.applyAsDouble(k);
        }
        Arrays.sort(expected);
        Spectrum s = p.spectrum();
        double[] got = s.real();
        Arrays.sort(got);
        double err = 0;
        for (int k = 0; k < m; k++) {
            err = Math.max(err, Math.abs(got[k] - expected[k]));
        }
        t.row(name, s.symmetric() ? (p.isSymmetric(1e-15) ? "symmetric" : "symmetrised (reversible)") : "general", err);
        return err;
    }

    /**
     * Checks that the exact t_mix(1/4) lies between the spectral lower and upper bounds.
     *
     * @throws java.io.IOException when the figure cannot be written
     */
    static Outcome mixingTimeBounds(CheckContext ctx) throws java.io.IOException {
        Evidence ev = new Evidence();
        Table t = ev.table("t_mix(1/4): exact against spectral bounds", "chain", "n", "lower (t_rel−1)ln2", "exact", "upper");
        List<TransitionMatrix> chains = new ArrayList<>();
        WeightScheme metro = WeightScheme.of(WeightScheme.Kind.METROPOLIS);
        WeightScheme lazy = WeightScheme.of(WeightScheme.Kind.LAZY_SIMPLE);
        WeightScheme mhu = WeightScheme.of(WeightScheme.Kind.MH_UNIFORM);
        int[] ringSizes = ctx.profile().pick(new int[] {8, 16, 32, 48}, new int[] {8, 16, 32, 64, 96, 128});
        List<double[]> ringPoints = new ArrayList<>();
        for (int n : ringSizes) {
            chains.add(lazy.build(GraphGenerators.ring(n)));
        }
        for (int k = 2; k <= 6; k++) {
            chains.add(metro.build(GraphGenerators.hypercube(k)));
        }
        chains.add(lazy.build(GraphGenerators.path(12)));
        chains.add(metro.build(GraphGenerators.grid(5, 5)));
        chains.add(metro.build(GraphGenerators.star(12)));
        chains.add(mhu.build(GraphGenerators.erdosRenyi(40, 0.15, ctx.seed("er"))));
        chains.add(mhu.build(GraphGenerators.stochasticBlockModel(new int[] {15, 15}, 0.5, 0.03, ctx.seed("sbm"))));
        boolean ok = true;
        double slackUpper = Double.POSITIVE_INFINITY;
        double slackLower = Double.POSITIVE_INFINITY;
        for (int c = 0; c < chains.size(); c++) {
            TransitionMatrix p = chains.get(c);
            if (!p.isIrreducible()) {
                ev.note("skipped " + p + ": reducible");
                continue;
            }
            long exact = MixingTime.exact(p, 0.25, 1_000_000);
            double upper = MixingTime.spectralBound(p, 0.25);
            double gap = p.spectrum().absoluteSpectralGap();
            double lower = (1 / gap - 1) * Math.log(2);
            t.row(p.name() + " (" + p.n() + " states)", p.n(), lower, exact, upper);
            ok &= exact >= 0 && exact <= upper && exact >= lower - 1e-9;
            slackUpper = Math.min(slackUpper, upper / Math.max(exact, 1));
            if (lower > 0) {
                slackLower = Math.min(slackLower, exact / lower);
            }
            if (c < ringSizes.length) {
                ringPoints.add(new double[] {p.n(), lower, exact, upper});
            }
        }
        double[] x = ringPoints.stream().mapToDouble(a -> a[0]).toArray();
        Charts.xy("Lazy walk on a ring: mixing time t_mix(1/4)", "ring size n", "steps").logX().logY()
                .add(Charts.Series.line("exact (total variation)", x, ringPoints.stream().mapToDouble(a -> a[2]).toArray()))
                .add(Charts.Series.dashed("upper ⌈ln(4/π_min)/γ*⌉", x, ringPoints.stream().mapToDouble(a -> a[3]).toArray()))
                .add(Charts.Series.dashed("lower (t_rel − 1) ln 2", x, ringPoints.stream().mapToDouble(a -> a[1]).toArray()))
                .save(ctx.figure("ring"));
        ev.figure(ctx.figureFile("ring"), "Exact mixing time of the lazy ring walk between the spectral bounds (log-log).");
        ev.put("chains", t.rows().size()).put("slack_upper", slackUpper).put("slack_lower", slackLower);
        double slack = Math.min(slackUpper, slackLower);
        ev.slack(slack);
        ev.power(Power.ofSlack(slack, "the tighter side over all chains (upper/exact or exact/lower); both bounds are computed from the spectrum, the exact time from powers of P"));
        return Outcome.of(ok, ev);
    }
}
