package rwdp.algo.federated;

/**
 * One of the algorithms Wang et al. compare (DFedRW and QDFedRW, Algorithms 1-2; FedAvg, DFedAvg
 * and DSGD, §VI-B): a run is a sequence of communication rounds t = 1, 2, ..., each ending with one
 * model the algorithm stands for (the global model of FedAvg, the mean w̄^t of the devices' models
 * otherwise), the cumulative bits sent and the gradient evaluations made. A run is deterministic in
 * its seed.
 */
public interface FederatedAlgorithm {

    /** Returns the name a trace of this algorithm carries (e.g. "dfedrw", "qdfedrw(8)"). */
    String name();

    /** Returns the schedule this algorithm runs (Wang et al., §VI-B); {@link #run} makes its T rounds. */
    TrainingSchedule schedule();

    /** Returns a run seeded {@code seed} before its first round, at the initial model. */
    Run start(long seed);

    /** Returns the trace of the schedule's T rounds seeded {@code seed}, evaluated by {@code evaluator} (null: none). */
    default TrainingTrace run(long seed, TrainingTrace.Evaluator evaluator) {
        return TraceRecorder.record(name(), schedule(), start(seed), evaluator);
    }

    /** A run in progress: its state after the rounds made so far. */
    interface Run {
        /** Makes the next communication round t = {@link #rounds()} + 1. */
        void round();

        /** Returns the number of rounds made so far. */
        int rounds();

        /**
         * Returns the model the algorithm stands for after the last round (the global model, or the
         * mean of the devices' models): a live view, overwritten by the next round; not to be modified.
         */
        double[] model();

        /** Returns the bits sent by all devices so far. */
        long bits();

        /** Returns the gradient evaluations made so far. */
        long gradientSteps();
    }
}
