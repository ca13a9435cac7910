package rwdp.claims.dfedrw;

import rwdp.experiment.FederatedExperiment;
import rwdp.data.Partition;
import static rwdp.claims.dfedrw.ComparisonRuns.Job;
import static rwdp.claims.dfedrw.ComparisonRuns.base;
import static rwdp.claims.dfedrw.ComparisonRuns.finalPerSeed;
import static rwdp.claims.dfedrw.ComparisonRuns.mean;
import static rwdp.claims.dfedrw.ComparisonRuns.paired;
import static rwdp.claims.dfedrw.ComparisonRuns.roundsPerSeed;
import static rwdp.claims.dfedrw.ComparisonRuns.runAll;
import static rwdp.claims.dfedrw.ComparisonRuns.target;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import rwdp.algo.federated.TrainingTrace;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.random.SummaryStats;

/**
 * The headline comparison of Wang et al., §VI-B (Figs. 5 and 6): DFedRW against DFedAvg and FedAvg
 * under label skew and stragglers, paired over seeds, on the paper's cells and on our Dirichlet extension.
 */
final class HeadlineChecks {
    private HeadlineChecks() {}

    /** One setting of §VI-B: a partition and a straggler share. */
    record Cell(Partition partition, double stragglers) {}

    /**
     * §VI-B headline, decided on the paper's data: the (u = 0, h = 90%) cell of Fig. 6 and the Dirichlet α_d = 0.1 cell of
     * Fig. 5 on Fashion-MNIST with the 3FNN, on the trainings of {@code dfedrw.fmnist-u0-h90} and {@code dfedrw.fmnist-dirichlet}
     * (the same seeds, so a report trains them once). The synthetic Gaussian-mixture comparison is context only (rule 7: a
     * substitute never decides a verdict about figures drawn on the paper's data).
     */
    static Outcome headline(CheckContext ctx) throws java.io.IOException {
        Outcome fig6 = RealDataChecks.stragglerHeadline(ctx, ctx.as("dfedrw.fmnist-u0-h90"));
        if (fig6.evidence().values().containsKey(rwdp.claims.ClaimResult.MISSING_PACKAGE)) {
            return fig6;
        }
        Outcome fig5 = RealDataChecks.dirichletHeadline(ctx, ctx.as("dfedrw.fmnist-dirichlet"));
        Evidence ev = new Evidence();
        ev.cell("Fig. 6, u = 0, h = 90% (Fashion-MNIST)", fig6.verdict() == rwdp.claims.Verdict.DEPENDS ? rwdp.claims.Verdict.INCONCLUSIVE : fig6.verdict());
        ev.cell("Fig. 5, Dirichlet α_d = 0.1, h = 0 (Fashion-MNIST)", fig5.verdict() == rwdp.claims.Verdict.DEPENDS ? rwdp.claims.Verdict.INCONCLUSIVE : fig5.verdict());
        Table t = ev.table("the paper's two cells on Fashion-MNIST (3FNN): DFedRW − baseline, final accuracy (mean of the last 3 evaluations)",
                "cell", "baseline", "DFedRW − it", "decision");
        double widest = 0;
        for (Outcome o : List.of(fig6, fig5)) {
            String cell = o == fig6 ? "Fig. 6, u = 0, h = 90%" : "Fig. 5, Dirichlet α_d = 0.1";
            for (java.util.Map.Entry<String, Object> e : o.evidence().values().entrySet()) {
                if (e.getKey().startsWith("dfedrw − ")) {
                    t.row(cell, e.getKey().substring("dfedrw − ".length()), e.getValue(),
                            o.evidence().cells().get("vs " + e.getKey().substring("dfedrw − ".length())));
                }
            }
            Object w = o.evidence().values().get("widest_half_width");
            widest = Math.max(widest, w instanceof Number n ? n.doubleValue() : 0);
            if (o.evidence().values().get(rwdp.claims.LabelRules.EFFECT_SIZE) != null) {
                ev.put("effect_" + (o == fig6 ? "fig6" : "fig5"), o.evidence().values().get(rwdp.claims.LabelRules.EFFECT_SIZE));
            }
        }
        ev.put("widest_half_width", widest).put(rwdp.claims.LabelRules.RUN_SEEDS, fig6.evidence().values().get(rwdp.claims.LabelRules.RUN_SEEDS))
                .data("Fashion-MNIST", "Fashion-MNIST")
                .stated("devices", 20, 20).stated("M (25% of the devices)", 5, 5).stated("batch", 50, 50);
        // Context only: the synthetic comparison (a substitute) may not decide; its cells are reported, not recorded as cells.
        Outcome synthetic = compare(ctx, "headline", List.of(new Cell(Partition.shards(0), 0.9), new Cell(Partition.shards(0), 0.5),
                        new Cell(Partition.dirichlet(0.1), 0)),
                (c, a) -> c.partition().equals(Partition.shards(0)) ? c.stragglers() >= 0.9 : c.stragglers() == 0,
                ctx.profile().pick(30, 30), "context: shards u = 0 at h = 90% and 50% (Fig. 6) and Dirichlet α_d = 0.1 at h = 0 (Fig. 5)");
        ev.put("context_on_substitute_data", "a synthetic 10-class Gaussian mixture with a softmax model, 30 paired seeds: "
                + synthetic.evidence().values().get(Evidence.DECIDED_CELLS) + "; "
                + synthetic.evidence().values().getOrDefault(rwdp.claims.LabelRules.EFFECT_SIZE, "no gap separated"));
        for (Table st : synthetic.evidence().tables()) {
            Table copy = ev.table("context (substitute data, not decisive): " + st.title(), st.columns().toArray(new String[0]));
            st.rows().forEach(r -> copy.row(r.toArray()));
        }
        ev.note("Decided on the paper's data only (Fashion-MNIST, the 3FNN, the schedule of §VI-B, on the trainings of "
                + "dfedrw.fmnist-u0-h90 and dfedrw.fmnist-dirichlet); the synthetic Gaussian-mixture tables are context: a substitute "
                + "data set may not flip a verdict about figures drawn on the paper's data.");
        ev.power(fig6.evidence().power() != null && fig5.evidence().power() != null
                && fig6.evidence().power().level() == Power.Level.STRONG && fig5.evidence().power().level() == Power.Level.STRONG
                ? Power.strong("the two Fashion-MNIST comparisons' paired intervals over training seeds (the widest half-width is in the evidence)")
                : Power.weak("the Fashion-MNIST comparisons' paired intervals over the training seeds the profile affords; the widest half-width "
                + "is in the evidence"));
        return Outcome.overCells(ev);
    }

