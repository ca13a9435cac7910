package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;

/**
 * DFedAvg (DFedAvgM of Sun et al. without momentum; a baseline of Wang et al., §VI-B): each
 * round M distinct uniformly drawn devices make K_m local projected SGD steps on their own
 * model, then every device aggregates over a random N_A(i) (eq. (11)). With
 * {@link StragglerPolicy#DROP} a straggler's update is discarded, as in the paper's baseline.
 */
public final class DFedAvg implements FederatedAlgorithm {
    private final Graph graph;
    private final LocalObjective objective;
    private final TrainingSchedule schedule;
    private final StragglerModel stragglers;
    private final StragglerPolicy policy;
    private final String label;

    /** Creates DFedAvg on {@code graph}. */
    public DFedAvg(Graph graph, LocalObjective objective, TrainingSchedule schedule, StragglerModel stragglers,
                   StragglerPolicy policy) {
        this(graph, objective, schedule, stragglers, policy, "dfedavg");
    }

    /** Creates the algorithm under another name (DSGD is DFedAvg with K = 1). */
    DFedAvg(Graph graph, LocalObjective objective, TrainingSchedule schedule, StragglerModel stragglers,
            StragglerPolicy policy, String label) {
        if (objective.devices() != graph.n()) {
            throw new InvalidArgumentException("graph (" + graph.n() + ") and data split (" + objective.devices()
                    + ") must have the same number of devices");
        }
        if (schedule.walks() > graph.n()) {
            throw new InvalidArgumentException("M = " + schedule.walks() + " selected devices exceed the " + graph.n() + " devices");
        }
        this.graph = graph;
        this.objective = objective;
        this.schedule = schedule;
        this.stragglers = stragglers;
        this.policy = policy;
        this.label = label;
    }

    @Override
    public String name() {
        return label;
    }

    @Override
    public TrainingSchedule schedule() {
        return schedule;
    }

    /** Returns a run seeded {@code seed}, every device at the same initial model (Wang et al., §VI-B). */
    @Override
    public Run start(long seed) {
        return new Rounds(seed);
    }

    /** The devices' models and the buffers of one round. */
    private final class Rounds extends RunCounters {
        private final LocalObjective obj = objective.copy();
        private final int d = obj.dimension();
        private final int selected = schedule.walks();
        private final int steps = schedule.steps();
        private final ReplicatedModels models = new ReplicatedModels(graph.n(), d);
        private final double[] w = new double[d];
        private final double[] out = new double[d];
        private final double[] avg = new double[d];
        private final int[] device = new int[selected];
        private final int[] budget = new int[selected];
        private final RoundRandomness rr;
        private final LocalSgd sgd;
        private final DecentralizedAggregation agg;

        Rounds(long seed) {
            rr = new RoundRandomness(seed, graph.n(), selected);
            sgd = new LocalSgd(obj, schedule.radius());
            agg = new DecentralizedAggregation(graph, obj, schedule.aggregationFraction());
            models.initialise(obj, rr.initial());
            LocalSgd.mean(models.start, avg);
        }

        @Override
        public void round() {
            t++;
            rr.selectDevices(t, device);
            rr.budgets(t, steps, stragglers, budget);
            models.beginRound();
            for (int m = 0; m < selected; m++) {
                int dev = device[m];
                System.arraycopy(models.start[dev], 0, w, 0, d);
                gradientSteps += sgd.localSteps(dev, w, budget[m], (long) (t - 1) * steps + 1, schedule, rr.batch(t, m), out);
                boolean straggled = budget[m] < steps;
                if (!(straggled && policy == StragglerPolicy.DROP)) {
                    System.arraycopy(w, 0, models.last[dev], 0, d);
                }
            }
            bits += agg.aggregate(models.start, models.last, models.next, rr.aggregation(t), null, null, false);
            models.finishRound(avg);
        }

        @Override
        public double[] model() {
            return avg;
        }
    }
}
