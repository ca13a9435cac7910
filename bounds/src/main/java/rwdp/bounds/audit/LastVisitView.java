package rwdp.bounds.audit;

import org.apache.commons.math3.analysis.integration.gauss.GaussIntegrator;
import org.apache.commons.math3.analysis.integration.gauss.GaussIntegratorFactory;
import rwdp.check.InvalidArgumentException;
import rwdp.numerics.Bisection;

/**
 * The exact (ε, δ) of one visit of RW DP-SGD's token at the observer (Cyffers et al., Alg. 1 and the
 * view of eq. (7)): the pair (τ, x_τ) with τ the last time before T at which node v holds the token.
 * This is a post-processing of v's whole view, so its loss lower-bounds the view's and must lie below
 * any valid ε_{u→v} (Thm. 3, eq. (15)).
 *
 * <p>Setting: d = 1, x₀ = 0 public, step γ, the canary u's gradient is +C (D) or −C (D'), every other
 * node's is 0, noise N(0, σ²Δ²) per update with Δ = 2C. Given τ, x_τ/(γC) is the mixture
 * Σ_k p_τ(k) N(∓k, 4σ²τ) over k, the number of u's updates before τ, whose law given y_τ = v follows
 * from W by a forward recursion over (node, k); the weight of τ is P(y_τ = v, no visit of v in
 * (τ, T − 1]). The walk is the same under D and D', so δ(ε) = Σ_τ P(τ) ∫ (p_τ − e^ε q_τ)₊, computed
 * by composite 8-point Gauss–Legendre quadrature (1500 panels) over ±(τ + 12·2σ√τ); the kinks of
 * (·)₊ inside a panel keep the relative error near 1e-7 (1e-6 is what the tests ask).
 */
public final class LastVisitView {
    private static final int PANELS = 1500;
    private static final int POINTS = 8;
    private static final GaussIntegratorFactory GAUSS = new GaussIntegratorFactory();

    /** Quadrature weight × P(τ), and the two mixture densities, over every τ's nodes, flattened. */
    private final double[] weight;
    private final double[] p;
    private final double[] q;

    private LastVisitView(double[] weight, double[] p, double[] q) {
        this.weight = weight;
        this.p = p;
        this.q = q;
    }

