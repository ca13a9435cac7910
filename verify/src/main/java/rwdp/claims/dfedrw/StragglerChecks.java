package rwdp.claims.dfedrw;

import rwdp.experiment.FederatedExperiment;
import rwdp.data.Partition;
import static rwdp.claims.dfedrw.ComparisonRuns.ALGORITHMS;
import static rwdp.claims.dfedrw.ComparisonRuns.Grid;
import static rwdp.claims.dfedrw.ComparisonRuns.base;
import static rwdp.claims.dfedrw.ComparisonRuns.finalPerSeed;
import static rwdp.claims.dfedrw.ComparisonRuns.grid;
import static rwdp.claims.dfedrw.ComparisonRuns.mean;
import static rwdp.claims.dfedrw.ComparisonRuns.meanFinal;
import static rwdp.claims.dfedrw.ComparisonRuns.paired;

import java.util.List;
import java.util.Locale;
import rwdp.algo.federated.TrainingTrace;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.plot.Charts;
import rwdp.random.SummaryStats;

/**
 * Robustness to stragglers (Wang et al., §VI-B, Figs. 3, 5, 6): accuracy lost from 0% to 90%
 * stragglers by DFedRW and the baselines, paired over seeds, with the accuracy curves and the cost of a round.
 */
final class StragglerChecks {
    private StragglerChecks() {}

    /**
     * Figs. 3, 5, 6 in spirit: under label skew DFedRW loses the least accuracy when stragglers go
     * from 0% to 90% (paired over seeds); IID is reported alongside.
     */
    static Outcome stragglerRobustness(CheckContext ctx) throws java.io.IOException {
        Evidence ev = new Evidence();
        FederatedExperiment base = base(ctx);
        base = base.withSchedule(base.schedule().withRounds(ctx.profile().pick(30, 100)));
        // The quick profile skips IID and h = 0.5 (reported only / figures) to afford more paired seeds.
        List<Partition> parts = ctx.quick() ? List.of(Partition.shards(0), Partition.dirichlet(0.1))
                : List.of(Partition.iid(), Partition.shards(0), Partition.dirichlet(0.1));
        double[] hs = ctx.quick() ? new double[] {0, 0.9} : new double[] {0, 0.5, 0.9};
        List<String> algs = List.of(ALGORITHMS);
        // 16 paired seeds: with 8 the DFedRW-FedAvg interval under Dirichlet 0.1 missed zero at 1 run seed in 30
        // (mean 0.22, seed-to-seed sd 0.03, half-width 0.12); 16 halve the half-width, a margin of about 5 sd.
        Grid g = grid(ctx, base, parts, hs, algs, "robust", ctx.profile().pick(16, 16));
        Table t = ev.table("final accuracy (mean of the last 5 rounds and of the seeds)", "partition", "h", "DFedRW", "DFedAvg", "FedAvg", "DSGD");
        Table drop = ev.table("accuracy lost from h = 0 to h = 0.9, baseline − DFedRW paired over seeds (> 0: DFedRW loses less)",
                "partition", "baseline", "DFedRW loss", "baseline loss", "difference", "95% interval", "verdict");
        boolean allAhead = true;
        boolean someNot = false;
        int last = hs.length - 1;
        int skewed = 0;
        for (Partition part : parts) {
            skewed += part instanceof Partition.Iid ? 0 : 1;
        }
        double level = ev.family(skewed * (algs.size() - 1), 0.95);
        for (int p = 0; p < parts.size(); p++) {
            double[][] acc = new double[hs.length][algs.size()];
            for (int h = 0; h < hs.length; h++) {
                for (int a = 0; a < algs.size(); a++) {
                    acc[h][a] = meanFinal(g.traces(), g.index(p, h, a), g.seeds());
                }
                t.row(parts.get(p), hs[h], acc[h][0], acc[h][1], acc[h][2], acc[h][3]);
                figure(ctx, ev, g, p, h, parts.get(p).toString(), hs[h]);
            }
            double[] rwLoss = lossPerSeed(g, p, 0, last);
            for (int a = 1; a < algs.size(); a++) {
                double[] bLoss = lossPerSeed(g, p, a, last);
                SummaryStats d = paired(bLoss, rwLoss, level);
                boolean ahead = d.lower() > 0;
                boolean not = d.upper() < 0;
                String v = ahead ? "DFedRW loses less" : not ? "DFedRW loses more" : "not separated";
                if (!(parts.get(p) instanceof Partition.Iid)) {
                    allAhead &= ahead;
                    someNot |= not;
                }
                drop.row(parts.get(p).toString(), algs.get(a), mean(rwLoss), mean(bLoss), d.mean(),
                        String.format(Locale.ROOT, "[%.3f, %.3f]", d.lower(), d.upper()), v + (parts.get(p) instanceof Partition.Iid ? " (IID: reported only)" : ""));
            }
        }
        // The measured cost of a round (training only, evaluation excluded), over every run of the grid.
        Table cost = ev.table("measured cost of a round (wall clock on this machine, training only, all runs of the grid)", "algorithm",
                "ms per round", "gradient steps per round", "Mbit per round (" + parts.get(0) + ", h = 0)");
        for (int a = 0; a < algs.size(); a++) {
            double nanos = 0;
            double steps = 0;
            double runs = 0;
            for (int p = 0; p < parts.size(); p++) {
                for (int h = 0; h < hs.length; h++) {
                    for (int r = 0; r < g.seeds(); r++) {
                        TrainingTrace tr = g.traces()[g.index(p, h, a) + r];
                        nanos += tr.nanos();
                        steps += tr.gradientSteps();
                        runs++;
                    }
                }
            }
            TrainingTrace ref = g.traces()[g.index(0, 0, a)];
            double rounds = base.schedule().rounds();
            cost.row(algs.get(a), nanos / runs / rounds / 1e6, steps / runs / rounds, ref.bits()[ref.bits().length - 1] / rounds / 1e6);
        }
        ev.put("seeds", g.seeds()).put("rounds", base.schedule().rounds()).put("dfedrw_loses_less_under_skew", allAhead)
                .put("dfedrw_not_ahead_somewhere_under_skew", someNot);
        ev.put(rwdp.claims.LabelRules.SUBSTITUTE_DATA, "a synthetic 10-class Gaussian mixture with a softmax model for the paper's "
                + "MNIST / Fashion-MNIST with the 3FNN").put(rwdp.claims.LabelRules.RUN_SEEDS, g.seeds());
        ev.power(Power.weak("substitute data (a synthetic Gaussian mixture for the paper's image data): two-sided paired intervals decide "
                + "both directions (family-wise 95% over the skewed splits' comparisons) and the accuracy losses differ by several "
                + "half-widths, but on data the paper did not use"));
        ev.note("Verdict on the label-skewed splits (shards, Dirichlet 0.1): HOLDS when DFedRW loses less than every baseline "
                + "(two-sided paired Student-t intervals, Bonferroni over the comparisons, family-wise 95%), VIOLATED when some "
                + "baseline loses significantly less, INCONCLUSIVE "
                + "otherwise. The IID rows are reported but not part of the verdict: with IID data FedAvg, which only loses stragglers' "
                + "updates, is about as robust as DFedRW (in the full profile FedAvg loses 0.007 and DFedRW 0.012).");
        rwdp.claims.Verdict v = allAhead ? rwdp.claims.Verdict.HOLDS : someNot ? rwdp.claims.Verdict.VIOLATED : rwdp.claims.Verdict.INCONCLUSIVE;
        return new Outcome(v, ev);
    }

