package rwdp.claims.ayache;

import java.util.Arrays;
import java.util.List;
import rwdp.bounds.convergence.RwSgdConstants;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.experiment.LogisticWalkExperiment;
import rwdp.markov.WeightScheme;
import rwdp.random.SummaryStats;

/**
 * The importance-sampling comparison of Fig. 2 (Ayache et al., §V and §III-C) decided inside §V's setting: N = 100 and
 * p = 0.3 as stated, the unstated d, μ and q swept.
 */
final class ImportanceSamplingChecks {
    private ImportanceSamplingChecks() {}

    /** §V's stated N: L_i = 1 + N‖x_i‖²/4 depends on it, so the importance-sampling claim is decided at N = 100 in both profiles. */
    static final int STATED_N = 100;

    /** One unstated setting of the importance-sampling sweep: dimension d, mean μ·𝟙, step exponent q. */
    record Unstated(int d, double mu, double q) {
        String label() {
            return String.format(java.util.Locale.ROOT, "d = %d, μ = %s, q = %s", d, trim(mu), trim(q));
        }

        private static String trim(double x) {
            return x == Math.rint(x) ? Long.toString((long) x) : Double.toString(x);
        }
    }

    /**
     * The unstated settings swept for the importance-sampling claim: d over {@link #fig2Dims} at our μ = 1, q = 0.75, and at
     * the widest L range (d = 2) μ and q moved one at a time (§V states neither; R = 10 only bounds the projection, and w*
     * lies well inside it).
     */
    static List<Unstated> importanceSweep(CheckContext ctx) {
        List<Unstated> out = new java.util.ArrayList<>();
        for (int d : Fig2Checks.fig2Dims(ctx)) {
            out.add(new Unstated(d, LogisticWalkExperiment.MU, LogisticWalkExperiment.Q));
        }
        out.add(new Unstated(2, 0.5, LogisticWalkExperiment.Q));
        out.add(new Unstated(2, 2, LogisticWalkExperiment.Q));
        out.add(new Unstated(2, LogisticWalkExperiment.MU, 0.6));
        out.add(new Unstated(2, LogisticWalkExperiment.MU, 0.9));
        return out;
    }

    /** {@code draws} independent draws of graph and data at §V's N = 100 in setting {@code u}, {@code runs} runs of Alg. 1 and Alg. 2 each. */
    static Fig2Checks.Fig2Cell[] importanceCells(CheckContext ctx, Unstated u, int draws, int runs) {
        long updates = ctx.profile().pick(20_000L, 100_000L);
        Fig2Checks.Fig2Cell[] cells = new Fig2Checks.Fig2Cell[draws];
        for (int k = 0; k < draws; k++) {
            LogisticWalkExperiment.Runs[][] out = new LogisticWalkExperiment.Runs[2][3];
            double[][] consts = new double[2][2];
            double[] ratio = new double[2];
            for (int a = 0; a < 2; a++) {
                LogisticWalkExperiment s = AyacheCheckKit.setup(ctx, STATED_N, Fig2Checks.VS[a], u.d(), k, u.mu(), u.q());
                for (LogisticWalkExperiment.Algorithm alg : List.of(LogisticWalkExperiment.Algorithm.UNIFORM, LogisticWalkExperiment.Algorithm.WEIGHTED)) {
                    out[a][alg.ordinal()] = AyacheCheckKit.runs(ctx, "is-" + Fig2Checks.VS[a] + "-" + u.label() + "-" + alg + "-draw" + k, s,
                            LogisticWalkExperiment.factory(alg), runs, updates);
                }
                double[] l = s.smoothness();
                double sigma2 = RwSgdConstants.sigma2(s.loss(), s.optimum().w());
                consts[a][0] = RwSgdConstants.uniform(sigma2, l, WeightScheme.of(WeightScheme.Kind.MH_UNIFORM).build(s.graph()).spectrum().lambdaP());
                consts[a][1] = RwSgdConstants.weighted(sigma2, l, WeightScheme.of(WeightScheme.Kind.MH_WEIGHTED).build(s.graph(), l).spectrum().lambdaP());
                ratio[a] = Arrays.stream(l).max().orElseThrow() / Arrays.stream(l).min().orElseThrow();
            }
            cells[k] = new Fig2Checks.Fig2Cell(u.d(), out, consts, ratio);
        }
        return cells;
    }

