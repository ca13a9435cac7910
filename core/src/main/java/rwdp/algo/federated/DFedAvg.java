package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;

/**
 * DFedAvg (DFedAvgM of Sun et al. without momentum; a baseline of Wang et al., §VI-B): each
 * round M distinct uniformly drawn devices make K_m local projected SGD steps on their own
 * model, then every device aggregates over a random N_A(i) (eq. (11)). With
 * {@link StragglerPolicy#DROP} a straggler's update is discarded, as in the paper's baseline.
 */
public final class DFedAvg extends SelectingAlgorithm {
    private final Graph graph;
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
        super(objective, schedule, stragglers);
        if (objective.devices() != graph.n()) {
            throw new InvalidArgumentException("graph (" + graph.n() + ") and data split (" + objective.devices()
                    + ") must have the same number of devices");
        }
        checkSelectable(schedule, graph.n());
        this.graph = graph;
        this.policy = policy;
        this.label = label;
    }

    @Override
    public String name() {
        return label;
    }

    /** Returns a run seeded {@code seed}, every device at the same initial model (Wang et al., §VI-B). */
    @Override
    public Run start(long seed) {
        return new Rounds(seed);
    }

    /** The devices' models and the buffers of one round. */
    private final class Rounds extends DecentralizedRounds {
        Rounds(long seed) {
            super(DFedAvg.this, graph, seed);
        }

        @Override
        public void round() {
            openRound();
            models.beginRound();
            for (int m = 0; m < selected; m++) {
                int dev = device[m];
                trainLocally(m, models.start[dev]);
                if (!(straggles(m) && policy == StragglerPolicy.DROP)) {
                    System.arraycopy(w, 0, models.last[dev], 0, d);
                }
            }
            bits += agg.aggregate(models.start, models.last, models.next, rr.aggregation(t), null, null, false);
            models.finishRound(avg);
        }
    }
}
