package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * Single-contribution privacy loss on the star (centre = node 1, leaves 2..n, 1-based as
 * printed), Cyffers et al., Thm. 4 and App. E.2, and the exact loss on the doubly stochastic
 * star: centre–leaf weight p = (1 − κ)/(n − 1), centre self-loop κ, leaf self-loop 1 − p.
 */
public final class StarPndp {
    private StarPndp() {}

    private static void check(int n, int u, int v, double kappa) {
        if (n < 3) {
            throw new InvalidArgumentException("a star needs n >= 3 nodes, got " + n);
        }
        if (u < 1 || u > n || v < 1 || v > n) {
            throw new InvalidArgumentException("nodes are numbered 1.." + n + " (1-based, centre 1), got u=" + u + ", v=" + v);
        }
        if (u == v) {
            throw new InvalidArgumentException("u and v must differ");
        }
        if (!(kappa >= 0 && kappa < 1)) {
            throw new InvalidArgumentException("self-loop kappa must be in [0, 1), got " + kappa);
        }
    }

    /**
     * Returns Theorem 4 as printed: α(1−κ)/(2σ²√(n−1)) ln((√(n−1)+1)/(√(n−1)−1)) when u or v is
     * the centre, −α(1−κ)/(2σ²(n−1)) ln(1 − 1/(n−1)) between leaves (Cyffers et al., Thm. 4).
     */
    public static double asPrinted(int n, int u, int v, double kappa, PndpParams p) {
        check(n, u, v, kappa);
        double m = n - 1;
        if (u == 1 || v == 1) {
            double r = Math.sqrt(m);
            return p.rate() * (1 - kappa) / (2 * r) * Math.log((r + 1) / (r - 1));
        }
        return -p.rate() * (1 - kappa) / (2 * m) * Math.log1p(-1 / m);
    }

    /**
     * Returns the exact single-contribution loss α/σ² Σ_{t=1..T} (W^t)_uv / t on the doubly
     * stochastic star through its three eigenvalues: 1 (𝟙), 1 − p on leaf differences (multiplicity
     * n − 2) and κ − p on (n−1, −1, …, −1)/√(n(n−1)), so
     * Σ_t (W^t)_uv/t = H_T/n + g_T(1 − p)·P1_uv + g_T(κ − p)·P2_uv with g_T(x) = Σ_{t≤T} x^t/t.
     */
    public static double exactSeries(int n, int u, int v, double kappa, PndpParams p) {
        check(n, u, v, kappa);
        double pr = (1 - kappa) / (n - 1);
        double p1;
        double p2;
        if (u == 1 || v == 1) {
            p1 = 0;
            p2 = -(n - 1.0) / (n * (n - 1.0));
        } else {
            p1 = -1.0 / (n - 1);
            p2 = 1.0 / (n * (n - 1.0));
        }
        double s = PndpAccountant.harmonic(p.T()) / n
                + SpectralFunction.partialLogSum(1 - pr, p.T()) * p1
                + SpectralFunction.partialLogSum(kappa - pr, p.T()) * p2;
        return p.rate() * s;
    }

    /**
     * Returns the doubly stochastic star's transition matrix, 0-based with centre 0 (Cyffers et al., App. E.2).
     *
     * @throws InvalidArgumentException when n &lt; 3 or kappa is outside [0, 1)
     */
    public static TransitionMatrix matrix(int n, double kappa) {
        if (n < 3 || !(kappa >= 0 && kappa < 1)) {
            throw new InvalidArgumentException("need n >= 3 and kappa in [0, 1), got n=" + n + ", kappa=" + kappa);
        }
        double pr = (1 - kappa) / (n - 1);
        double[][] w = new double[n][n];
        w[0][0] = kappa;
        for (int i = 1; i < n; i++) {
            w[0][i] = pr;
            w[i][0] = pr;
            w[i][i] = 1 - pr;
        }
        return TransitionMatrix.fromDense("doubly-stochastic-star(" + kappa + ")", w);
    }
}
