package rwdp.claims.core;

import java.util.List;
import java.util.TreeSet;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Multiplicity;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.random.MonteCarlo;
import rwdp.random.SummaryStats;

/** Checks of the graph generators: core.generators-exact and core.generators-random. */
final class GeneratorChecks {
    private GeneratorChecks() {}

    /** Checks the deterministic generators' edge counts, degree ranges and connectivity against closed forms. */
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

    /** Checks the random generators' mean edge counts against their expectations and that regular graphs are regular. */
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
        double z = rwdp.random.Quantiles.normal(1 - Multiplicity.RUN_ERROR / (2 * fams.size()));
        double level = 1 - Multiplicity.RUN_ERROR / fams.size();
        boolean ok = true;
        double slack = Double.POSITIVE_INFINITY;
        double detectable = 0;
        for (int f = 0; f < fams.size(); f++) {
            Fam fam = fams.get(f);
            double[] xs = ctx.trials().run(reps, ctx.seed(fam.name()), fam.trial());
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
        ev.power(detectable < 0.10 ? Power.strong("each interval excludes a mean edge count off by " + FoundationCases.fmt3(100 * detectable)
                        + "% or more; dropping the geometric boundary term (17%) or using p·n²/2 edges fails")
                : Power.weak("the intervals only exclude mean errors above " + FoundationCases.fmt3(100 * detectable) + "%"));
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
}
