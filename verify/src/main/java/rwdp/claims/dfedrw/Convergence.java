package rwdp.claims.dfedrw;

import rwdp.algo.federated.TrainingTrace;

/**
 * When a training has converged, for the claims about accuracies "at the end" (Wang et al., §VI-B): the change of the test
 * accuracy over the last half of the rounds, averaged over paired seeds, against a tolerance fixed before any run.
 */
final class Convergence {
    private Convergence() {}

    /**
     * An algorithm has converged when the mean over seeds of its accuracy's change over the last half of the rounds is below
     * half an accuracy point, a tolerance fixed before any run (a converged 3FNN's test accuracy moves by less; at T = 10 and
     * T = 100 the algorithms still gain several points), and below the half-width of the gap's interval.
     */
    static final double TOLERANCE = 0.005;

    /**
     * Returns the mean over the {@code seeds} traces of algorithm {@code ai} of the accuracy's change over the last half of the
     * rounds (last evaluation minus the last at or before T/2): the IID claim decides a gap only where both have converged
     * ({@link #TOLERANCE}).
     */
    static double lateChange(TrainingTrace[] tr, int ai, int seeds) {
        return java.util.Arrays.stream(lateChanges(tr, ai, seeds)).average().orElse(Double.NaN);
    }

    /** Returns the per-seed changes whose mean is {@link #lateChange}. */
    static double[] lateChanges(TrainingTrace[] tr, int ai, int seeds) {
        double[] out = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            TrainingTrace t = tr[ai * seeds + s];
            int[] r = t.rounds();
            double[] a = t.accuracy();
            int half = 0;
            for (int e = 0; e < r.length; e++) {
                if (2 * r[e] <= r[r.length - 1]) {
                    half = e;
                }
            }
            out[s] = a[a.length - 1] - a[half];
        }
        return out;
    }

    /**
     * Returns how many standard errors (over seeds) the mean late change of algorithm {@code ai} lies beyond
     * {@link #TOLERANCE}: positive when it is still changing, the margin by which "not converged" was decided.
     */
    static double marginSd(TrainingTrace[] tr, int ai, int seeds) {
        double[] c = lateChanges(tr, ai, seeds);
        double mean = java.util.Arrays.stream(c).average().orElse(Double.NaN);
        double ss = 0;
        for (double x : c) {
            ss += (x - mean) * (x - mean);
        }
        double se = seeds < 2 ? Double.NaN : Math.sqrt(ss / (seeds - 1) / seeds);
        return (Math.abs(mean) - TOLERANCE) / se;
    }

}
