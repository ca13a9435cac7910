package rwdp.claims.core;

import java.util.Arrays;
import java.util.SplittableRandom;
import org.apache.commons.math3.stat.inference.ChiSquareTest;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Multiplicity;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.markov.TransitionMatrix;
import rwdp.random.MonteCarlo;

/** Checks of the transition matrices and their alias sampler: core.rows-stochastic and core.alias-sampler. */
final class MatrixChecks {
    private MatrixChecks() {}

    /** Checks that every weight scheme gives a row-stochastic matrix on every graph of {@link FoundationCases#graphs}. */
    static Outcome rowsStochastic(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("row-sum and sign defects", "chain", "n", "nnz", "max |row sum − 1|", "min entry");
        double worst = 0;
        String worstCase = "";
        for (ChainChecks.Case c : ChainChecks.cases(FoundationCases.graphs(ctx.seed("graphs") & 0xffff), FoundationCases.allSchemes(), ctx.seed("node-weights"))) {
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

    /** Checks that alias-table draws reproduce each row's probabilities and never draw a zero entry (chi-square). */
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
        double[] pValues = ctx.trials().run(rows, ctx.seed("draws"), (r, g) -> {
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
        ev.power(delta < 0.05 ? Power.strong("a probability error of about " + FoundationCases.fmt3(delta) + "·sqrt(p) on one entry is rejected at this level; a swapped alias or wrong threshold moves entries by far more")
                : Power.weak("only probability errors above " + FoundationCases.fmt3(delta) + "·sqrt(p) are detectable"));
        return Outcome.of(minP >= level, ev);
    }
}
