package rwdp.claims.core;

import rwdp.claims.Multiplicity;
import rwdp.claims.ConnectedDraws;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import rwdp.claims.CheckContext;
import rwdp.claims.Claim;
import rwdp.claims.ClaimSet;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Paper;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.markov.MixingTime;
import rwdp.markov.Spectrum;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.random.MonteCarlo;
import rwdp.random.SummaryStats;
import rwdp.plot.Charts;

/**
 * rwdp's own foundations, checked like the papers' claims: transition matrices of every weight
 * scheme, the alias sampler, the graph generators, spectra and mixing times.
 */
public final class FoundationClaims implements ClaimSet {
    /** Graphs on which every weight scheme is checked (rings included for lazy-ring). */
    static List<String> graphs(long seed) {
        return List.of("complete:8", "ring:9", "ring:10", "star:7", "path:6", "grid:4,5", "torus:4,4",
                "hypercube:4", "exponential:16", ConnectedDraws.spec("er:30,0.25,", seed),
                ConnectedDraws.spec("regular:20,3,", seed), ConnectedDraws.spec("geometric:40,0.35,", seed),
                ConnectedDraws.spec("sbm:10/12,0.6,0.08,", seed));
    }

    static List<WeightScheme> allSchemes() {
        List<WeightScheme> out = new ArrayList<>();
        for (WeightScheme.Kind k : WeightScheme.Kind.values()) {
            out.add(WeightScheme.of(k));
        }
        out.add(WeightScheme.lazyRing(0.1));
        return out;
    }

    @Override
    public List<Claim> claims() {
        return List.of(
                Claim.holds("core.rows-stochastic", Paper.RWDP.at("README, Command line, \u201cWeights W\u201d"),
                        "Every weight scheme gives a row-stochastic matrix (non-negative rows summing to 1 within 1e-12) on every graph family.",
                        FoundationClaims::rowsStochastic),
                Claim.holds("core.stationary-exact", Paper.RWDP.at("README, Command line, \u201cWeights W\u201d"),
                        "Each scheme's target law (deg/2|E|, uniform, or L/ΣL) satisfies πP = π to 1e-12, and the solver returns it.",
                        ctx -> ChainChecks.exactStationarity(ChainChecks.cases(graphs(ctx.seed("graphs") & 0xffff), allSchemes(),
                                ctx.seed("node-weights")), 1e-12)),
                Claim.holds("core.stationary-empirical", Paper.RWDP.at("README, Command line, \u201cWeights W\u201d"),
                        "Visit frequencies of a long seeded walk match each aperiodic scheme's target law (chi-square, family level 1e-5).",
                        ctx -> ChainChecks.empiricalStationarity(ChainChecks.cases(graphs(ctx.seed("graphs") & 0xffff), allSchemes(),
                                ctx.seed("node-weights")), ctx.profile().pick(20_000, 200_000), Multiplicity.RUN_ERROR, ctx.seed("walks"))),
                Claim.holds("core.alias-sampler", Paper.VOSE.at("the alias method, pp. 972–975"),
                        "The O(1) alias-table draw of a row reproduces its probabilities (chi-square on 2e5 draws per row, family level 1e-5).",
                        FoundationClaims::aliasSampler)
                        .reading("cited as rwdp's definition, not quoted: the statement is our wording of what Vose's alias method guarantees (each draw returns j with the row's probability P_ij), and the check tests that wording; rows mix probability scales over three decades and exact zeros, the cases where a table construction goes wrong; zero-probability entries must never be drawn"),
                Claim.holds("core.generators-exact", Paper.RWDP.at("README, Command line, \u201cGraph SPEC\u201d"),
                        "Deterministic families have their exact edge counts and degrees (complete, ring, star, path, grid, torus, hypercube, exponential).",
                        FoundationClaims::generatorsExact),
                Claim.holds("core.generators-random", Paper.RWDP.at("README, Command line, \u201cGraph SPEC\u201d"),
                        "Random families match their expected edge counts within a family-wise 1 − 1e-5 confidence interval (ER, geometric, SBM) and regular graphs are exactly d-regular.",
                        FoundationClaims::generatorsRandom),
                Claim.holds("core.spectrum-closed-form", Paper.LEVIN_PERES.at("§12.3.1 (cycle), §12.3.2 (path), §12.4 (hypercube as a product chain)"),
                        "Numerical eigenvalues (EJML) equal the closed-form spectra of ring, path, complete, hypercube and lazy-ring chains to 1e-10.",
                        FoundationClaims::spectrumClosedForm)
                        .reading("cited as rwdp's definition, not quoted: the closed-form spectra are our statement of the eigenvalues the textbook derives in the sections named (cycle cos(2πk/n), path cos(πk/(n−1)), complete, hypercube as a product chain, lazy versions (1+λ)/2), and the check tests our statement"),
                Claim.holds("core.mixing-time-bounds", Paper.LEVIN_PERES.at("Thm. 12.4 (upper) and Thm. 12.5 (lower)"),
                        "The exact total-variation mixing time t_mix(1/4) lies between (t_rel − 1) ln 2 and ⌈ln(4/π_min)/γ*⌉ for reversible chains.",
                        FoundationClaims::mixingTimeBounds)
                        .reading("cited as rwdp's definition, not quoted: the two bounds are our wording of the textbook's relaxation-time bounds (numbered as in the 2nd edition), and the check tests that wording; ε = 1/4; t_rel = 1/γ* with γ* the absolute spectral gap; the lower bound applies to aperiodic chains, so every chain checked is lazy or has self-loops"));
    }