    /**
     * Fig. 2: Alg. 2 beats Alg. 1 at v = 10 and loses at v = 1, at §V's stated N = 100 and p = 0.3, swept over what §V leaves
     * unstated (d; μ and q at d = 2). Each setting is one cell (the statement is the conjunction of its two halves); by rule 1
     * a sweep whose decided cells all go against the paper is VIOLATED, one that holds somewhere and fails elsewhere DEPENDS.
     */
    static Outcome importanceSampling(CheckContext ctx) {
        Evidence ev = new Evidence();
        List<Unstated> sweep = importanceSweep(ctx);
        double level = ev.family(2 * sweep.size(), 0.99);
        ev.stated("N", STATED_N, STATED_N).stated("p", 0.3, 0.3).stated("v", "10 and 1", "10 and 1");
        Table t = ev.table(String.format(java.util.Locale.ROOT,
                "mean over draws of ln(error A / error B) over the last decade of updates (%.4g%% CI); a comparison is decided beyond ±ln 1.1",
                100 * level), "setting", "v", "sup L / inf L", "A vs B", "mean", "lower", "upper", "decision");
        Table map = ev.table("map over the unstated settings (N = 100, p = 0.3 as §V states)", "setting", "sup L / inf L at v = 10",
                "C_u (v = 10)", "C_w (v = 10)", "C_u (v = 1)", "C_w (v = 1)", "v = 10: Alg. 2 ahead", "v = 1: Alg. 1 ahead", "verdict");
        double worst = Double.NEGATIVE_INFINITY;
        String worstAt = null;
        double worstLo = Double.NaN;
        double worstHi = Double.NaN;
        double best = Double.POSITIVE_INFINITY;
        String bestAt = null;
        for (Unstated u : sweep) {
            // The wide-L cells (d ≤ 5) carry the finding: 24 independent draws of graph and data with 4 runs each there, 8 × 3
            // elsewhere; one draw decided it at a few run seeds in a hundred (the effect varies from draw to draw).
            Fig2Checks.Fig2Cell[] cells = u.d() <= 5 ? importanceCells(ctx, u, 24, 4) : importanceCells(ctx, u, 8, 3);
            Fig2Checks.Fig2Cell c = cells[0];
            SummaryStats hi = Fig2Checks.overDraws(cells, 0, 1, 0, level);
            SummaryStats lo = Fig2Checks.overDraws(cells, 1, 0, 1, level);
            Verdict high = Fig2Checks.ahead(hi);
            Verdict low = Fig2Checks.ahead(lo);
            t.row(u.label(), Fig2Checks.VS[0], c.lRatio()[0], "Alg. 2 vs Alg. 1 (" + cells.length + " draws)", hi.mean(), hi.lower(), hi.upper(),
                    high == Verdict.HOLDS ? "Alg. 2 ahead" : high == Verdict.VIOLATED ? "Alg. 1 ahead" : "within ±10% or not separable");
            t.row(u.label(), Fig2Checks.VS[1], c.lRatio()[1], "Alg. 1 vs Alg. 2 (" + cells.length + " draws)", lo.mean(), lo.lower(), lo.upper(),
                    low == Verdict.HOLDS ? "Alg. 1 ahead" : low == Verdict.VIOLATED ? "Alg. 2 ahead" : "within ±10% or not separable");
            Verdict cv = Fig2Checks.allOf(List.of(high, low));
            ev.cell(u.label(), cv);
            map.row(u.label(), c.lRatio()[0], c.constants()[0][0], c.constants()[0][1], c.constants()[1][0], c.constants()[1][1], high, low, cv);
            if (high == Verdict.VIOLATED && hi.mean() > worst) {
                worst = hi.mean();
                worstAt = u.label();
                worstLo = hi.lower();
                worstHi = hi.upper();
            }
            if (hi.mean() < best) {
                best = hi.mean();
                bestAt = u.label();
            }
        }
        ev.put("setting", "er:100,0.3 as §V states in both profiles (L_i = 1 + N‖x_i‖²/4 depends on N); R = 10; "
                + ctx.profile().pick(20_000, 100_000) + " updates; unstated settings swept: "
                + sweep.stream().map(Unstated::label).collect(java.util.stream.Collectors.joining("; "))
                + "; graph and data drawn from the claim's seed");
        if (worstAt != null) {
            String eff = String.format(java.util.Locale.ROOT,
                    "v = 10, %s: Alg. 2's error is e^%.2f = %.2f× Alg. 1's (mean over draws of ln(error Alg. 2 / error Alg. 1) over the last decade; %.4g%% CI [%.2f, %.2f]), the reverse of the claim",
                    worstAt, worst, Math.exp(worst), 100 * level, worstLo, worstHi);
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, eff).put("counterexample", eff);
        }
        ev.put("best_v10_log_ratio", best).put("best_v10_setting", bestAt);
        ev.power(Power.strong("99% family-wise Student-t intervals over independent draws of graph and data (24 draws × 4 runs per "
                + "algorithm at d ≤ 5, 8 × 3 elsewhere), covering the draw-to-draw spread as well as the walk noise; a cell is decided beyond a 10% margin"));
        ev.put(rwdp.claims.LabelRules.RUN_SEEDS, 24);
        return Outcome.overCells(ev);
    }
}
