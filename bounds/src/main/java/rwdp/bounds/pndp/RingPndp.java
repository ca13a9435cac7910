package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;

/**
 * Single-contribution privacy loss on the ring with self-loop κ (W = κI + (1 − κ)(A_ring)/2),
 * Cyffers et al., Thm. 5 and App. E.2. Nodes are 1-based here, as printed.
 */
public final class RingPndp {
    private RingPndp() {}

    /** Largest ring for the O(n) spectral sums of this class (about a second each at this size). */
    public static final int MAX_N = 20_000_000;

    private static void check(int n, int u, int v) {
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
    public static double asPrinted(int n, int u, int v, PndpParams p) {
        check(n, u, v);
        int a = Math.floorMod(u + v - 2, n);
        return theorem5Sum(n, a, p);
    }

    /**
     * Returns Theorem 5's expression with a = (u − v) mod n, the index the circulant
     * eigenvectors give (the corrected reading; equal to {@link #general} at κ = 1/3).
     */
    public static double corrected(int n, int u, int v, PndpParams p) {
        check(n, u, v);
        int a = Math.floorMod(u - v, n);
        return theorem5Sum(n, a, p);
    }

    private static double theorem5Sum(int n, int a, PndpParams p) {
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
    public static double general(int n, int u, int v, double kappa, PndpParams p) {
        check(n, u, v);
        if (!(kappa >= 0 && kappa < 1)) {
            throw new InvalidArgumentException("self-loop kappa must be in [0, 1), got " + kappa);
        }
        return p.rate() * Math.log(p.T()) / n + p.rate() * logEntry(n, Math.floorMod(u - v, n), kappa);
    }

    /** Returns L(W)_uv of the lazy ring for the 0-based offset d = (u − v) mod n (Cyffers et al., App. E.2). */
    public static double logEntry(int n, int d, double kappa) {
        double s = 0;
        for (int k = 1; k < n; k++) {
            double lambda = kappa + (1 - kappa) * Math.cos(2 * Math.PI * k / n);
            s += Math.cos(2 * Math.PI * ((long) d * k % n) / n) * -Math.log1p(-lambda);
        }
        return s / n;
    }
}
