package rwdp.algo.federated;

/**
 * A run whose round opens by drawing M distinct devices and their step budgets K_m from the
 * round's streams (Wang et al., Alg. 1 line 3 and §VI-B): the state and the round opening that
 * FedAvg, DFedAvg and DFedRW share, so that all three draw the same devices, budgets and
 * mini-batches for the same seed.
 */
abstract class SelectedRounds extends RunCounters {
    /** The schedule the run follows (its K, M, step sizes and radius). */
    final TrainingSchedule schedule;
    /** The run's own copy of the objective. */
    final LocalObjective obj;
    /** The model dimension. */
    final int d;
    /** M, the devices (or walks) of a round. */
    final int selected;
    /** K, the local steps of a device that does not straggle. */
    final int steps;
    /** The selected devices of the current round. */
    final int[] device;
    /** The step budgets K_m of the current round. */
    final int[] budget;
    /** The named random streams of the run. */
    final RoundRandomness rr;
    /** The projected SGD step. */
    final LocalSgd sgd;
    /** The model a selected device trains in {@link #trainLocally}. */
    final double[] w;
    private final double[] out;
    private final StragglerModel stragglers;

    /** Creates a run of {@code algorithm} seeded {@code seed}, on its own copy of the objective. */
    SelectedRounds(SelectingAlgorithm algorithm, long seed) {
        this.schedule = algorithm.schedule;
        this.stragglers = algorithm.stragglers;
        this.obj = algorithm.objective.copy();
        this.d = obj.dimension();
        this.selected = schedule.walks();
        this.steps = schedule.steps();
        this.device = new int[selected];
        this.budget = new int[selected];
        this.rr = new RoundRandomness(seed, obj.devices(), selected);
        this.sgd = new LocalSgd(obj, schedule.radius());
        this.w = new double[d];
        this.out = new double[d];
    }

    /** Opens round t + 1: draws its M devices and their step budgets. */
    final void openRound() {
        t++;
        rr.selectDevices(t, device);
        rr.budgets(t, steps, stragglers, budget);
    }

    /**
     * Copies {@code start} into {@link #w} and runs the K_m local steps of selected device m on it
     * (global steps (t − 1)K + 1 on, its mini-batch stream), counting them.
     */
    final void trainLocally(int m, double[] start) {
        System.arraycopy(start, 0, w, 0, d);
        gradientSteps += sgd.localSteps(device[m], w, budget[m], (long) (t - 1) * steps + 1, schedule, rr.batch(t, m), out);
    }

    /** Returns whether selected device m straggles this round (K_m < K). */
    final boolean straggles(int m) {
        return budget[m] < steps;
    }
}
