package rwdp.model;

/** Allocation-free operations on {@code double[]} vectors, used by every training loop. */
public final class Vectors {
    private Vectors() {}

    /** Returns the dot product xᵀy. */
    public static double dot(double[] x, double[] y) {
        double s = 0;
        for (int k = 0; k < x.length; k++) {
            s += x[k] * y[k];
        }
        return s;
    }

    /** Returns the Euclidean norm ||x||. */
    public static double norm(double[] x) {
        return Math.sqrt(dot(x, x));
    }

    /** Returns ||x − y||². */
    public static double distanceSquared(double[] x, double[] y) {
        double s = 0;
        for (int k = 0; k < x.length; k++) {
            double d = x[k] - y[k];
            s += d * d;
        }
        return s;
    }

    /** Sets y ← y + a x. */
    public static void axpy(double a, double[] x, double[] y) {
        for (int k = 0; k < x.length; k++) {
            y[k] += a * x[k];
        }
    }

    /** Sets x ← a x. */
    public static void scale(double a, double[] x) {
        for (int k = 0; k < x.length; k++) {
            x[k] *= a;
        }
    }

    /**
     * Projects {@code w} in place onto the Euclidean ball of radius {@code radius}:
     * w ← w · min(1, R/||w||) (Ayache et al., §II). Returns the norm before projection.
     */
    public static double projectOntoBall(double[] w, double radius) {
        double n = norm(w);
        if (n > radius) {
            scale(radius / n, w);
        }
        return n;
    }

    /** Sets {@code w} to a point drawn uniformly from the ball of radius R in d = w.length dimensions. */
    public static void uniformInBall(double[] w, double radius, java.util.SplittableRandom rng) {
        double s = 0;
        for (int k = 0; k < w.length; k++) {
            w[k] = rng.nextGaussian();
            s += w[k] * w[k];
        }
        double r = radius * Math.pow(rng.nextDouble(), 1.0 / w.length);
        scale(r / Math.sqrt(s), w);
    }
}
