package rwdp.bounds.skipping;

import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * The chain of updating nodes of Skip-Ring (Yakimenka et al., App. A, eq. (3)): from an
 * updating node v_i the next updating node is v_{i+k} (indices mod n, k = 1..n) with
 * probability p^{k−1}(1 − p)/(1 − p^n), a circulant matrix.
 */
public final class SkipRingChain {
    private SkipRingChain() {}

    private static void check(int n, double p) {
        if (n < 2) {
            throw new InvalidArgumentException("the ring needs n >= 2 nodes, got " + n);
        }
        if (!(p >= 0 && p < 1)) {
            throw new InvalidArgumentException("skip probability p must be in [0, 1), got " + p);
        }
    }

    /** Returns Q of eq. (3) (Yakimenka et al., App. A), first row (p^{n−1}, 1, p, ..., p^{n−2}) times (1 − p)/(1 − p^n). */
    public static TransitionMatrix matrix(int n, double p) {
        check(n, p);
        double[] row = firstRow(n, p);
        double[][] q = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                q[i][j] = row[Math.floorMod(j - i, n)];
            }
        }
        return TransitionMatrix.fromDense("skip-ring(n=" + n + ", p=" + p + ")", q);
    }

    /** Returns row 0 of Q (Yakimenka et al., eq. (3)): entry k is the probability the next update is k hops ahead (k = 0 means n hops). */
    public static double[] firstRow(int n, double p) {
        check(n, p);
        // (1 − p)/(1 − p^n) = 1/(1 + p + ... + p^{n−1}); the sum form has no cancellation.
        double norm = 0;
        double pk = 1;
        for (int k = 0; k < n; k++) {
            norm += pk;
            pk *= p;
        }
        double[] row = new double[n];
        pk = 1;
        for (int k = 1; k <= n; k++) {
            row[k % n] = pk / norm;
            pk *= p;
        }
        return row;
    }

    /** Returns ln|λ_1| for |λ_1| = (1 − p)/√(1 + p² − 2p cos(2π/n)) (Yakimenka et al., Lemma 3), accurate when |λ_1| is near 1. */
    public static double logLambda1(int n, double p) {
        check(n, p);
        double s = Math.sin(Math.PI / n);
        // 1 + p² − 2p cos θ = (1 − p)² + 4p sin²(θ/2).
        return -0.5 * Math.log1p(4 * p * s * s / ((1 - p) * (1 - p)));
    }

    /** Returns |λ_1| = (1 − p)/√(1 + p² − 2p cos(2π/n)) (Yakimenka et al., Lemma 3), the printed form. */
    public static double lambda1Printed(int n, double p) {
        check(n, p);
        return (1 - p) / Math.sqrt(1 + p * p - 2 * p * Math.cos(2 * Math.PI / n));
    }

    /** Returns |λ_1| (Yakimenka et al., Lemma 3) through {@link #logLambda1}. */
    public static double lambda1(int n, double p) {
        return Math.exp(logLambda1(n, p));
    }

    /** Returns √n |λ_1|^h, the Lemma 3 bound on ||π^(h) − π^(∞)||_1 (Yakimenka et al., eq. (4)). */
    public static double lemma3Bound(int n, double p, long h) {
        return Math.sqrt(n) * Math.exp(h * logLambda1(n, p));
    }

    /**
     * Returns ||π^(h) − u||_1 for h = 0..hMax, where π^(h) = π^(0) Q^h and u is uniform: the exact
     * left-hand side of Lemma 3 (Yakimenka et al., eq. (4)), by repeated multiplication.
     */
    public static double[] exactDistances(TransitionMatrix q, double[] initial, int hMax) {
        int n = q.n();
        double[] pi = initial.clone();
        double[] next = new double[n];
        double[] out = new double[hMax + 1];
        for (int h = 0; h <= hMax; h++) {
            double s = 0;
            for (double x : pi) {
                s += Math.abs(x - 1.0 / n);
            }
            out[h] = s;
            q.leftMultiply(pi, next);
            double[] t = pi;
            pi = next;
            next = t;
        }
        return out;
    }
}
