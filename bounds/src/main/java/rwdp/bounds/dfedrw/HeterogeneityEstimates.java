package rwdp.bounds.dfedrw;

import rwdp.model.Loss;
import rwdp.model.Vectors;

/**
 * Run-based estimates of the heterogeneity constants of Wang et al., §III-C: the local
 * dissimilarity ratio of Def. 1 at a model, and the inexactness ratio of Def. 2 / Lemma 1.
 */
public final class HeterogeneityEstimates {
    private HeterogeneityEstimates() {}

    /**
     * Returns E_i||∇F_i(w)||² / ||∇f(w)||² at {@code w} (Wang et al., Def. 1; δ² is a bound on it);
     * +∞ when ∇f(w) = 0 but some ∇F_i(w) ≠ 0.
     */
    public static double dissimilarity(Loss loss, double[] w) {
        int d = loss.dimension();
        double[] g = new double[d];
        double[] mean = new double[d];
        double sq = 0;
        for (int i = 0; i < loss.nodes(); i++) {
            loss.gradient(i, w, g);
            sq += Vectors.dot(g, g);
            Vectors.axpy(1.0 / loss.nodes(), g, mean);
        }
        sq /= loss.nodes();
        double global = Vectors.dot(mean, mean);
        if (global == 0) {
            return sq == 0 ? 1 : Double.POSITIVE_INFINITY;
        }
        return sq / global;
    }

    /**
     * Returns ||∇F_{i'}(w')|| / ||∇F_i(w)||, the inexactness γ of one stretch of local work
     * (Wang et al., Def. 2 and Lemma 1, with w' the model K steps later on the walk).
     */
    public static double inexactness(Loss loss, int before, double[] wBefore, int after, double[] wAfter) {
        int d = loss.dimension();
        double[] g = new double[d];
        loss.gradient(before, wBefore, g);
        double a = Vectors.norm(g);
        loss.gradient(after, wAfter, g);
        double b = Vectors.norm(g);
        return a == 0 ? (b == 0 ? 0 : Double.POSITIVE_INFINITY) : b / a;
    }
}
