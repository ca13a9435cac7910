package rwdp.bounds.pndp;

import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * Ground truths by sparse products of W, without eigenvalues: the series Σ_{t≤T} (W^t)_uv/t of Cyffers et al., eq. (15),
 * and the exact and union-bound collusion losses of App. D, eq. (17)-(18).
 */
final class WalkSeries {
    private WalkSeries() {}

    /**
     * Returns S_uv = Σ_{t=1..T} (W^t)_uv / t for every pair by iterating e_u W^t with sparse
     * products (the ground truth of Cyffers et al., eq. (15); single contribution, without α/σ²).
     * Once a row is within 1e-15/n of uniform the remaining terms are added as (H_T − H_t)/n.
     */
    public static double[][] exactSeries(TransitionMatrix w, long T) {
        int n = w.n();
        double[][] s = new double[n][];
        double[] hT = {PndpParams.harmonic(T)};
        java.util.stream.IntStream.range(0, n).parallel().forEach(u -> {
            double[] x = new double[n];
            double[] y = new double[n];
            double[] acc = new double[n];
            x[u] = 1;
            double h = 0;
            for (long t = 1; t <= T; t++) {
                w.leftMultiply(x, y);
                double inv = 1.0 / t;
                double dev = 0;
                for (int v = 0; v < n; v++) {
                    acc[v] += y[v] * inv;
                    dev = Math.max(dev, Math.abs(y[v] - 1.0 / n));
                }
                h += inv;
                double[] tmp = x;
                x = y;
                y = tmp;
                if (dev < 1e-15 / n && t < T) {
                    double rest = (hT[0] - h) / n;
                    for (int v = 0; v < n; v++) {
                        acc[v] += rest;
                    }
                    break;
                }
            }
            s[u] = acc;
        });
        return s;
    }

    /**
     * Returns Σ_{i=1..T} Pr[the walk from u first enters F at step i] / i, the exact
     * single-contribution collusion loss of Cyffers et al., App. D eq. (17) without α/σ² (F made
     * absorbing; u must not be in F).
     *
     * @throws InvalidArgumentException when u is in the coalition
     */
    public static double collusionExact(TransitionMatrix w, int u, int[] coalition, long T) {
        int n = w.n();
        boolean[] inF = new boolean[n];
        for (int v : coalition) {
            inF[v] = true;
        }
        if (inF[u]) {
            throw new InvalidArgumentException("the sender " + u + " is in the coalition");
        }
        double[] x = new double[n];
        double[] y = new double[n];
        x[u] = 1;
        double total = 0;
        double alive = 1;
        for (long i = 1; i <= T && alive > 1e-300; i++) {
            w.leftMultiply(x, y);
            double hit = 0;
            alive = 0;
            for (int v = 0; v < n; v++) {
                if (inF[v]) {
                    hit += y[v];
                    y[v] = 0;
                } else {
                    alive += y[v];
                }
            }
            total += hit / i;
            double[] t = x;
            x = y;
            y = t;
        }
        return total;
    }

    /** Returns the union bound Σ_{v∈F} S_uv of Cyffers et al., App. D eq. (18) (single contribution, without α/σ²). */
    public static double collusionUnion(double[][] series, int u, int[] coalition) {
        double s = 0;
        for (int v : coalition) {
            s += series[u][v];
        }
        return s;
    }
}