    static Outcome rowsStochastic(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("row-sum and sign defects", "chain", "n", "nnz", "max |row sum − 1|", "min entry");
        double worst = 0;
        String worstCase = "";
        for (ChainChecks.Case c : ChainChecks.cases(graphs(ctx.seed("graphs") & 0xffff), allSchemes(), ctx.seed("node-weights"))) {
            TransitionMatrix p = c.matrix();
            double min = Double.POSITIVE_INFINITY;
            for (int i = 0; i < p.n(); i++) {
                for (int k = 0; k < p.rowLength(i); k++) {
                    min = Math.min(min, p.probability(i, k));
                }
            }
            double d = p.rowSumDefect();
            double bad = min < 0 ? Double.POSITIVE_INFINITY : d;
            if (bad > worst) {
                worst = bad;
                worstCase = c.label();
            }
            t.row(c.label(), p.n(), p.nonZeros(), d, min);
        }
        ev.put("cases", t.rows().size()).put("worst_row_defect", worst).put("worst_case", worstCase);
        ev.slack(1e-12 / Math.max(worst, Math.ulp(1.0)));
        // The tolerance is numerical: a wrong weight formula moves a row sum by O(1/deg), not 1e-12.
        ev.power(Power.strong("a weight formula error moves a row sum by about 1/deg ≥ 0.02 on these graphs, 10^10 times the 1e-12 tolerance; the slack only measures rounding"));
        return Outcome.of(worst <= 1e-12, ev);
    }