    /** Returns dfedrw.headline's effect on the paper's conclusions (rule 8), with the run's widest interval half-width. */
    static String headlineEffect(Evidence ev) {
        return String.format(Locale.ROOT, "the Fig. 6 cell holds and the Fig. 5 cell is not separated on the paper's data "
                + "(widest interval half-width %.3f), so none of the paper's conclusions is contradicted",
                ((Number) ev.values().get("widest_half_width")).doubleValue());
    }

    /**
     * Our extension: Dirichlet α_d = 0.1 with 50% and 90% stragglers, a cell the paper did not run. DFedRW
     * against DFedAvg at both levels and FedAvg at 90% decides; FedAvg at 50% is reported.
     */
    static Outcome dirichletStragglers(CheckContext ctx) throws java.io.IOException {
        List<Cell> cells = List.of(new Cell(Partition.dirichlet(0.1), 0.5), new Cell(Partition.dirichlet(0.1), 0.9));
        return compare(ctx, "dirichlet-stragglers", cells, (c, a) -> !(a.equals("fedavg") && c.stragglers() < 0.9),
                ctx.profile().pick(36, 60), "Dirichlet α_d = 0.1 with 50% and 90% stragglers (not in the paper)");
    }

    /** Which (cell, baseline) comparisons decide the verdict; the others are reported. */
    interface Decides {
        boolean test(Cell cell, String baseline);
    }

