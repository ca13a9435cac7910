package rwdp.model;

/**
 * A decentralized objective f(w) = (1/N) Σ_i f_i(w): node {@code i} holds the local loss f_i.
 * Implementations are immutable and thread-safe; {@link #gradient} writes into the caller's
 * buffer so a training step allocates nothing.
 */
public interface Loss {
    /** Returns the number of nodes N. */
    int nodes();

    /** Returns the dimension d of the parameter w. */
    int dimension();

    /** Returns the local loss f_i(w). */
    double value(int node, double[] w);

    /** Writes ∇f_i(w) into {@code out} (length d; must not alias {@code w}). */
    void gradient(int node, double[] w, double[] out);

    /** Returns L_i, a Lipschitz constant of ∇f_i (the smoothness of node i's loss). */
    double smoothness(int node);

    /** Returns the global objective f(w) = (1/N) Σ_i f_i(w). */
    default double average(double[] w) {
        double s = 0;
        for (int i = 0; i < nodes(); i++) {
            s += value(i, w);
        }
        return s / nodes();
    }

    /** Writes ∇f(w) = (1/N) Σ_i ∇f_i(w) into {@code out}; {@code scratch} has length d. */
    default void averageGradient(double[] w, double[] out, double[] scratch) {
        java.util.Arrays.fill(out, 0);
        for (int i = 0; i < nodes(); i++) {
            gradient(i, w, scratch);
            Vectors.axpy(1.0 / nodes(), scratch, out);
        }
    }
}
