package rwdp.model;

/**
 * Per-sample view of a {@link LogisticLoss}: ℓ_{i,s}(w) = scale·ln(1 + exp(−y xᵀw)), so that
 * f_i = (1/m_i) Σ_s ℓ_{i,s} + (ρ/2)||w||² (ridge logistic regression, Cyffers et al., §7).
 */
public final class PerSampleLogistic implements PerSampleLoss {
    private final LogisticLoss loss;

    /** Wraps {@code loss}; its values, gradients and smoothness are unchanged. */
    public PerSampleLogistic(LogisticLoss loss) {
        this.loss = loss;
    }

    /** Returns the wrapped loss. */
    public LogisticLoss loss() {
        return loss;
    }

    @Override
    public int nodes() {
        return loss.nodes();
    }

    @Override
    public int dimension() {
        return loss.dimension();
    }

    @Override
    public double value(int node, double[] w) {
        return loss.value(node, w);
    }

    @Override
    public void gradient(int node, double[] w, double[] out) {
        loss.gradient(node, w, out);
    }

    @Override
    public double smoothness(int node) {
        return loss.smoothness(node);
    }

    @Override
    public int samples(int node) {
        return loss.samples(node);
    }

    @Override
    public void sampleGradient(int node, int s, double[] w, double[] out) {
        double[] x = loss.feature(node, s);
        double y = loss.label(node, s);
        double c = -loss.scale() * y * LogisticLoss.sigmoid(-y * Vectors.dot(x, w));
        for (int j = 0; j < out.length; j++) {
            out[j] = c * x[j];
        }
    }

    @Override
    public double ridge() {
        return loss.ridge();
    }

    @Override
    public double strongConvexity() {
        return loss.ridge();
    }
}
