package rwdp.algo.federated;

/**
 * What a run of one of Wang et al.'s algorithms recorded at each evaluation.
 *
 * @param algorithm     name
 * @param rounds        the round t after which each evaluation was taken (1-based)
 * @param accuracy      the evaluator's first metric (test accuracy, or NaN)
 * @param loss          the evaluator's second metric (test loss, or objective value)
 * @param bits          cumulative bits sent by all devices up to that round
 * @param gradientSteps total gradient evaluations of the run
 * @param finalModel    the evaluated model after the last round
 * @param nanos         wall-clock time of the training (evaluations excluded)
 */
public record TrainingTrace(String algorithm, int[] rounds, double[] accuracy, double[] loss, long[] bits,
                            long gradientSteps, double[] finalModel, long nanos) {

    public TrainingTrace {
        rounds = rounds.clone();
        accuracy = accuracy.clone();
        loss = loss.clone();
        bits = bits.clone();
        finalModel = finalModel.clone();
    }

    /** Returns a copy of the evaluation rounds. */
    @Override
    public int[] rounds() {
        return rounds.clone();
    }

    /** Returns a copy of the first metric at each evaluation. */
    @Override
    public double[] accuracy() {
        return accuracy.clone();
    }

    /** Returns a copy of the second metric at each evaluation. */
    @Override
    public double[] loss() {
        return loss.clone();
    }

    /** Returns a copy of the cumulative bits at each evaluation. */
    @Override
    public long[] bits() {
        return bits.clone();
    }

    /** Returns a copy of the final model. */
    @Override
    public double[] finalModel() {
        return finalModel.clone();
    }

    /** Evaluates a model: returns {first metric, second metric}, e.g. {accuracy, loss}. */
    @FunctionalInterface
    public interface Evaluator {
        double[] evaluate(double[] model);
    }

    /** Observes the iterate w^k̄ of walk 0 before each of its updates (for Wang et al., Thm. 1). */
    @FunctionalInterface
    public interface StepObserver {
        void beforeUpdate(long globalStep, int device, double stepSize, double[] w);
    }

    /** Returns the first round whose accuracy reaches {@code target}, or −1. */
    public int roundsToAccuracy(double target) {
        for (int e = 0; e < rounds.length; e++) {
            if (accuracy[e] >= target) {
                return rounds[e];
            }
        }
        return -1;
    }

    /** Returns the cumulative bits at the first evaluation reaching {@code target}, or −1. */
    public long bitsToAccuracy(double target) {
        for (int e = 0; e < rounds.length; e++) {
            if (accuracy[e] >= target) {
                return bits[e];
            }
        }
        return -1;
    }

    /** Returns the last evaluation's accuracy. */
    public double finalAccuracy() {
        return accuracy[accuracy.length - 1];
    }
}
