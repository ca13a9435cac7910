package rwdp.claims.dfedrw;

import rwdp.graph.GraphSpec;
import rwdp.markov.WeightScheme;
import rwdp.experiment.FederatedExperiment;
import rwdp.data.DataSource;
import rwdp.data.Partition;
import rwdp.model.ModelSpec;
import java.util.Arrays;
import java.util.List;
import java.util.function.UnaryOperator;
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
        return List.of(base.withPartition(Partition.iid()), base.withPartition(Partition.dirichlet(0.1)).withStragglers(0.5),
                base.withPartition(Partition.shards(0)).withModel(ModelSpec.mlp(8)).withStragglers(0.9),
                new FederatedExperiment(GraphSpec.ring(12), WeightScheme.of(WeightScheme.Kind.MH_UNIFORM), List.of(), DataSource.synthetic(), Partition.shards(0.5),
                        ModelSpec.softmax(), 8, 6, 2.5, 1200, 300, 20,
                        new TrainingSchedule(ctx.profile().pick(8, 60), 4, 4, 0.5, 2, 0.75, 5.0, 1), 0.5));
    }

    private static boolean same(TrainingTrace a, TrainingTrace b) {
        return Arrays.equals(a.finalModel(), b.finalModel()) && Arrays.equals(a.accuracy(), b.accuracy())
                && Arrays.equals(a.loss(), b.loss()) && a.gradientSteps() == b.gradientSteps();
    }

    /** One algorithm of a reduction, trained on experiment {@code e}'s setup {@code s} with stragglers {@code h}, seeded {@code seed}. */
    private interface Training {
        TrainingTrace run(FederatedExperiment e, FederatedExperiment.Setup s, StragglerModel h, long seed);
    }

    /** DFedRW on the walk of the setup (mh-uniform). */
    private static final Training DFEDRW = (e, s, h, seed) ->
            new DFedRW(s.walk(), s.graph(), s.objective(), e.schedule(), h, null).run(seed, s.evaluator(), null);

    /**
     * Returns whether {@code reduced} and {@code reference} give the same trace on every experiment
     * (changed by {@code variant}) at two run seeds each, with a row per run in {@code t}.
     */
    private static boolean allSame(CheckContext ctx, Table t, UnaryOperator<FederatedExperiment> variant, Training reduced,
                                   Training reference) {
        boolean all = true;
        int k = 0;
        for (FederatedExperiment e0 : experiments(ctx)) {
            FederatedExperiment e = variant.apply(e0);
            FederatedExperiment.Setup s = e.build(ctx.seed("data" + k));
            for (int r = 0; r < 2; r++) {
                long seed = ctx.seed("run" + k + "-" + r);
                StragglerModel h = new StragglerModel(e.stragglers());
                TrainingTrace a = reduced.run(e, s, h, seed);
                TrainingTrace b = reference.run(e, s, h, seed);
                boolean eq = same(a, b);
                all &= eq;
                t.row(e.graph(), e.partition(), e.model(), e.stragglers(), seed, eq, a.finalAccuracy());
            }
            k++;
        }
        return all;
    }

    /**
     * Returns whether DFedRW on the setup's mh-uniform walk differs from {@code reference} on the first
     * experiment without stragglers: the negative control that shows the comparison can fail.
     */
    private static boolean controlDiffers(CheckContext ctx, Training reference) {
        FederatedExperiment e = experiments(ctx).get(0);
        FederatedExperiment.Setup s = e.build(ctx.seed("data0"));
        return !same(DFEDRW.run(e, s, StragglerModel.NONE, ctx.seed("control")),
                reference.run(e, s, StragglerModel.NONE, ctx.seed("control")));
    }

    /** DFedRW on the all-self-loop walk equals DFedAvg (partial work kept) bit for bit. */
    static Outcome dfedavg(CheckContext ctx) {
        Evidence ev = new Evidence();
        Table t = ev.table("DFedRW with self-loop walks against DFedAvg", "graph", "partition", "model", "h", "seed",
                "identical", "final accuracy");
        Training dfedavg = (e, s, h, seed) -> new DFedAvg(s.graph(), s.objective(), e.schedule(), h, StragglerPolicy.KEEP_PARTIAL)
                .run(seed, s.evaluator());
        boolean all = allSame(ctx, t, UnaryOperator.identity(), (e, s, h, seed) ->
                new DFedRW(selfLoops(s.graph().n()), s.graph(), s.objective(), e.schedule(), h, null).run(seed, s.evaluator(), null),
                dfedavg);
        // Negative control: the real mh-uniform walk must give a different trajectory, or the test could not fail.
        boolean controlDiffers = controlDiffers(ctx, dfedavg);
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
        Training dsgd = (e, s, h, seed) -> new DSGD(s.graph(), s.objective(), e.schedule(), h).run(seed, s.evaluator());
        boolean all = allSame(ctx, t, e0 -> e0.withSchedule(e0.schedule().withSteps(1)), DFEDRW, dsgd);
        // The control runs the schedule's K = 5, where the mh-uniform walk moves.
        boolean controlDiffers = controlDiffers(ctx, dsgd);
        ev.put("runs", t.rows().size()).put("all_identical", all).put("control_with_K5_differs", controlDiffers);
        all &= controlDiffers;
        ev.power(Power.strong("bit-for-bit equality of whole trajectories fails on any difference; the control with K = 5 shows "
                + "the comparison can fail"));
        return Outcome.of(all, ev);
    }
}
