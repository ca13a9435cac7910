package rwdp.model;

/**
 * The exact minimiser x* of a strongly convex average loss, by full gradient descent with step
 * 1/L (L the largest per-node smoothness): the reference point of Cyffers et al., Theorem 2
 * (ICML 2024, §5), for both the claims and {@code simulate rw-dp-sgd}.
 */
public final class GradientDescent {
    /** Stop when the gradient norm of the average falls below this. */
    public static final double GRADIENT_TOLERANCE = 1e-13;
    /** At most this many full gradient steps (the rate is (1 − μ/L)^k, ample for μ/L ≥ 1e-4). */
    public static final int MAX_ITERATIONS = 200_000;

    private GradientDescent() {}

    /** Returns argmin of the uniform average of {@code loss} over its nodes (Cyffers et al., §5). */
    public static double[] minimiser(Loss loss) {
        int d = loss.dimension();
        double l = 0;
        for (int v = 0; v < loss.nodes(); v++) {
            l = Math.max(l, loss.smoothness(v));
        }
        double[] x = new double[d];
        double[] g = new double[d];
        double[] s = new double[d];
        for (int it = 0; it < MAX_ITERATIONS; it++) {
            loss.averageGradient(x, g, s);
            if (Vectors.norm(g) < GRADIENT_TOLERANCE) {
                break;
            }
            Vectors.axpy(-1 / l, g, x);
        }
        return x;
    }
}
