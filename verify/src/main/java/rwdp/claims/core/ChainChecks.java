package rwdp.claims.core;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Multiplicity;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.MixingTime;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.Walk;
import rwdp.markov.WeightScheme;
import rwdp.random.Rngs;

/**
 * Checks of transition matrices shared by the foundation claims and the papers' claims: the
 * target law of each weight scheme, computed from its defining formula (not from the matrix),
 * then tested exactly (πP = π) and empirically (visit frequencies of a seeded walk).
 */
public final class ChainChecks {
    private ChainChecks() {}

    /** A chain under test: the graph spec, the scheme, the matrix and the law it should have. */
    public record Case(GraphSpec spec, WeightScheme scheme, TransitionMatrix matrix, double[] target) {
        public Case {
            target = target.clone();
        }

        /** Returns a copy of the law the chain should have. */
        @Override
        public double[] target() {
            return target.clone();
        }

        /** Returns the graph's spec text, as the evidence names it. */
        public String graph() {
            return spec.toString();
        }

        /** Returns "scheme on graph". */
        public String label() {
            return scheme.label() + " on " + spec;
        }
    }

    /**
     * Returns the target stationary law of {@code scheme} on {@code g} from its definition:
     * deg/2|E| for the simple walks, L/ΣL for mh-weighted, uniform for the others.
     */
    public static double[] target(WeightScheme scheme, Graph g, double[] nodeWeights) {
        int n = g.n();
        double[] t = new double[n];
        switch (scheme.kind()) {
            case SIMPLE, LAZY_SIMPLE -> {
                for (int i = 0; i < n; i++) {
                    t[i] = g.degree(i) / (2.0 * g.edgeCount());
                }
            }
            case MH_WEIGHTED -> {
                double s = 0;
                for (double x : nodeWeights) {
                    s += x;
                }
                for (int i = 0; i < n; i++) {
                    t[i] = nodeWeights[i] / s;
                }
            }
            default -> java.util.Arrays.fill(t, 1.0 / n);
        }
        return t;
    }

    /** Returns positive node weights in [1, 10) drawn with {@code rng}, for mh-weighted. */
    public static double[] randomNodeWeights(int n, SplittableRandom rng) {
        double[] w = new double[n];
        for (int i = 0; i < n; i++) {
            w[i] = 1 + 9 * rng.nextDouble();
        }
        return w;
    }

    /** Returns the cases: every scheme of {@code schemes} on every graph spec it applies to. */
    public static List<Case> cases(List<GraphSpec> graphs, List<WeightScheme> schemes, long seed) {
        List<Case> out = new ArrayList<>();
        for (GraphSpec spec : graphs) {
            Graph g = spec.build();
            boolean ring = g.minDegree() == 2 && g.maxDegree() == 2;
            for (WeightScheme w : schemes) {
                if (w.kind() == WeightScheme.Kind.LAZY_RING && !ring) {
                    continue;
                }
                double[] l = w.needsNodeWeights() ? randomNodeWeights(g.n(), Rngs.stream(seed, out.size())) : null;
                out.add(new Case(spec, w, w.build(g, l), target(w, g, l)));
            }
        }
        return out;
    }

    /** Returns max_j |(πP)_j - π_j| for the law {@code pi}. */
    public static double stationarityDefect(TransitionMatrix p, double[] pi) {
        double[] out = p.leftMultiply(pi, new double[pi.length]);
        double worst = 0;
        for (int j = 0; j < pi.length; j++) {
            worst = Math.max(worst, Math.abs(out[j] - pi[j]));
        }
        return worst;
    }

    /**
     * Returns a law the chain must NOT have, for a negative control: the uniform law when the
     * target is not uniform, the degree law otherwise; null when the two coincide within total
     * variation 1e-3 (regular graphs), where no wrong law of this kind exists.
     */
    static double[] wrongLaw(Case c) {
        int n = c.target().length;
        double[] uniform = new double[n];
        java.util.Arrays.fill(uniform, 1.0 / n);
        double[] alt = uniform;
        if (tv(c.target(), uniform) < 1e-3) {
            Graph g = c.spec().build();
            alt = new double[n];
            for (int i = 0; i < n; i++) {
                alt[i] = g.degree(i) / (2.0 * g.edgeCount());
            }
        }
        return tv(c.target(), alt) < 1e-3 ? null : alt;
    }

