package rwdp.algo.federated;

import rwdp.graph.Graph;

/**
 * Decentralised SGD (a baseline of Wang et al., §VI-B): each round M distinct uniformly drawn
 * devices make one projected SGD step, then every device aggregates over a random N_A(i)
 * (eq. (11)). Step size η^t = 1/(R t^q). A straggler (K' = 0 < K = 1) makes no step.
 */
public final class DSGD implements FederatedAlgorithm {
    // With K = 1, DFedAvg's step index (t − 1)K + 1 is t, a straggler (K' = 0) keeps its start
    // model, and the aggregation is the same: DSGD is exactly DFedAvg with one local step.
    private final DFedAvg oneStep;

    /** Creates DSGD on {@code graph}; the schedule's K is ignored (DSGD makes one step per round). */
    public DSGD(Graph graph, LocalObjective objective, TrainingSchedule schedule, StragglerModel stragglers) {
        this.oneStep = new DFedAvg(graph, objective, schedule.withSteps(1), stragglers, StragglerPolicy.DROP, "dsgd");
    }

    @Override
    public String name() {
        return oneStep.name();
    }

    /** Returns the schedule with K = 1, the one DSGD runs. */
    @Override
    public TrainingSchedule schedule() {
        return oneStep.schedule();
    }

    /** Returns a run seeded {@code seed}: DFedAvg's with one local step (Wang et al., §VI-B). */
    @Override
    public Run start(long seed) {
        return oneStep.start(seed);
    }
}
