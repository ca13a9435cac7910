package rwdp.model;

import rwdp.check.InvalidArgumentException;

/**
 * The private averaging task f_v(x) = ||x − y_v||² (Cyffers et al., §5 eq. (8)): L = µ = 2,
 * minimiser of the uniform average = the mean of the y_v.
 */
public final class AveragingLoss implements PerSampleLoss {
    private final double[][] y;
    private final int d;

    /**
     * Creates the task with node values {@code values[v]} (all of one dimension).
     *
     * @throws InvalidArgumentException when values is empty, values[0] is empty, or the node values differ in
     *     dimension
     */
    public AveragingLoss(double[][] values) {
        if (values.length == 0 || values[0].length == 0) {
            throw new InvalidArgumentException("need at least one node and dimension >= 1");
        }
        d = values[0].length;
        y = new double[values.length][];
        for (int v = 0; v < values.length; v++) {
            if (values[v].length != d) {
                throw new InvalidArgumentException("node " + v + " has dimension " + values[v].length + ", expected " + d);
            }
            y[v] = values[v].clone();
        }
    }

    /** Returns the value y_v of node v (a view: do not modify). */
    public double[] value(int node) {
        return y[node];
    }

    /** Returns the minimiser of the uniform average, the mean of the y_v (Cyffers et al., eq. (8)). */
    public double[] mean() {
        double[] m = new double[d];
        for (double[] yv : y) {
            Vectors.axpy(1.0 / y.length, yv, m);
        }
        return m;
    }

    @Override
    public int nodes() {
        return y.length;
    }

    @Override
    public int dimension() {
        return d;
    }

    @Override
    public double value(int node, double[] w) {
        return Vectors.distanceSquared(w, y[node]);
    }

    @Override
    public void gradient(int node, double[] w, double[] out) {
        sampleGradient(node, 0, w, out);
    }

    @Override
    public double smoothness(int node) {
        return 2;
    }

    @Override
    public int samples(int node) {
        return 1;
    }

    @Override
    public void sampleGradient(int node, int s, double[] w, double[] out) {
        double[] yv = y[node];
        for (int j = 0; j < d; j++) {
            out[j] = 2 * (w[j] - yv[j]);
        }
    }

    @Override
    public double ridge() {
        return 0;
    }

    @Override
    public double strongConvexity() {
        return 2;
    }
}
