package rwdp.claims.dfedrw;

import rwdp.experiment.FederatedExperiment;
import rwdp.data.Partition;
import static rwdp.claims.dfedrw.ComparisonRuns.Job;
import static rwdp.claims.dfedrw.ComparisonRuns.base;
import static rwdp.claims.dfedrw.ComparisonRuns.meanFinal;
import static rwdp.claims.dfedrw.ComparisonRuns.runAll;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import rwdp.algo.federated.TrainingTrace;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.plot.Charts;

/**
 * Proposition 1 of Wang et al. (§V-B, eq. (17)): when b-bit QDFedRW needs fewer bits to the target
 * accuracy than 32-bit DFedRW, against the measured round ratio ϱ.
 */
final class BitSavingChecks {
    private BitSavingChecks() {}

    /**
     * Proposition 1: b-bit QDFedRW saves bits to the target iff b < 32/ϱ − 64/d, ϱ = T_q/T_nq measured
     * (ϱ = ∞ when QDFedRW never reaches the target, which predicts no saving).
     */
    static Outcome proposition1(CheckContext ctx) throws java.io.IOException {
        Evidence ev = new Evidence();
        FederatedExperiment base = base(ctx).withPartition(Partition.dirichlet(0.1));
        base = base.withSchedule(base.schedule().withRounds(ctx.profile().pick(30, 100)));
        int seeds = ctx.profile().pick(2, 7);
        // b = 2 (one level each side of 0) is the coarsest quantiser: the one where QDFedRW can need more rounds than DFedRW,
        // i.e. where Prop. 1's premise ϱ > 1 can hold. Quick drops b = 16 to keep its cost.
        int[] bitsList = ctx.profile().pick(new int[] {2, 4, 8, 32}, new int[] {2, 4, 8, 16, 32});
        List<Job> jobs = new ArrayList<>();
        for (int r = 0; r < seeds; r++) {
            jobs.add(new Job(base, "dfedrw", 0, ctx.seed("data" + r), ctx.seed("run" + r)));
        }
        for (int b : bitsList) {
            for (int r = 0; r < seeds; r++) {
                jobs.add(new Job(base, "qdfedrw", b, true, ctx.seed("data" + r), ctx.seed("run" + r)));
            }
        }
        // Algorithm 2 exactly as printed, 8 bits: shown for comparison.
        for (int r = 0; r < seeds; r++) {
            jobs.add(new Job(base, "qdfedrw", 8, false, ctx.seed("data" + r), ctx.seed("run" + r)));
        }
        TrainingTrace[] t = runAll(jobs);
        // 90% of the worst DFedRW seed's final accuracy, so every DFedRW seed reaches it and T_nq is finite. 90% of the mean
        // over seeds was missed by one of the two quick seeds at run seed 7401303873227240939 (Dirichlet 0.1 after 30
        // rounds spreads the seeds), which made T_nq and every T_q infinite and ϱ = ∞/∞ undefined.
        double target = 0.9 * minFinal(t, 0, seeds);
        int rounds = base.schedule().rounds();
        FederatedExperiment.Setup s = base.build(ctx.seed("data0"));
        int d = s.objective().dimension();
        double tNq = meanRoundsOrInfinity(t, 0, seeds, target);
        if (!(tNq > 0 && Double.isFinite(tNq))) {
            // Cannot happen with the target above (each seed ends at or above it; evaluations come after round 1 or later): a defect.
            throw new IllegalStateException("DFedRW's mean rounds to its own target " + target + " is " + tNq);
        }
        double bitsNq = meanBits(t, 0, seeds, target);
        Table tab = ev.table("rounds and bits to the target: b-bit QDFedRW (corrected eq. (14)) against 32-bit DFedRW", "variant", "b",
                "T_q", "rho = T_q/T_nq", "32/rho − 64/d", "predicted saving", "Mbit to target", "measured saving", "agree");
        boolean agree = true;
        int reachedCount = 0;
        List<String> premiseHolds = new ArrayList<>();
        List<String> premiseFails = new ArrayList<>();
        List<double[]> pts = new ArrayList<>();
        for (int k = 0; k <= bitsList.length; k++) {
            boolean printed = k == bitsList.length;
            int b = printed ? 8 : bitsList[k];
            double tq = meanRoundsOrInfinity(t, seeds * (k + 1), seeds, target);
            double bq = meanBits(t, seeds * (k + 1), seeds, target);
            double rho = tq / tNq;
            double limit = rwdp.bounds.dfedrw.QuantizationBounds.maxBits(rho, d);
            boolean predicted = b < limit;
            // Not reaching the target is an infinite number of bits.
            double bqOrInf = bq < 0 ? Double.POSITIVE_INFINITY : bq;
            boolean measured = bqOrInf < bitsNq;
            agree &= predicted == measured;
            if (!printed) {
                (rho > 1 ? premiseHolds : premiseFails).add("b = " + b + " (ϱ = " + (Double.isFinite(rho) ? String.format(Locale.ROOT, "%.3f", rho) : "∞") + ")");
                if (rho > 1) {
                    // Where the premise holds the proposition is tested as stated: the sufficient direction.
                    ev.cell("b = " + b + ", ϱ > 1", !predicted || measured ? rwdp.claims.Verdict.HOLDS : rwdp.claims.Verdict.VIOLATED);
                }
            }
            reachedCount += bq < 0 ? 0 : 1;
            // A variant that never reaches the target has T_q = ϱ = ∞: written as text, JSON has no infinity.
            tab.row(printed ? "as printed" : "corrected", b, Double.isFinite(tq) ? (Object) tq : "∞ (not reached)",
                    Double.isFinite(rho) ? (Object) rho : "∞", limit, predicted, bq < 0 ? "not reached" : String.valueOf(bq / 1e6),
                    measured, predicted == measured);
            if (!printed && bq > 0) {
                pts.add(new double[] {b, bq / 1e6});
            }
        }
        Charts.xy("Bits to reach " + String.format(Locale.ROOT, "%.3f", target) + " test accuracy (Dirichlet 0.1)", "quantiser bits b",
                        "Mbit sent by all devices")
                .add(Charts.Series.markers("QDFedRW, corrected (b bits)", pts.stream().mapToDouble(p -> p[0]).toArray(),
                        pts.stream().mapToDouble(p -> p[1]).toArray()))
                .add(Charts.Series.dashed("DFedRW (32-bit floats)", new double[] {2, 34}, new double[] {bitsNq / 1e6, bitsNq / 1e6}))
                .save(ctx.figure("bits-to-accuracy"));
        ev.figure(ctx.figureFile("bits-to-accuracy"), "Total bits sent until the target accuracy, b ∈ {4, 8, 16, 32}, against 32-bit DFedRW.");
        ev.put("dimension", d).put("target_accuracy", target).put("T_nq", tNq).put("bits_nq_Mbit", bitsNq / 1e6)
                .put("seeds", seeds).put("quantised_variants_reaching_target", reachedCount)
                .put("prediction_matches_measurement", agree)
                .put("premise_rho_above_1_holds_at", premiseHolds.isEmpty() ? "none" : String.join(", ", premiseHolds))
                .put("premise_rho_above_1_fails_at", premiseFails.isEmpty() ? "none" : String.join(", ", premiseFails));
        ev.note("Prop. 1's premise ϱ > 1 (QDFedRW needs more rounds than DFedRW) holds at " + (premiseHolds.isEmpty() ? "no b tried"
                : String.join(", ", premiseHolds)) + " and fails at " + (premiseFails.isEmpty() ? "no b tried" : String.join(", ", premiseFails))
                + " in this run. Where it fails Prop. 1 says nothing; where it holds the proposition is tested as stated (its sufficient "
                + "direction, one cell per b), and the break-even both ways at every b. At b = 2 the coarse quantiser never reaches the "
                + "target (ϱ = ∞), where the condition b < 32/ϱ − 64/d is false and the proposition is silent.");
        ev.note("ϱ is measured (mean rounds to the target, ∞ if a seed never reaches it); Prop. 1 assumes ϱ > 1. Its ε-condition (17) "
                + "needs D and σ of a bounded W; these runs are unconstrained, so only the bit condition b < 32/ϱ − 64/d is tested. "
                + "With the same walks and aggregation subsets (shared seeds) the message counts of both versions agree, so the "
                + "condition is the break-even point up to the round-to-round variation of the number of hops. Algorithm 2 as "
                + "printed (eq. (14)) never reaches the target: its devices do not reach consensus (see dfedrw.alg2-as-printed).");
        // With the same walks and subsets both versions send the same number of messages, so "fewer bits" is
        // ϱ (64 + bd) < 32d, i.e. the condition itself: the comparison checks our bit bookkeeping, not the paper.
        ev.power(Power.none("with equal message counts (shared seeds) the measured saving is ϱ(64 + bd) < 32d, which is the "
                + "condition b < 32/ϱ − 64/d rearranged, so agreement follows from the message sizes, also where the premise ϱ > 1 "
                + "holds; what the run adds is whether that premise holds (evidence: premise_rho_above_1_*), and the ε-condition (17) "
                + "needs a bounded W these runs do not have"));
        // Fewer than two quantised variants at the target leave too little to compare: undecided, not VIOLATED.
        return reachedCount < 2 ? new Outcome(rwdp.claims.Verdict.INCONCLUSIVE, ev) : Outcome.of(agree, ev);
    }

    /** Returns the smallest, over {@code count} traces from {@code from}, of the mean of each one's last 5 evaluations. */
    static double minFinal(TrainingTrace[] traces, int from, int count) {
        double m = Double.POSITIVE_INFINITY;
        for (int i = from; i < from + count; i++) {
            m = Math.min(m, meanFinal(traces, i, 1));
        }
        return m;
    }

    static double meanRoundsOrInfinity(TrainingTrace[] traces, int from, int count, double target) {
        double s = 0;
        for (int i = from; i < from + count; i++) {
            int r = traces[i].roundsToAccuracy(target);
            if (r < 0) {
                return Double.POSITIVE_INFINITY;
            }
            s += r;
        }
        return s / count;
    }

    static double meanBits(TrainingTrace[] traces, int from, int count, double target) {
        double s = 0;
        for (int i = from; i < from + count; i++) {
            long b = traces[i].bitsToAccuracy(target);
            if (b < 0) {
                return -1;
            }
            s += b;
        }
        return s / count;
    }
}
