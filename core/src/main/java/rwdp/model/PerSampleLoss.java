package rwdp.model;

/**
 * A loss whose local objective is an average of per-sample terms plus a data-independent ridge,
 * f_i(w) = (1/m_i) Σ_s ℓ_{i,s}(w) + (ρ/2)||w||², so DP-SGD can clip each sample's data gradient
 * before averaging (Cyffers et al., Algorithm 1 with per-sample clipping).
 */
public interface PerSampleLoss extends Loss {
    /** Returns the number m_i of samples node {@code i} holds (Cyffers et al., §7: local datasets D_v). */
    int samples(int node);

    /** Writes the data gradient ∇ℓ_{i,s}(w) of sample {@code s} of node {@code i} into {@code out}, no ridge (Cyffers et al., Algorithm 1 line 3). */
    void sampleGradient(int node, int s, double[] w, double[] out);

    /** Returns the ridge coefficient ρ ≥ 0, whose gradient ρw is added after clipping (Cyffers et al., §5, Assumption 3). */
    double ridge();

    /** Returns the strong convexity constant µ of every f_i, at least ρ (Cyffers et al., Assumption 3). */
    double strongConvexity();
}
