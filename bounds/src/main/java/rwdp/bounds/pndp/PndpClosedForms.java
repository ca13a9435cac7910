package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;
import rwdp.spectral.SpectralFunction;

/**
 * Single-contribution privacy losses in closed form on the two graphs Cyffers et al. work out by hand: the ring with
 * self-loop κ (W = κI + (1 − κ)(A_ring)/2; Thm. 5 and App. E.2) and the star (centre = node 1, leaves 2..n; Thm. 4
 * and App. E.2), with the exact loss on the doubly stochastic star (centre–leaf weight p = (1 − κ)/(n − 1), centre
 * self-loop κ, leaf self-loop 1 − p). Nodes are 1-based here, as printed.
 */
public final class PndpClosedForms {
    private PndpClosedForms() {}


    /** Largest ring for the O(n) spectral sums of the ring forms (about a second each at this size). */
    public static final int RING_MAX_N = 20_000_000;

    private static void checkRing(int n, int u, int v) {
        if (n < 3) {
            throw new InvalidArgumentException("a ring needs n >= 3 nodes, got " + n);
        }
        if (u < 1 || u > n || v < 1 || v > n) {
            throw new InvalidArgumentException("nodes are numbered 1.." + n + " (1-based, as in the paper), got u=" + u + ", v=" + v);
        }
        if (u == v) {
            throw new InvalidArgumentException("u and v must differ");
        }
    }

    /**
     * Returns Theorem 5 as printed (κ = 1/3, 1-based u, v, a = (u + v − 2) mod n):
     * α ln T/(nσ²) + α/(nσ²) Σ_{k=1..n−1} cos(2π a k/n) ln((3/4) csc²(πk/n)) (Cyffers et al., Thm. 5).
     */
    public static double ringAsPrinted(int n, int u, int v, PndpParams p) {
        checkRing(n, u, v);
        int a = Math.floorMod(u + v - 2, n);
        return ringTheorem5Sum(n, a, p);
    }

    /**
     * Returns Theorem 5's expression with a = (u − v) mod n, the index the circulant
     * eigenvectors give (the corrected reading; equal to {@link #ringGeneral} at κ = 1/3).
     */
    public static double ringCorrected(int n, int u, int v, PndpParams p) {
        checkRing(n, u, v);
        int a = Math.floorMod(u - v, n);
        return ringTheorem5Sum(n, a, p);
    }

    private static double ringTheorem5Sum(int n, int a, PndpParams p) {
        double s = 0;
        for (int k = 1; k < n; k++) {
            double sin = Math.sin(Math.PI * k / n);
            s += Math.cos(2 * Math.PI * ((long) a * k % n) / n) * Math.log(0.75 / (sin * sin));
        }
        return p.rate() * Math.log(p.T()) / n + p.rate() * s / n;
    }

    /**
     * Returns Theorem 3's single-contribution bracket α ln T/(σ² n) + (α/σ²) L(W)_uv for the lazy
     * ring, with L(W)_uv = (1/n) Σ_{k=1..n−1} cos(2πk(u − v)/n)·(−ln(1 − λ_k)) and the circulant
     * spectrum λ_k = κ + (1 − κ) cos(2πk/n) (Cyffers et al., App. E.2).
     *
     * @throws InvalidArgumentException when n &lt; 3, u or v is outside 1..n, u = v, or kappa is outside [0, 1)
     */
    public static double ringGeneral(int n, int u, int v, double kappa, PndpParams p) {
        checkRing(n, u, v);
        if (!(kappa >= 0 && kappa < 1)) {
            throw new InvalidArgumentException("self-loop kappa must be in [0, 1), got " + kappa);
        }
        return p.rate() * Math.log(p.T()) / n + p.rate() * ringLogEntry(n, Math.floorMod(u - v, n), kappa);
    }

    /** Returns L(W)_uv of the lazy ring for the 0-based offset d = (u − v) mod n (Cyffers et al., App. E.2). */
    public static double ringLogEntry(int n, int d, double kappa) {
        double s = 0;
        for (int k = 1; k < n; k++) {
            double lambda = kappa + (1 - kappa) * Math.cos(2 * Math.PI * k / n);
            s += Math.cos(2 * Math.PI * ((long) d * k % n) / n) * -Math.log1p(-lambda);
        }
        return s / n;
    }

    // ---- The star (Thm. 4) ----


    private static void checkStar(int n, int u, int v, double kappa) {
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
    public static double starAsPrinted(int n, int u, int v, double kappa, PndpParams p) {
        checkStar(n, u, v, kappa);
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
    public static double starExactSeries(int n, int u, int v, double kappa, PndpParams p) {
        checkStar(n, u, v, kappa);
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
        double s = PndpParams.harmonic(p.T()) / n
                + SpectralFunction.partialLogSum(1 - pr, p.T()) * p1
                + SpectralFunction.partialLogSum(kappa - pr, p.T()) * p2;
        return p.rate() * s;
    }

    /**
     * Returns the doubly stochastic star's transition matrix, 0-based with centre 0 (Cyffers et al., App. E.2).
     *
     * @throws InvalidArgumentException when n &lt; 3 or kappa is outside [0, 1)
     */
    public static TransitionMatrix starMatrix(int n, double kappa) {
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
