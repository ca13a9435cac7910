package rwdp.claims.dfedrw;

import rwdp.experiment.FederatedExperiment;
import java.util.Arrays;
import java.util.List;
import rwdp.algo.federated.DFedAvg;
import rwdp.algo.federated.DFedRW;
import rwdp.algo.federated.DSGD;
import rwdp.algo.federated.StragglerModel;
import rwdp.algo.federated.StragglerPolicy;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.algo.federated.TrainingTrace;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Table;
import rwdp.markov.TransitionMatrix;

/** The exact reductions of Wang et al., §IV-A: self-loop walks give DFedAvg, K_m = 1 gives DSGD. */
final class ReductionChecks {
    private ReductionChecks() {}

    private static TransitionMatrix selfLoops(int n) {
        double[][] p = new double[n][n];
        for (int i = 0; i < n; i++) {
            p[i][i] = 1;
        }
        return TransitionMatrix.fromDense("self-loops", p);
    }

    private static List<FederatedExperiment> experiments(CheckContext ctx) {
        FederatedExperiment base = FederatedExperiment.defaults();
        TrainingSchedule s = base.schedule().withRounds(ctx.profile().pick(8, 60));
        base = base.withSchedule(s);
        return List.of(base.withPartition("iid"), base.withPartition("dirichlet:0.1").withStragglers(0.5),
                base.withPartition("shards:0").withModel("mlp:8").withStragglers(0.9),
                new FederatedExperiment("ring:12", "mh-uniform", "synthetic", "shards:0.5", "softmax", 8, 6, 2.5, 1200, 300, 20,
                        new TrainingSchedule(ctx.profile().pick(8, 60), 4, 4, 0.5, 2, 0.75, 5.0, 1), 0.5));
    }

    private static boolean same(TrainingTrace a, TrainingTrace b) {
        return Arrays.equals(a.finalModel(), b.finalModel()) && Arrays.equals(a.accuracy(), b.accuracy())
                && Arrays.equals(a.loss(), b.loss()) && a.gradientSteps() == b.gradientSteps();
    }

    /** DFedRW on the all-self-loop walk equals DFedAvg (partial work kept) bit for bit. */
    static Outcome dfedavg(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("DFedRW with self-loop walks against DFedAvg", "graph", "partition", "model", "h", "seed",
                "identical", "final accuracy");
        boolean all = true;
        int k = 0;
        for (FederatedExperiment e : experiments(ctx)) {
            FederatedExperiment.Setup s = e.build(ctx.seed("data" + k));
            for (int r = 0; r < 2; r++) {
                long seed = ctx.seed("run" + k + "-" + r);
                StragglerModel h = new StragglerModel(e.stragglers());
                TrainingTrace a = new DFedRW(selfLoops(s.graph().n()), s.graph(), s.objective(), e.schedule(), h, null)
                        .run(seed, s.evaluator(), null);
                TrainingTrace b = new DFedAvg(s.graph(), s.objective(), e.schedule(), h, StragglerPolicy.KEEP_PARTIAL)
                        .run(seed, s.evaluator());
                boolean eq = same(a, b);
                all &= eq;
                t.row(e.graphSpec(), e.partition(), e.model(), e.stragglers(), seed, eq, a.finalAccuracy());
            }
            k++;
        }
        // Negative control: the real mh-uniform walk must give a different trajectory, or the test could not fail.
        FederatedExperiment e = experiments(ctx).get(0);
        FederatedExperiment.Setup s = e.build(ctx.seed("data0"));
        StragglerModel none = StragglerModel.NONE;
        boolean controlDiffers = !same(new DFedRW(s.walk(), s.graph(), s.objective(), e.schedule(), none, null).run(ctx.seed("control"), s.evaluator(), null),
                new DFedAvg(s.graph(), s.objective(), e.schedule(), none, StragglerPolicy.KEEP_PARTIAL).run(ctx.seed("control"), s.evaluator()));
        ev.put("runs", t.rows().size()).put("all_identical", all).put("control_with_mh_uniform_walk_differs", controlDiffers);
        all &= controlDiffers;
        ev.power(Power.strong("bit-for-bit equality of whole trajectories (models, accuracies, losses) fails on any difference; "
                + "the control with the mh-uniform walk shows the comparison can fail"));
        ev.note("Identical = equal final models, accuracies and losses at every round (Arrays.equals on doubles). The paper's DFedAvg "
                + "baseline drops stragglers; the reduction holds for the variant that keeps their partial work.");
        return Outcome.of(all, ev);
    }

    /** DFedRW with K = 1 equals DSGD bit for bit (the mh-uniform walk is never used). */
    static Outcome dsgd(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("DFedRW with K = 1 against DSGD", "graph", "partition", "model", "h", "seed", "identical", "final accuracy");
        boolean all = true;
        int k = 0;
        for (FederatedExperiment e0 : experiments(ctx)) {
            FederatedExperiment e = e0.withSchedule(e0.schedule().withSteps(1));
            FederatedExperiment.Setup s = e.build(ctx.seed("data" + k));
            for (int r = 0; r < 2; r++) {
                long seed = ctx.seed("run" + k + "-" + r);
                StragglerModel h = new StragglerModel(e.stragglers());
                TrainingTrace a = new DFedRW(s.walk(), s.graph(), s.objective(), e.schedule(), h, null).run(seed, s.evaluator(), null);
                TrainingTrace b = new DSGD(s.graph(), s.objective(), e.schedule(), h).run(seed, s.evaluator());
                boolean eq = same(a, b);
                all &= eq;
                t.row(e.graphSpec(), e.partition(), e.model(), e.stragglers(), seed, eq, a.finalAccuracy());
            }
            k++;
        }
        FederatedExperiment e = experiments(ctx).get(0);
        FederatedExperiment.Setup s = e.build(ctx.seed("data0"));
        boolean controlDiffers = !same(new DFedRW(s.walk(), s.graph(), s.objective(), e.schedule(), StragglerModel.NONE, null)
                .run(ctx.seed("control"), s.evaluator(), null),
                new DSGD(s.graph(), s.objective(), e.schedule(), StragglerModel.NONE).run(ctx.seed("control"), s.evaluator()));
        ev.put("runs", t.rows().size()).put("all_identical", all).put("control_with_K5_differs", controlDiffers);
        all &= controlDiffers;
        ev.power(Power.strong("bit-for-bit equality of whole trajectories fails on any difference; the control with K = 5 shows "
                + "the comparison can fail"));
        return Outcome.of(all, ev);
    }
}
