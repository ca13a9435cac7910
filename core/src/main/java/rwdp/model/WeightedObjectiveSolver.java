package rwdp.model;

/**
 * Minimises Σ_i a_i f_i(w) over the ball ||w|| ≤ R for non-negative node weights a_i, by
 * accelerated projected gradient with restart, step 1/Σ a_i L_i. The point a random-walk SGD
 * converges to when its walk visits node i with frequency π(i) and scales ∇f_i by c_i is the
 * minimiser with a_i = π(i) c_i (Ayache et al., Alg. 3 given the noise, eq. (10)).
 */
public final class WeightedObjectiveSolver {
    private WeightedObjectiveSolver() {}

    /** Returns the minimiser of Σ_i a_i f_i on the ball, to gradient-mapping residual {@code tol}. */
    public static double[] minimise(Loss loss, double[] a, double radius, double tol) {
        if (a.length != loss.nodes()) {
            throw new IllegalArgumentException("need one weight per node");
        }
        int d = loss.dimension();
        double lip = 0;
        for (int i = 0; i < a.length; i++) {
            if (!(a[i] >= 0)) {
                throw new IllegalArgumentException("node weights must be >= 0, got " + a[i]);
            }
            lip += a[i] * loss.smoothness(i);
        }
        double[] w = new double[d];
        double[] y = new double[d];
        double[] prev = new double[d];
        double[] g = new double[d];
        double[] tmp = new double[d];
        double t = 1;
        for (int it = 1; it <= 5_000_000; it++) {
            gradient(loss, a, y, g, tmp);
            System.arraycopy(w, 0, prev, 0, d);
            for (int k = 0; k < d; k++) {
                w[k] = y[k] - g[k] / lip;
            }
            Vectors.projectOntoBall(w, radius);
            double tn = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
            double dot = 0;
            for (int k = 0; k < d; k++) {
                dot += (y[k] - w[k]) * (w[k] - prev[k]);
            }
            if (dot > 0) {
                tn = 1;
                System.arraycopy(w, 0, y, 0, d);
            } else {
                for (int k = 0; k < d; k++) {
                    y[k] = w[k] + (t - 1) / tn * (w[k] - prev[k]);
                }
            }
            t = tn;
            if (it % 16 == 0) {
                gradient(loss, a, w, g, tmp);
                double[] z = prev;
                for (int k = 0; k < d; k++) {
                    z[k] = w[k] - g[k] / lip;
                }
                Vectors.projectOntoBall(z, radius);
                if (Math.sqrt(Vectors.distanceSquared(w, z)) * lip <= tol) {
                    return w;
                }
            }
        }
        return w;
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