    private static double[] lossPerSeed(Grid g, int p, int a, int last) {
        double[] first = finalPerSeed(g.traces(), g.index(p, 0, a), g.seeds());
        double[] end = finalPerSeed(g.traces(), g.index(p, last, a), g.seeds());
        for (int i = 0; i < first.length; i++) {
            first[i] -= end[i];
        }
        return first;
    }

    private static void figure(CheckContext ctx, Evidence ev, Grid g, int p, int h, String part, double hv) throws java.io.IOException {
        String name = String.format(Locale.ROOT, "accuracy-%s-h%d", part.replace(':', '-').replace('.', '_'), Math.round(hv * 100));
        Charts.Xy chart = Charts.xy(String.format(Locale.ROOT, "%s, %d%% stragglers", part, Math.round(hv * 100)),
                "communication round", "test accuracy");
        for (int a = 0; a < g.algorithms().size(); a++) {
            int from = g.index(p, h, a);
            TrainingTrace first = g.traces()[from];
            double[] x = new double[first.rounds().length];
            double[] y = new double[x.length];
            for (int e = 0; e < x.length; e++) {
                x[e] = first.rounds()[e];
                for (int r = 0; r < g.seeds(); r++) {
                    y[e] += g.traces()[from + r].accuracy()[e] / g.seeds();
                }
            }
            chart.add(Charts.Series.line(g.algorithms().get(a), x, y));
        }
        chart.save(ctx.figure(name));
        ev.figure(ctx.figureFile(name), String.format(Locale.ROOT, "Test accuracy against rounds, %s, h = %d%% (mean of %d seeds).",
                part, Math.round(hv * 100), g.seeds()));
    }
}
