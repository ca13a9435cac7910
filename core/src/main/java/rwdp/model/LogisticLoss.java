package rwdp.model;

import rwdp.check.InvalidArgumentException;

/**
 * The (regularised, scaled) logistic loss of a decentralized binary classification task. Node
 * i holds m_i samples (x, y), y ∈ {−1, +1}, and
 * f_i(w) = s · (1/m_i) Σ log(1 + exp(−y xᵀw)) + (ρ/2) ||w||².
 * With one sample per node, s = N and ρ = 1 this is Ayache et al., eq. (12)-(13) with the
 * regulariser ½||w||² (Ayache et al., arXiv:2009.01790, eq. (12)-(13); the printed (N/2)||w||² is an erratum, see docs/ayache.md); s = 1, ρ = 0 is plain logistic regression.
 */
public final class LogisticLoss implements Loss, java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final double[][][] x;
    private final double[][] y;
    private final double scale;
    private final double ridge;
    private final int d;
    private final double[] smoothness;

    /**
     * Creates the loss; {@code features[i][s]} is sample s of node i, {@code labels[i][s]} its
     * label (±1), {@code scale} = s ≥ 0 and {@code ridge} = ρ ≥ 0.
     *
     * @throws InvalidArgumentException when features is empty or differs from labels in nodes, scale or ridge is
     *     negative, a node has no sample or not one label per sample, the samples differ in dimension, or a label is not
     *     ±1
     */
    public LogisticLoss(double[][][] features, double[][] labels, double scale, double ridge) {
        if (features.length == 0 || features.length != labels.length) {
            throw new InvalidArgumentException("need the same positive number of nodes in features and labels");
        }
        if (!(scale >= 0) || !(ridge >= 0)) {
            throw new InvalidArgumentException("scale and ridge must be >= 0, got " + scale + ", " + ridge);
        }
        this.d = features[0][0].length;
        this.x = new double[features.length][][];
        this.y = new double[features.length][];
        this.smoothness = new double[features.length];
        for (int i = 0; i < features.length; i++) {
            if (features[i].length == 0 || features[i].length != labels[i].length) {
                throw new InvalidArgumentException("node " + i + " needs at least one sample and one label per sample");
            }
            x[i] = new double[features[i].length][];
            y[i] = labels[i].clone();
            double meanSq = 0;
            for (int s = 0; s < features[i].length; s++) {
                if (features[i][s].length != d) {
                    throw new InvalidArgumentException("sample " + s + " of node " + i + " has dimension "
                            + features[i][s].length + ", expected " + d);
                }
                if (labels[i][s] != 1 && labels[i][s] != -1) {
                    throw new InvalidArgumentException("labels must be +1 or -1, got " + labels[i][s]);
                }
                x[i][s] = features[i][s].clone();
                meanSq += Vectors.dot(x[i][s], x[i][s]);
            }
            meanSq /= features[i].length;
            // σ'' ≤ 1/4 and λmax((1/m) Σ x xᵀ) ≤ (1/m) Σ ||x||²: exact for one sample per node.
            smoothness[i] = scale * meanSq / 4 + ridge;
        }
        this.scale = scale;
        this.ridge = ridge;
    }

    /** Returns the loss with one sample (x_i, y_i) per node. */
    public static LogisticLoss onePerNode(double[][] features, double[] labels, double scale, double ridge) {
        double[][][] f = new double[features.length][][];
        double[][] l = new double[features.length][];
        for (int i = 0; i < features.length; i++) {
            f[i] = new double[][] {features[i]};
            l[i] = new double[] {labels[i]};
        }
        return new LogisticLoss(f, l, scale, ridge);
    }

    @Override
    public int nodes() {
        return x.length;
    }

    @Override
    public int dimension() {
        return d;
    }

    /** Returns the number of samples node {@code i} holds. */
    public int samples(int node) {
        return x[node].length;
    }

    /** Returns sample {@code s} of node {@code i} (a view: do not modify). */
    public double[] feature(int node, int s) {
        return x[node][s];
    }

    /** Returns the label of sample {@code s} of node {@code i}. */
    public double label(int node, int s) {
        return y[node][s];
    }

    /** Returns the scale s. */
    public double scale() {
        return scale;
    }

    /** Returns the ridge coefficient ρ. */
    public double ridge() {
        return ridge;
    }

    @Override
    public double value(int node, double[] w) {
        double[][] xs = x[node];
        double s = 0;
        for (int k = 0; k < xs.length; k++) {
            s += softplus(-y[node][k] * Vectors.dot(xs[k], w));
        }
        return scale * s / xs.length + 0.5 * ridge * Vectors.dot(w, w);
    }

    @Override
    public void gradient(int node, double[] w, double[] out) {
        double[][] xs = x[node];
        for (int j = 0; j < d; j++) {
            out[j] = ridge * w[j];
        }
        for (int k = 0; k < xs.length; k++) {
            double yk = y[node][k];
            // d/dz log(1 + e^{-z}) = -σ(-z), z = y xᵀw.
            double c = -scale * yk * sigmoid(-yk * Vectors.dot(xs[k], w)) / xs.length;
            Vectors.axpy(c, xs[k], out);
        }
    }

    @Override
    public double smoothness(int node) {
        return smoothness[node];
    }

    /** Returns log(1 + e^z) without overflow. */
    public static double softplus(double z) {
        return z > 0 ? z + Math.log1p(Math.exp(-z)) : Math.log1p(Math.exp(z));
    }

    /** Returns 1/(1 + e^{-z}) without overflow. */
    public static double sigmoid(double z) {
        if (z >= 0) {
            return 1 / (1 + Math.exp(-z));
        }
        double e = Math.exp(z);
        return e / (1 + e);
    }
}