    static Outcome aliasSampler(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("alias draws against row probabilities", "row size", "zero entries", "draws", "p-value");
        int rows = ctx.profile().pick(12, 40);
        int draws = 200_000;
        double[][] ps = new double[rows][];
        SplittableRandom rng = ctx.rng();
        for (int r = 0; r < rows; r++) {
            int k = 2 + rng.nextInt(60);
            double[] p = new double[k];
            double s = 0;
            for (int j = 0; j < k; j++) {
                // Mix scales and exact zeros, the cases where alias construction goes wrong.
                p[j] = rng.nextDouble() < 0.15 ? 0 : Math.pow(rng.nextDouble(), 3) + 1e-3;
                s += p[j];
            }
            if (s == 0) {
                p[0] = 1;
                s = 1;
            }
            for (int j = 0; j < k; j++) {
                p[j] /= s;
            }
            ps[r] = p;
        }
        double[] pValues = MonteCarlo.run(rows, ctx.seed("draws"), (r, g) -> {
            double[] p = ps[r];
            int k = p.length;
            double[][] dense = new double[k][];
            for (int i = 0; i < k; i++) {
                dense[i] = p;
            }
            TransitionMatrix m = TransitionMatrix.fromDense("row" + r, dense);
            long[] counts = new long[k];
            for (int d = 0; d < draws; d++) {
                counts[m.sample(0, g)]++;
            }
            // Zero-probability states must never be drawn; the chi-square runs on the rest.
            int pos = 0;
            for (double x : p) {
                pos += x > 0 ? 1 : 0;
            }
            double[] e = new double[pos];
            long[] o = new long[pos];
            int q = 0;
            for (int j = 0; j < k; j++) {
                if (p[j] > 0) {
                    e[q] = p[j];
                    o[q++] = counts[j];
                } else if (counts[j] > 0) {
                    return -1;
                }
            }
            return pos < 2 ? 1 : new ChiSquareTest().chiSquareTest(e, o);
        });
        double minP = 1;
        for (int r = 0; r < rows; r++) {
            long zeros = Arrays.stream(ps[r]).filter(x -> x == 0).count();
            t.row(ps[r].length, zeros, draws, pValues[r]);
            minP = Math.min(minP, pValues[r]);
        }
        double level = Multiplicity.RUN_ERROR / rows;
        ev.put("rows", rows).put("smallest_p_value", minP).put("per_row_level", level);
        if (minP < 0) {
            ev.note("a zero-probability state was drawn");
        }
        ev.slack(Math.max(minP, 0) / level);
        // Power: with N draws a probability error δ on an entry p gives chi-square noncentrality N δ²/p;
        // the smallest δ rejected at this level with power 1/2 is about sqrt(χ²_crit p / N).
        double crit = new org.apache.commons.math3.distribution.ChiSquaredDistribution(60).inverseCumulativeProbability(1 - level);
        double delta = Math.sqrt(crit / draws);
        ev.put("detectable_probability_error", delta);
        ev.power(delta < 0.05 ? Power.strong("a probability error of about " + fmt3(delta) + "·sqrt(p) on one entry is rejected at this level; a swapped alias or wrong threshold moves entries by far more")
                : Power.weak("only probability errors above " + fmt3(delta) + "·sqrt(p) are detectable"));
        return Outcome.of(minP >= level, ev);
    }

    static Outcome generatorsExact(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("first failures (empty when none)", "graph", "quantity", "expected", "got");
        int checked = 0;
        for (int n = 3; n <= 40; n++) {
            checked += expect(t, "complete:" + n, GraphGenerators.complete(n), (long) n * (n - 1) / 2, n - 1, n - 1);
            checked += expect(t, "ring:" + n, GraphGenerators.ring(n), n, 2, 2);
            checked += expect(t, "star:" + n, GraphGenerators.star(n), n - 1, 1, n - 1);
            checked += expect(t, "path:" + n, GraphGenerators.path(n), n - 1, 1, 2);
            for (int c = 2; c <= 7; c++) {
                checked += expect(t, "grid:" + n + "," + c, GraphGenerators.grid(n, c),
                        (long) n * (c - 1) + (long) c * (n - 1), 2, c >= 3 ? 4 : 3);
                if (c >= 3) {
                    checked += expect(t, "torus:" + n + "," + c, GraphGenerators.torus(n, c), 2L * n * c, 4, 4);
                }
            }
            // Exponential graph: vertex-transitive, degree = |{±2^j mod n} \ {0}|.
            TreeSet<Integer> offsets = new TreeSet<>();
            for (int p = 1; p < n; p *= 2) {
                offsets.add(p % n);
                offsets.add(((-p) % n + n) % n);
            }
            offsets.remove(0);
            int d = offsets.size();
            checked += expect(t, "exponential:" + n, GraphGenerators.exponential(n), (long) n * d / 2, d, d);
        }
        for (int k = 0; k <= 10; k++) {
            checked += expect(t, "hypercube:" + k, GraphGenerators.hypercube(k), k == 0 ? 0 : (long) k << (k - 1), k, k);
        }
        ev.put("graphs_checked", checked).put("failures", t.rows().size());
        ev.power(Power.strong("exact integer comparison of edge counts, degree ranges and connectivity against closed forms computed independently of the generators; any miscounted edge fails"));
        return Outcome.of(t.rows().isEmpty(), ev);
    }

    private static String fmt3(double x) {
        return String.format(java.util.Locale.ROOT, "%.3g", x);
    }