    /**
     * Paired comparison of DFedRW with DFedAvg and FedAvg on {@code cells}, on the paper's two measures (rounds to the
     * target, final accuracy). DFedRW is ahead of a baseline when it is better on one measure and not worse on the
     * other, each decided by a two-sided paired Student-t interval; behind in the mirror case. All decided intervals
     * form one family at 95% (Bonferroni). HOLDS when DFedRW is ahead in every decided comparison, VIOLATED when it is
     * behind in one, INCONCLUSIVE otherwise.
     */
    private static Outcome compare(CheckContext ctx, String tag, List<Cell> cells, Decides decides, int seeds, String where)
            throws java.io.IOException {
        Evidence ev = new Evidence();
        FederatedExperiment base = base(ctx);
        double target = target(ctx, base);
        List<String> algs = List.of("dfedrw", "dfedavg", "fedavg");
        List<Job> jobs = new ArrayList<>();
        for (Cell c : cells) {
            for (String a : algs) {
                for (int r = 0; r < seeds; r++) {
                    // Same data and run seed for every algorithm: paired comparison.
                    jobs.add(new Job(base.withPartition(c.partition()).withStragglers(c.stragglers()), a, 8, ctx.seed("data" + r),
                            ctx.seed(tag + c.partition() + "/" + c.stragglers() + "/" + r)));
                }
            }
        }
        TrainingTrace[] traces = runAll(jobs);
        int rounds = base.schedule().rounds();
        int decided = 0;
        for (Cell c : cells) {
            for (int a = 1; a < algs.size(); a++) {
                decided += decides.test(c, algs.get(a)) ? 2 : 0;
            }
        }
        double level = ev.family(decided, 0.95);
        Table t = ev.table("paired differences over seeds, baseline − DFedRW: rounds to the target (> 0: DFedRW faster) and final "
                        + "accuracy (< 0: DFedRW more accurate), mean and two-sided interval at the per-test level; " + (rounds + 1)
                        + " rounds = target not reached", "partition", "h", "baseline", "DFedRW rounds", "baseline rounds", "Δ rounds",
                "Δ rounds interval", "DFedRW accuracy", "baseline accuracy", "Δ accuracy interval", "verdict");
        boolean allAhead = true;
        boolean someBehind = false;
        String counterexample = null;
        double closest = Double.POSITIVE_INFINITY;
        double largestBehind = Double.NEGATIVE_INFINITY;
        double largestAhead = Double.NEGATIVE_INFINITY;
        String behindAt = null;
        String aheadAt = null;
        for (int ci = 0; ci < cells.size(); ci++) {
            Cell c = cells.get(ci);
            int from = ci * algs.size() * seeds;
            double[] rw = roundsPerSeed(traces, from, seeds, target, rounds);
            double[] rwAcc = finalPerSeed(traces, from, seeds);
            for (int a = 1; a < algs.size(); a++) {
                int bf = from + a * seeds;
                double[] br = roundsPerSeed(traces, bf, seeds, target, rounds);
                double[] bAcc = finalPerSeed(traces, bf, seeds);
                SummaryStats dr = paired(br, rw, level);
                SummaryStats da = paired(bAcc, rwAcc, level);
                boolean betterRounds = dr.lower() > 0;
                boolean betterAcc = da.upper() < 0;
                boolean worseRounds = dr.upper() < 0;
                boolean worseAcc = da.lower() > 0;
                boolean ahead = (betterRounds || betterAcc) && !worseRounds && !worseAcc;
                boolean behind = (worseRounds || worseAcc) && !betterRounds && !betterAcc;
                boolean counts = decides.test(c, algs.get(a));
                String v = ahead ? "DFedRW ahead" : behind ? "DFedRW behind" : "not separated";
                if (counts) {
                    ev.cell(String.format(Locale.ROOT, "%s, h = %.1f vs %s", c.partition(), c.stragglers(), algs.get(a)),
                            ahead ? rwdp.claims.Verdict.HOLDS : behind ? rwdp.claims.Verdict.VIOLATED : rwdp.claims.Verdict.INCONCLUSIVE);
                    if (behind) {
                        double rel = (mean(bAcc) - mean(rwAcc)) / Math.max(mean(rwAcc), 1e-12);
                        if (rel > largestBehind) {
                            largestBehind = rel;
                            behindAt = String.format(Locale.ROOT, "%s ends %.1f%% more accurate than DFedRW (%.3f vs %.3f) at %s, h = %.1f",
                                    algs.get(a), 100 * rel, mean(bAcc), mean(rwAcc), c.partition(), c.stragglers());
                        }
                    }
                    if (ahead) {
                        double rel = (mean(rwAcc) - mean(bAcc)) / Math.max(mean(bAcc), 1e-12);
                        if (rel > largestAhead) {
                            largestAhead = rel;
                            aheadAt = String.format(Locale.ROOT, "DFedRW ends %.1f%% more accurate than %s (%.3f vs %.3f) at %s, h = %.1f",
                                    100 * rel, algs.get(a), mean(rwAcc), mean(bAcc), c.partition(), c.stragglers());
                        }
                    }
                    allAhead &= ahead;
                    if (behind && !someBehind) {
                        counterexample = String.format(Locale.ROOT, "%s, h = %.1f: %s reaches %.3f in %.1f rounds (DFedRW %.1f) and ends at "
                                        + "%.3f accuracy (DFedRW %.3f); paired intervals (per-test level %.4f): Δ rounds [%.1f, %.1f], "
                                        + "Δ accuracy [%.3f, %.3f]", c.partition(), c.stragglers(), algs.get(a), target, mean(br), mean(rw),
                                mean(bAcc), mean(rwAcc), level, dr.lower(), dr.upper(), da.lower(), da.upper());
                    }
                    someBehind |= behind;
                    // How far the decisive interval is from 0, in units of its half-width: the margin of the verdict.
                    double margin = Math.max(dr.lower() / Math.max(dr.upper() - dr.mean(), 1e-12),
                            -da.upper() / Math.max(da.upper() - da.mean(), 1e-12));
                    closest = Math.min(closest, margin);
                }
                t.row(c.partition(), c.stragglers(), algs.get(a), mean(rw), mean(br), dr.mean(),
                        String.format(Locale.ROOT, "[%.1f, %.1f]", dr.lower(), dr.upper()), mean(rwAcc), mean(bAcc),
                        String.format(Locale.ROOT, "[%.3f, %.3f]", da.lower(), da.upper()), v + (counts ? "" : " (reported only)"));
            }
        }
        ev.put("cells_decided_and_reported", where).put("target_accuracy", target).put("seeds", seeds).put("rounds", rounds).put("devices", 20)
                .put("model", base.model().toString()).put("dfedrw_ahead_in_every_decided_comparison", allAhead)
                .put("dfedrw_behind_somewhere", someBehind).put("smallest_margin_in_half_widths", closest);
        if (counterexample != null) {
            ev.put("counterexample", counterexample);
        }
        ev.note("Synthetic 10-class Gaussian mixture (d = 20), 20 devices on complete:20 with mh-uniform walks, M = 5, K = 5, "
                + "25% aggregation, batch 50, η = 1/(5 k̄^0.499); target = 90% of FedAvg's final accuracy on IID data without stragglers; "
                + "final accuracy = mean of the last 5 rounds. Baselines drop stragglers (§VI-B); DFedRW keeps their partial walks. "
                + "Runs are paired: every algorithm sees the same data split and seed. Ahead = significantly better on one measure "
                + "and not significantly worse on the other; behind = the mirror image; two-sided paired Student-t intervals, "
                + "Bonferroni over the " + decided + " decided intervals (family-wise 95%). HOLDS when ahead in every decided "
                + "comparison, VIOLATED when behind in one, INCONCLUSIVE otherwise.");
        if (behindAt != null || aheadAt != null) {
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, (aheadAt == null ? "" : aheadAt) + (aheadAt != null && behindAt != null ? "; " : "")
                    + (behindAt == null ? "" : behindAt) + " (final accuracy, mean over " + seeds + " paired seeds)");
        }
        ev.put(rwdp.claims.LabelRules.SUBSTITUTE_DATA, "a synthetic 10-class Gaussian mixture with a softmax model for the paper's "
                + "MNIST / Fashion-MNIST with the 3FNN").put(rwdp.claims.LabelRules.RUN_SEEDS, seeds);
        ev.power(Power.weak("substitute data (a synthetic Gaussian mixture for the paper's image data): two-sided paired intervals decide "
                + "both directions (" + seeds + " paired seeds, family-wise 95%); the smallest margin of a decided comparison is "
                + String.format(Locale.ROOT, "%.2f", closest) + " half-widths beyond 0, but on data the paper did not use"));
        // Rule 1: DEPENDS when DFedRW is ahead in some decided cell and behind in another, VIOLATED when behind and never ahead.
        return Outcome.overCells(ev);
    }
}
