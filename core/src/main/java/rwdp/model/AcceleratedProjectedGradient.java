package rwdp.model;

import rwdp.check.InvalidArgumentException;

/**
 * Accelerated projected gradient (FISTA, Beck and Teboulle 2009) with adaptive restart
 * (O'Donoghue and Candès 2015) on the Euclidean ball ||w|| ≤ R, step 1/L. The shared engine of
 * the deterministic solvers of rwdp (w* of a loss, minimisers of weighted objectives).
 */
public final class AcceleratedProjectedGradient {
    private AcceleratedProjectedGradient() {}

    /** The gradient of the objective: writes ∇F(w) into {@code out}; {@code scratch} has length d. */
    @FunctionalInterface
    public interface Gradient {
        void apply(double[] w, double[] out, double[] scratch);
    }

    /**
     * The solver's answer.
     *
     * @param w          the last iterate
     * @param residual   the gradient-mapping norm L·||w − Π(w − ∇F(w)/L)|| at w (0 at the optimum)
     * @param iterations iterations run
     * @param converged  whether the residual reached the tolerance
     */
    public record Result(double[] w, double residual, int iterations, boolean converged) {
        public Result {
            w = w.clone();
        }

        /** Returns a copy of the minimiser. */
        @Override
        public double[] w() {
            return w.clone();
        }
    }

    /**
     * Returns the minimiser of a convex L-smooth F on the ball of radius {@code radius}, stopping
     * once the gradient-mapping residual (checked every 16 iterations) is at most {@code tol}.
     *
     * @throws InvalidArgumentException when lipschitz is not positive and finite
     */
    public static Result minimise(int d, Gradient gradient, double lipschitz, double radius, double tol, int maxIterations) {
        if (!(lipschitz > 0) || Double.isInfinite(lipschitz)) {
            throw new InvalidArgumentException("the gradient's Lipschitz constant must be positive and finite, got " + lipschitz);
        }
        double[] w = new double[d];
        double[] y = new double[d];
        double[] prev = new double[d];
        double[] g = new double[d];
        double[] scratch = new double[d];
        double t = 1;
        for (int it = 1; it <= maxIterations; it++) {
            gradient.apply(y, g, scratch);
            System.arraycopy(w, 0, prev, 0, d);
            for (int k = 0; k < d; k++) {
                w[k] = y[k] - g[k] / lipschitz;
            }
            Vectors.projectOntoBall(w, radius);
            double tn = (1 + Math.sqrt(1 + 4 * t * t)) / 2;
            // Restart momentum when the step goes uphill.
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
                double r = residual(gradient, w, radius, lipschitz, g, scratch, prev);
                if (r <= tol) {
                    return new Result(w, r, it, true);
                }
            }
        }
        return new Result(w, residual(gradient, w, radius, lipschitz, g, scratch, prev), maxIterations, false);
    }

    private static double residual(Gradient gradient, double[] w, double radius, double lipschitz, double[] g,
                                   double[] scratch, double[] buf) {
        gradient.apply(w, g, scratch);
        for (int k = 0; k < w.length; k++) {
            buf[k] = w[k] - g[k] / lipschitz;
        }
        Vectors.projectOntoBall(buf, radius);
        return Math.sqrt(Vectors.distanceSquared(w, buf)) * lipschitz;
    }
}