    private static double tv(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i] - b[i]);
        }
        return s / 2;
    }

    /**
     * Returns the verdict of "πP = π within {@code tol} for each case's target π". Power comes
     * from a negative control: the same test applied to a wrong law (uniform against degree) must
     * fail; slack is tol over the worst defect (floored at one ulp of 1).
     */
    public static Outcome exactStationarity(List<Case> cases, double tol) {
        Evidence ev = new Evidence();
        Table t = ev.table("target law π against πP", "chain", "n", "max |πP − π|", "max |π_solver − π|");
        double worst = 0;
        String worstCase = "";
        int controls = 0;
        int controlsRejected = 0;
        double controlMin = Double.POSITIVE_INFINITY;
        for (Case c : cases) {
            double[] target = c.target();
            double defect = stationarityDefect(c.matrix(), target);
            double[] solved = c.matrix().stationary();
            double solverGap = 0;
            for (int i = 0; i < solved.length; i++) {
                solverGap = Math.max(solverGap, Math.abs(solved[i] - target[i]));
            }
            double m = Math.max(defect, solverGap);
            if (m > worst) {
                worst = m;
                worstCase = c.label();
            }
            t.row(c.label(), c.matrix().n(), defect, solverGap);
            double[] wrong = wrongLaw(c);
            if (wrong != null) {
                controls++;
                double d = stationarityDefect(c.matrix(), wrong);
                controlMin = Math.min(controlMin, d);
                controlsRejected += d > tol ? 1 : 0;
            }
        }
        ev.put("cases", cases.size()).put("tolerance", tol).put("worst_defect", worst).put("worst_case", worstCase);
        ev.put("negative_controls", controls).put("negative_controls_rejected", controlsRejected);
        if (controls > 0) {
            ev.put("negative_control_min_defect", controlMin);
        }
        ev.slack(tol / Math.max(worst, Math.ulp(1.0)));
        ev.power(controls == 0 ? Power.weak("no case has a wrong law to test against (all graphs regular)")
                : controlsRejected == controls
                        ? Power.strong("the wrong law (uniform against degree) fails πP = π in all " + controls
                                + " control cases, smallest defect " + String.format(java.util.Locale.ROOT, "%.2g", controlMin))
                        : Power.weak("the wrong law passes πP = π in " + (controls - controlsRejected) + " of " + controls
                                + " control cases"));
        return Outcome.of(worst <= tol, ev);
    }

    /**
     * Returns the verdict of a chi-square test of the visit frequencies of one long walk per
     * case against its target law. Positions are recorded every t_mix(0.01) steps (computed
     * exactly), so successive samples are nearly independent; periodic chains are skipped. The
     * family-wise level is {@code alpha} (Bonferroni). Power comes from a negative control: the
     * same visits tested against a wrong law must be rejected; slack is the smallest p-value over
     * the per-case level (below 1 rejects).
     */
    public static Outcome empiricalStationarity(List<Case> cases, int samples, double alpha, long seed) {
        Evidence ev = new Evidence();
        Table t = ev.table("chi-square test of thinned visit frequencies", "chain", "n", "thinning", "samples", "p-value");
        ChiSquareTest chi = new ChiSquareTest();
        List<Case> tested = new ArrayList<>();
        for (Case c : cases) {
            if (c.matrix().isAperiodic()) {
                tested.add(c);
            } else {
                ev.note("skipped " + c.label() + ": the chain is periodic, so single-walk frequencies do not mix");
            }
        }
        double minP = 1;
        String worst = "";
        int controls = 0;
        int controlsRejected = 0;
        double controlMaxP = 0;
        for (int k = 0; k < tested.size(); k++) {
            Case c = tested.get(k);
            long tmix = MixingTime.exact(c.matrix(), 0.01, 100_000);
            int thin = (int) Math.max(1, tmix);
            SplittableRandom rng = Rngs.stream(seed, k);
            Walk w = new Walk(c.matrix(), rng.nextInt(c.matrix().n()), rng);
            for (int s = 0; s < 5 * thin; s++) {
                w.step();
            }
            long[] visits = w.visitCounts(samples, thin);
            double p = chi.chiSquareTest(c.target(), visits);
            if (p < minP) {
                minP = p;
                worst = c.label();
            }
            t.row(c.label(), c.matrix().n(), thin, samples, p);
            double[] wrong = wrongLaw(c);
            if (wrong != null) {
                controls++;
                double pw = chi.chiSquareTest(wrong, visits);
                controlMaxP = Math.max(controlMaxP, pw);
                controlsRejected += pw < alpha / Math.max(1, tested.size()) ? 1 : 0;
            }
        }
        double level = alpha / Math.max(1, tested.size());
        ev.put("negative_controls", controls).put("negative_controls_rejected", controlsRejected);
        if (controls > 0) {
            ev.put("negative_control_max_p_value", controlMaxP);
        }
        if (!tested.isEmpty()) {
            ev.slack(minP / level);
        }
        ev.power(controls == 0 ? Power.weak("no tested case has a wrong law to test against (all graphs regular)")
                : controlsRejected == controls
                        ? Power.strong("the same visits tested against the wrong law (uniform against degree) are rejected in all "
                                + controls + " control cases")
                        : Power.weak("the same visits fail to reject the wrong law in " + (controls - controlsRejected)
                                + " of " + controls + " control cases"));
        ev.put("cases", tested.size()).put("family_alpha", alpha).put("per_case_level", level)
                .put("smallest_p_value", minP).put("worst_case", worst);
        return new Outcome(minP >= level ? Verdict.HOLDS : Verdict.VIOLATED, ev);
    }

    /** Checks core.stationary-exact: every scheme's target law on every graph of {@link FoundationCases#graphs} is exact. */
    static Outcome stationaryExact(CheckContext ctx) {
        return exactStationarity(cases(FoundationCases.graphs(ctx.seed("graphs") & 0xffff), FoundationCases.allSchemes(),
                ctx.seed("node-weights")), 1e-12);
    }

    /** Checks core.stationary-empirical: the visit frequencies of seeded walks on the same chains match their target laws. */
    static Outcome stationaryEmpirical(CheckContext ctx) {
        return empiricalStationarity(cases(FoundationCases.graphs(ctx.seed("graphs") & 0xffff), FoundationCases.allSchemes(),
                ctx.seed("node-weights")), ctx.profile().pick(20_000, 200_000), Multiplicity.RUN_ERROR, ctx.seed("walks"));
    }
}
