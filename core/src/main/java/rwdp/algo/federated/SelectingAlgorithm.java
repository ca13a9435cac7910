package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;

/**
 * An algorithm whose rounds select M devices and their step budgets from the run's streams
 * (FedAvg, DFedAvg and DFedRW, Wang et al., §VI-B): the objective, the schedule and the straggler
 * model every run of it starts from.
 */
abstract class SelectingAlgorithm implements FederatedAlgorithm {
    /** The devices' local objectives; each run works on its own copy. */
    final LocalObjective objective;
    /** The schedule the runs follow. */
    final TrainingSchedule schedule;
    /** The straggler model of the rounds' budgets. */
    final StragglerModel stragglers;

    SelectingAlgorithm(LocalObjective objective, TrainingSchedule schedule, StragglerModel stragglers) {
        this.objective = objective;
        this.schedule = schedule;
        this.stragglers = stragglers;
    }

    /**
     * Checks that M of {@code schedule} distinct devices can be drawn from {@code devices}.
     *
     * @throws InvalidArgumentException when M exceeds the devices
     */
    static void checkSelectable(TrainingSchedule schedule, int devices) {
        if (schedule.walks() > devices) {
            throw new InvalidArgumentException("M = " + schedule.walks() + " selected devices exceed the " + devices + " devices");
        }
    }

    @Override
    public final TrainingSchedule schedule() {
        return schedule;
    }
}