    private static int expect(Table t, String name, Graph g, long edges, int minDeg, int maxDeg) {
        if (g.edgeCount() != edges) {
            t.row(name, "edges", edges, g.edgeCount());
        }
        if (g.minDegree() != minDeg || g.maxDegree() != maxDeg) {
            t.row(name, "degree range", minDeg + ".." + maxDeg, g.minDegree() + ".." + g.maxDegree());
        }
        if (!g.isConnected()) {
            t.row(name, "connected", true, false);
        }
        return 1;
    }

    static Outcome generatorsRandom(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("edge counts over seeds (family-wise 1 − 1e-5)", "family", "graphs", "expected edges",
                "mean edges", "CI lower", "CI upper");
        int reps = ctx.profile().pick(200, 1000);
        record Fam(String name, double expected, MonteCarlo.Trial trial) {}
        double r = 0.2;
        int gn = 60;
        List<Fam> fams = List.of(
                new Fam("er:80,0.1", 0.1 * 80 * 79 / 2.0,
                        (i, g) -> GraphGenerators.erdosRenyi(80, 0.1, g.nextLong()).edgeCount()),
                new Fam("er:200,0.02", 0.02 * 200 * 199 / 2.0,
                        (i, g) -> GraphGenerators.erdosRenyi(200, 0.02, g.nextLong()).edgeCount()),
                new Fam("geometric:" + gn + "," + r, gn * (gn - 1) / 2.0 * (Math.PI * r * r - 8 * r * r * r / 3 + r * r * r * r / 2),
                        (i, g) -> GraphGenerators.geometric(gn, r, g.nextLong()).edgeCount()),
                new Fam("sbm:20/30,0.3,0.05", 0.3 * (190 + 435) + 0.05 * 600,
                        (i, g) -> GraphGenerators.stochasticBlockModel(new int[] {20, 30}, 0.3, 0.05, g.nextLong()).edgeCount()));
        double z = new NormalDistribution().inverseCumulativeProbability(1 - Multiplicity.RUN_ERROR / (2 * fams.size()));
        double level = 1 - Multiplicity.RUN_ERROR / fams.size();
        boolean ok = true;
        double slack = Double.POSITIVE_INFINITY;
        double detectable = 0;
        for (int f = 0; f < fams.size(); f++) {
            Fam fam = fams.get(f);
            double[] xs = MonteCarlo.run(reps, ctx.seed(fam.name()), fam.trial());
            SummaryStats s = SummaryStats.of(xs, level);
            t.row(fam.name(), reps, fam.expected(), s.mean(), s.lower(), s.upper());
            ok &= fam.expected() >= s.lower() && fam.expected() <= s.upper();
            double half = (s.upper() - s.lower()) / 2;
            // Slack of a two-sided interval test: half-width over the distance to the expectation.
            slack = Math.min(slack, half / Math.max(Math.abs(s.mean() - fam.expected()), 1e-300));
            detectable = Math.max(detectable, 2 * half / fam.expected());
        }
        ev.slack(slack);
        ev.put("largest_detectable_relative_error", detectable);
        // The geometric boundary term 8r³/3 is 17% of πr² at r = 0.2: a generator ignoring it must fail.
        ev.power(detectable < 0.10 ? Power.strong("each interval excludes a mean edge count off by " + fmt3(100 * detectable)
                        + "% or more; dropping the geometric boundary term (17%) or using p·n²/2 edges fails")
                : Power.weak("the intervals only exclude mean errors above " + fmt3(100 * detectable) + "%"));
        int regularChecked = 0;
        for (int n = 6; n <= 40; n += 2) {
            for (int d = 1; d <= 5; d++) {
                Graph g = GraphGenerators.regular(n, d, ctx.seed("regular" + n + "," + d));
                regularChecked++;
                if (g.minDegree() != d || g.maxDegree() != d || g.edgeCount() != (long) n * d / 2) {
                    ok = false;
                    ev.note("regular:" + n + "," + d + " has degrees " + g.minDegree() + ".." + g.maxDegree());
                }
            }
        }
        ev.put("z_critical", z).put("regular_graphs_checked", regularChecked);
        ev.note("geometric expectation: C(n,2)(πr² − 8r³/3 + r⁴/2), the probability that two uniform points of the unit square are within r ≤ 1");
        return Outcome.of(ok, ev);
    }

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
