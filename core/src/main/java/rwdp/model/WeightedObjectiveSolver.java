package rwdp.model;

import rwdp.check.InvalidArgumentException;

/**
 * Minimises Σ_i a_i f_i(w) over the ball ||w|| ≤ R for non-negative node weights a_i, by
 * accelerated projected gradient with restart, step 1/Σ a_i L_i. The point a random-walk SGD
 * converges to when its walk visits node i with frequency π(i) and scales ∇f_i by c_i is the
 * minimiser with a_i = π(i) c_i (Ayache et al., Alg. 3 given the noise, eq. (10)).
 */
public final class WeightedObjectiveSolver {
    private WeightedObjectiveSolver() {}

    /**
     * Returns the minimiser of Σ_i a_i f_i on the ball, to gradient-mapping residual {@code tol}.
     *
     * @throws InvalidArgumentException when a does not hold one weight per node of loss, or a weight is negative or
     *     NaN
     */
    public static double[] minimise(Loss loss, double[] a, double radius, double tol) {
        if (a.length != loss.nodes()) {
            throw new InvalidArgumentException("need one weight per node");
        }
        int d = loss.dimension();
        double lip = 0;
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] >= 0)) {
                throw new InvalidArgumentException("node weights must be >= 0, got " + a[i]);
            }
            lip += a[i] * loss.smoothness(i);
        }
        return AcceleratedProjectedGradient.minimise(d, (w, out, tmp) -> gradient(loss, a, w, out, tmp), lip,
                radius, tol, 5_000_000).w();
    }

    private static void gradient(Loss loss, double[] a, double[] w, double[] out, double[] tmp) {
        java.util.Arrays.fill(out, 0);
        for (int i = 0; i < a.length; i++) {
            if (a[i] != 0) {
                loss.gradient(i, w, tmp);
                Vectors.axpy(a[i], tmp, out);
            }
        }
    }
}
