package rwdp.spectral;

import rwdp.numerics.Bisection;


/**
 * The symmetric tridiagonal matrices Lanczos builds (diagonal alpha, off-diagonal beta): the one Sturm count of their
 * eigenvalues below a point (the signs of the LDLᵀ pivots; Golub and Van Loan, Matrix Computations, §8.4.1), the
 * extreme eigenvalues by bisection on it, and the convergence test of an extreme Ritz value (Parlett, The Symmetric
 * Eigenvalue Problem, §11.7).
 */
final class Tridiagonal {
    private Tridiagonal() {}

    /** Returns whether the extreme Ritz value {@code theta} has its error bound below TOLERANCE of its gap. */
    static boolean converged(double[] alpha, double[] beta, int k, double theta, boolean top) {
        double r = Math.abs(beta[k - 1] * lastComponent(alpha, beta, k, theta));
        double gap = top ? 1 - theta : 1 + theta;
        double target = SpectralExtremes.TOLERANCE * Math.max(gap, 1e-10);
        if (r <= target) {
            return true;
        }
        // δ: distance to the nearest Ritz value that is not a copy of theta (copies lie within r).
        double next = top ? extreme(alpha, beta, k, true, theta - 10 * r) : extreme(alpha, beta, k, false, theta + 10 * r);
        double delta = Math.abs(theta - next);
        return Double.isFinite(next) && delta > 0 && r * r / delta <= target;
    }

    /**
     * Returns the largest eigenvalue of the k×k tridiagonal below {@code bound} (top) or the
     * smallest above it (bottom), by Sturm-count bisection; ±∞ bound means none.
     */
    static double extreme(double[] alpha, double[] beta, int k, boolean top, double bound) {
        double lo = -1.5;
        double hi = 1.5;
        if (top) {
            hi = Math.min(hi, bound);
            if (countBelow(alpha, beta, k, hi) == 0) {
                return Double.NaN;
            }
        } else {
            lo = Math.max(lo, bound);
            if (countBelow(alpha, beta, k, lo) == k) {
                return Double.NaN;
            }
        }
        int target = top ? countBelow(alpha, beta, k, hi) : countBelow(alpha, beta, k, lo) + 1;
        // The target-th smallest eigenvalue: count(x) >= target exactly when x is above it; halved until the bracket
        // is two adjacent doubles.
        return Bisection.search(lo, hi, 200, Bisection.ADJACENT, mid -> countBelow(alpha, beta, k, mid) >= target).mid();
    }

    /**
     * Returns the largest (or smallest) eigenvalue of the k×k tridiagonal (alpha, beta) by 80 halvings of [−1.5, 1.5]
     * on {@link #countBelow}.
     */
    static double sturmExtreme(double[] alpha, double[] beta, int k, boolean largest) {
        return Bisection.search(-1.5, 1.5, 80, Bisection.NEVER, mid -> {
            int below = countBelow(alpha, beta, k, mid);
            return !(largest ? below < k : below < 1);
        }).mid();
    }

    /** Returns the number of eigenvalues of the k×k tridiagonal (alpha, beta) below x (LDLᵀ signs). */
    static int countBelow(double[] alpha, double[] beta, int k, double x) {
        int below = 0;
        double d = 1;
        for (int i = 0; i < k; i++) {
            d = alpha[i] - x - (i == 0 ? 0 : beta[i - 1] * beta[i - 1] / d);
            if (d == 0) {
                d = -1e-300;
            }
            if (d < 0) {
                below++;
            }
        }
        return below;
    }

    /** Returns the last component of the unit eigenvector of the tridiagonal for eigenvalue theta (inverse iteration). */
    private static double lastComponent(double[] alpha, double[] beta, int k, double theta) {
        double shift = theta + 1e-14 * Math.max(1, Math.abs(theta));
        double[] x = new double[k];
        java.util.Arrays.fill(x, 1 / Math.sqrt(k));
        double[] c = new double[k];
        double[] d = new double[k];
        for (int it = 0; it < 3; it++) {
            // Thomas algorithm on (T − shift I) x_new = x.
            double den = alpha[0] - shift;
            c[0] = k > 1 ? beta[0] / nonZero(den) : 0;
            d[0] = x[0] / nonZero(den);
            for (int i = 1; i < k; i++) {
                den = alpha[i] - shift - beta[i - 1] * c[i - 1];
                c[i] = i + 1 < k ? beta[i] / nonZero(den) : 0;
                d[i] = (x[i] - beta[i - 1] * d[i - 1]) / nonZero(den);
            }
            x[k - 1] = d[k - 1];
            for (int i = k - 2; i >= 0; i--) {
                x[i] = d[i] - c[i] * x[i + 1];
            }
            double nx = norm(x);
            if (!(nx > 0) || !Double.isFinite(nx)) {
                return 1;
            }
            scale(x, 1 / nx);
        }
        return x[k - 1];
    }

    private static double nonZero(double x) {
        return x == 0 ? 1e-300 : x;
    }

    private static double norm(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x * x;
        }
        return Math.sqrt(s);
    }

    private static void scale(double[] a, double s) {
        for (int i = 0; i < a.length; i++) {
            a[i] *= s;
        }
    }
}
