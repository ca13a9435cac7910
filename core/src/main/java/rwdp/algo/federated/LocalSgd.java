package rwdp.algo.federated;

import java.util.SplittableRandom;

/**
 * One projected SGD step w' = Π_W(w − η ĝ) (Wang et al., eq. (10)), shared by every algorithm
 * so that their arithmetic is identical operation for operation.
 */
final class LocalSgd {
    private final LocalObjective objective;
    private final double radius;
    private final double[] grad;

    LocalSgd(LocalObjective objective, double radius) {
        this.objective = objective;
        this.radius = radius;
        this.grad = new double[objective.dimension()];
    }

    /** Writes Π_W(w − η ĝ_device(w)) into {@code out} (may not alias w). */
    void step(int device, double[] w, double eta, SplittableRandom rng, double[] out) {
        objective.stochasticGradient(device, w, rng, grad);
        for (int c = 0; c < out.length; c++) {
            out[c] = w[c] - eta * grad[c];
        }
        if (radius != Double.POSITIVE_INFINITY) {
            rwdp.model.Vectors.projectOntoBall(out, radius);
        }
    }

    /**
     * Runs {@code budget} local steps on {@code w} in place, the k-th (from 0) with the step size
     * of global step {@code firstStep + k}; {@code out} is scratch. Returns the steps made.
     */
    int localSteps(int device, double[] w, int budget, long firstStep, TrainingSchedule schedule, SplittableRandom rng,
                   double[] out) {
        for (int k = 0; k < budget; k++) {
            step(device, w, schedule.stepSize(firstStep + k), rng, out);
            System.arraycopy(out, 0, w, 0, w.length);
        }
        return budget;
    }

    /** Writes the mean of {@code models} into {@code out}. */
    static void mean(double[][] models, double[] out) {
        java.util.Arrays.fill(out, 0);
        for (double[] w : models) {
            for (int c = 0; c < out.length; c++) {
                out[c] += w[c];
            }
        }
        for (int c = 0; c < out.length; c++) {
            out[c] /= models.length;
        }
    }
}