    /**
     * Returns the last-visit view of observer v for canary u, walk matrix {@code w} (dense, rows sum to 1),
     * public start node, T steps and noise multiplier σ.
     *
     * @throws InvalidArgumentException if a node is out of range, u = v, T &lt; 1, σ is not finite and &gt; 0
     *                                  or a row of W does not sum to 1 within 1e-9
     */
    public static LastVisitView of(double[][] w, int u, int v, int start, long steps, double sigma) {
        int n = w.length;
        if (u < 0 || u >= n || v < 0 || v >= n || start < 0 || start >= n || u == v) {
            throw new InvalidArgumentException("need distinct nodes u, v and a start in [0, " + n + "), got u=" + u + ", v=" + v
                    + ", start=" + start);
        }
        if (steps < 1 || steps > 100_000) {
            throw new InvalidArgumentException("T must be in [1, 100000], got " + steps);
        }
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new InvalidArgumentException("noise sigma must be finite and > 0, got " + sigma);
        }
        for (double[] row : w) {
            double s = 0;
            for (double x : row) {
                s += x;
            }
            if (Math.abs(s - 1) > 1e-9 || row.length != n) {
                throw new InvalidArgumentException("W must be square with rows summing to 1");
            }
        }
        int t = (int) steps;
        // alive[s] = P(no v among y_{s+1..T−1} | y_s = v)
        double[] a = new double[n];
        double[] next = new double[n];
        double[] alive = new double[t];
        java.util.Arrays.fill(a, 1);
        alive[t - 1] = 1;
        for (int s = t - 2; s >= 0; s--) {
            for (int i = 0; i < n; i++) {
                double acc = 0;
                for (int j = 0; j < n; j++) {
                    if (j != v) {
                        acc += w[i][j] * a[j];
                    }
                }
                next[i] = acc;
            }
            System.arraycopy(next, 0, a, 0, n);
            alive[s] = a[v];
        }
        double[][] f = new double[n][t + 1];
        double[][] g = new double[n][t + 1];
        f[start][0] = 1;
        int per = PANELS * POINTS;
        double[] weight = new double[t * per];
        double[] pd = new double[t * per];
        double[] qd = new double[t * per];
        double[] nodes = new double[POINTS];
        double[] wts = new double[POINTS];
        GaussIntegrator unit = GAUSS.legendre(POINTS, -1, 1);
        for (int k = 0; k < POINTS; k++) {
            nodes[k] = unit.getPoint(k);
            wts[k] = unit.getWeight(k);
        }
        for (int tau = 0; tau < t; tau++) {
            double mass = 0;
            for (int k = 0; k <= tau; k++) {
                mass += f[v][k];
            }
            double pt = mass * alive[tau];
            if (tau >= 1 && pt > 0) {
                double sd = 2 * sigma * Math.sqrt(tau);
                double half = tau + 12 * sd;
                double width = 2 * half / PANELS;
                int base = tau * per;
                for (int pn = 0; pn < PANELS; pn++) {
                    double mid = -half + (pn + 0.5) * width;
                    for (int k = 0; k < POINTS; k++) {
                        double x = mid + 0.5 * width * nodes[k];
                        double dp = 0;
                        double dq = 0;
                        for (int c = 0; c <= tau; c++) {
                            double pc = f[v][c] / mass;
                            if (pc == 0) {
                                continue;
                            }
                            double zp = (x + c) / sd;
                            double zq = (x - c) / sd;
                            dp += pc * Math.exp(-0.5 * zp * zp);
                            dq += pc * Math.exp(-0.5 * zq * zq);
                        }
                        double norm = 1 / (sd * Math.sqrt(2 * Math.PI));
                        int idx = base + pn * POINTS + k;
                        weight[idx] = pt * 0.5 * width * wts[k];
                        pd[idx] = dp * norm;
                        qd[idx] = dq * norm;
                    }
                }
            }
            // One step of the walk: the update at y_tau counts towards k when y_tau = u.
            for (int i = 0; i < n; i++) {
                java.util.Arrays.fill(g[i], 0);
            }
            for (int i = 0; i < n; i++) {
                int shift = i == u ? 1 : 0;
                for (int k = 0; k <= tau; k++) {
                    double m = f[i][k];
                    if (m == 0) {
                        continue;
                    }
                    for (int j = 0; j < n; j++) {
                        if (w[i][j] != 0) {
                            g[j][k + shift] += m * w[i][j];
                        }
                    }
                }
            }
            double[][] tmp = f;
            f = g;
            g = tmp;
        }
        return new LastVisitView(weight, pd, qd);
    }

    /**
     * Returns δ(ε) = Σ_τ P(τ) ∫ (p_τ − e^ε q_τ)₊ of the last-visit view (the two orders are equal by symmetry).
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0
     */
    public double delta(double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and >= 0, got " + epsilon);
        }
        double e = Math.exp(epsilon);
        double s = 0;
        for (int i = 0; i < weight.length; i++) {
            double d = p[i] - e * q[i];
            if (d > 0) {
                s += weight[i] * d;
            }
        }
        return s;
    }

    /**
     * Returns the smallest ε ≥ 0 with δ(ε) ≤ δ, by bisection to 1e-10 (δ(ε) decreases in ε).
     *
     * @throws InvalidArgumentException if δ is not in (0, 1)
     */
    public double epsilon(double delta) {
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("delta must be in (0, 1), got " + delta);
        }
        if (delta(0) <= delta) {
            return 0;
        }
        double lo = 0;
        double hi = 1;
        while (delta(hi) > delta) {
            lo = hi;
            hi *= 2;
            if (hi > 1e4) {
                return Double.POSITIVE_INFINITY;
            }
        }
        return Bisection.search(lo, hi, Integer.MAX_VALUE, (a, b) -> !(b - a > 1e-10 * Math.max(1, b)),
                mid -> !(delta(mid) > delta)).hi();
    }
}
