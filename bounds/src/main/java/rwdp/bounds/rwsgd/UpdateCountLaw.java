package rwdp.bounds.rwsgd;

/**
 * The law of K, the number of updates u makes in RW DP-SGD's T steps (Cyffers et al., Alg. 1):
 * K = #{t &lt; T : y_t = u} for the walk y₀ = start, y_{t+1} ~ W_{y_t,·}. A forward recursion over
 * (node, count), f_{t+1}(j, k + [j = u]) += f_t(i, k) W_ij, costs about nnz(W)·T²/2 operations
 * and n·(T + 1) doubles. The walk does not depend on the data, so K's law is the same under D and D'.
 */
public final class UpdateCountLaw {
    private UpdateCountLaw() {}

    /** Returns the operations {@link #of} needs, about nnz(W)·T²/2 (what a caller refuses on). */
    public static double cost(ViewSetting s) {
        return 0.5 * s.w().nonZeros() * (double) s.steps() * (s.steps() + 1);
    }

    /** Returns P(K = k) for k = 0..T (Cyffers et al., Alg. 1: K = the updates of u among y₀..y_{T−1}). */
    public static double[] of(ViewSetting s) {
        int n = s.n();
        int t = s.steps();
        int u = s.u();
        int width = t + 1;
        double[] f = new double[n * width];
        double[] g = new double[n * width];
        f[s.start() * width] = 1;
        for (int step = 0; step < t; step++) {
            java.util.Arrays.fill(g, 0);
            for (int i = 0; i < n; i++) {
                int shift = i == u ? 1 : 0;
                int base = i * width;
                int len = s.w().rowLength(i);
                for (int k = 0; k <= step; k++) {
                    double m = f[base + k];
                    if (m == 0) {
                        continue;
                    }
                    for (int e = 0; e < len; e++) {
                        g[s.w().column(i, e) * width + k + shift] += m * s.w().probability(i, e);
                    }
                }
            }
            double[] tmp = f;
            f = g;
            g = tmp;
        }
        double[] law = new double[width];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < width; k++) {
                law[k] += f[i * width + k];
            }
        }
        return law;
    }
}
