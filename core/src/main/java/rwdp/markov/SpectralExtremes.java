package rwdp.markov;

import rwdp.check.InvalidArgumentException;

/**
 * λ2 and λmin of a transition matrix, the two eigenvalues the mixing quantities need: from the
 * dense spectrum for small or non-reversible chains, and by Lanczos on the sparse symmetrised
 * matrix D^(1/2) P D^(-1/2) of a reversible chain otherwise (Golub and Van Loan, Matrix
 * Computations, §10.1), so a million-node graph needs O(nnz) memory and seconds, not n².
 *
 * @param lambda2      second-largest eigenvalue (real part)
 * @param lambdaMin    smallest eigenvalue (real part)
 * @param slem         second-largest eigenvalue modulus (max(|λ2|, |λmin|) for a real spectrum)
 * @param lanczosSteps Lanczos iterations used; 0 when the dense spectrum was computed
 */
public record SpectralExtremes(double lambda2, double lambdaMin, double slem, int lanczosSteps) {

    /** Chains up to this many states get the dense spectrum (exact to rounding, about 5 s at 2000). */
    public static final int DENSE_LIMIT = 2000;

    /** Flops Lanczos may spend before it gives up (about a minute on one core). */
    static final double WORK_LIMIT = 5e10;

    /** Relative accuracy of the Lanczos values: |error of λ2| ≤ TOLERANCE·(1 − λ2), likewise 1 + λmin. */
    public static final double TOLERANCE = 1e-6;

    /** Returns λ_P = (max(|λ2|, |λmin|) + 1)/2 (Ayache et al., §III; Wang et al., Def. 4). */
    public double lambdaP() {
        return (slem + 1) / 2;
    }

    /** Returns the spectral gap 1 − λ2. */
    public double spectralGap() {
        return 1 - lambda2;
    }

    /** Returns the absolute spectral gap 1 − max(|λ2|, |λmin|) (Levin and Peres, §12.2). */
    public double absoluteSpectralGap() {
        return 1 - slem;
    }

    /**
     * Returns λ2 and λmin of {@code p} (at least 2 states): dense for at most {@link #DENSE_LIMIT}
     * states or a non-reversible chain, Lanczos for a larger reversible one.
     *
     * @throws InvalidArgumentException when p has fewer than 2 states, or the Lanczos iteration does not converge
     *     (see the message)
     */
    public static SpectralExtremes of(TransitionMatrix p) {
        if (p.n() < 2) {
            throw new InvalidArgumentException("a chain with " + p.n() + " state has no second eigenvalue; use at least 2 nodes");
        }
        double[] mu = p.n() > DENSE_LIMIT ? p.reversibleMeasure() : null;
        if (mu == null) {
            Spectrum s = p.spectrum();
            return new SpectralExtremes(s.lambda2(), s.lambdaMin(), s.slem(), 0);
        }
        // Each step costs about 2·nnz + 10·n flops; the cap keeps a run to about a minute on one core.
        long budget = (long) (WORK_LIMIT / (2.0 * p.nonZeros() + 10.0 * p.n()));
        int maxSteps = (int) Math.max(300, Math.min(3L * p.n(), Math.min(budget, 1_000_000)));
        return lanczos(p, mu, maxSteps, p.isIrreducible());
    }

    /**
     * Returns λ2 and λmin of the reversible {@code p} with detailed-balance measure {@code mu}
     * (any positive scale per connected piece) by Lanczos without reorthogonalisation, the
     * stationary direction projected out at every step; converged when each end's error bound
     * min(r, r²/δ) (r the Ritz residual, δ the distance to the next Ritz value; Parlett, The
     * Symmetric Eigenvalue Problem, §11.7) is below {@link #TOLERANCE} of its gap.
     */
    static SpectralExtremes lanczos(TransitionMatrix p, double[] mu, int maxSteps, boolean irreducible) {
        int n = p.n();
        double[] sq = new double[n];
        double s = 0;
        for (double m : mu) {
            s += m;
        }
        double[] invSq = new double[n];
        for (int i = 0; i < n; i++) {
            sq[i] = Math.sqrt(mu[i] / s);
            invSq[i] = 1 / sq[i];
        }
        double[] alpha = new double[Math.min(maxSteps, 1024)];
        double[] beta = new double[alpha.length];
        // A fixed, deterministic start (a Weyl sequence, no random generator): nothing random is
        // estimated, and a start orthogonal to an eigenvector is not a Weyl sequence's property.
        double[] q = new double[n];
        double phi = (Math.sqrt(5) - 1) / 2;
        for (int i = 0; i < n; i++) {
            q[i] = (i * phi) % 1.0 - 0.5;
        }
        project(q, sq);
        scale(q, 1 / norm(q));
        double[] qPrev = new double[n];
        double[] y = new double[n];
        double[] z = new double[n];
        double hi = Double.NaN;
        double lo = Double.NaN;
        int k = 0;
        int nextCheck = 20;
        for (; k < maxSteps; k++) {
            if (k == alpha.length) {
                alpha = java.util.Arrays.copyOf(alpha, Math.min(maxSteps, 2 * k));
                beta = java.util.Arrays.copyOf(beta, alpha.length);
            }
            // z = S q with S = D^(1/2) P D^(-1/2), then the three-term recurrence and the projection
            // off the stationary direction, each fused into one pass over the vectors.
            for (int i = 0; i < n; i++) {
                y[i] = q[i] * invSq[i];
            }
            p.rightMultiply(y, z);
            double a = 0;
            for (int i = 0; i < n; i++) {
                z[i] *= sq[i];
                a += z[i] * q[i];
            }
            double bPrev = k == 0 ? 0 : beta[k - 1];
            double c = 0;
            for (int i = 0; i < n; i++) {
                z[i] -= a * q[i] + bPrev * qPrev[i];
                c += z[i] * sq[i];
            }
            double nn = 0;
            for (int i = 0; i < n; i++) {
                z[i] -= c * sq[i];
                nn += z[i] * z[i];
            }
            double b = Math.sqrt(nn);
            alpha[k] = a;
            beta[k] = b;
            int steps = k + 1;
            boolean invariant = b < 1e-12;
            if (invariant || steps == maxSteps || steps == nextCheck) {
                // A check costs O(steps): spacing them 10% apart keeps their total cost proportional to the last one.
                nextCheck = Math.max(steps + 20, steps + steps / 10);
                hi = extreme(alpha, beta, steps, true, Double.POSITIVE_INFINITY);
                lo = extreme(alpha, beta, steps, false, Double.NEGATIVE_INFINITY);
                // A reducible chain has λ2 = 1 (one eigenvalue 1 per closed class): only λmin is sought.
                if (invariant || ((!irreducible || converged(alpha, beta, steps, hi, true))
                        && converged(alpha, beta, steps, lo, false))) {
                    k = steps;
                    break;
                }
            }
            double[] t = qPrev;
            qPrev = q;
            q = t;
            double inv = 1 / b;
            for (int i = 0; i < n; i++) {
                q[i] = z[i] * inv;
            }
        }
        if (k >= maxSteps) {
            throw new InvalidArgumentException(String.format(java.util.Locale.ROOT,
                    "lambda2 and lambda_min of %s did not converge in %d Lanczos steps (spectral gap about %.2g is too small"
                            + " for %d states); use a smaller graph", p.name(), maxSteps, 1 - hi, n));
        }
        hi = irreducible ? Math.min(hi, 1) : 1;
        lo = Math.max(lo, -1);
        return new SpectralExtremes(hi, lo, Math.max(Math.abs(hi), Math.abs(lo)), k);
    }

    /** Returns whether the extreme Ritz value {@code theta} has its error bound below TOLERANCE of its gap. */
    private static boolean converged(double[] alpha, double[] beta, int k, double theta, boolean top) {
        double r = Math.abs(beta[k - 1] * lastComponent(alpha, beta, k, theta));
        double gap = top ? 1 - theta : 1 + theta;
        double target = TOLERANCE * Math.max(gap, 1e-10);
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
    private static double extreme(double[] alpha, double[] beta, int k, boolean top, double bound) {
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
        // The target-th smallest eigenvalue: count(x) >= target exactly when x is above it.
        for (int it = 0; it < 200; it++) {
            double mid = 0.5 * (lo + hi);
            if (mid <= lo || mid >= hi) {
                // The bracket is two adjacent doubles: nothing left to halve.
                break;
            }
            if (countBelow(alpha, beta, k, mid) >= target) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return 0.5 * (lo + hi);
    }

    /** Returns the number of eigenvalues of the k×k tridiagonal (alpha, beta) below x (LDLᵀ signs). */
    private static int countBelow(double[] alpha, double[] beta, int k, double x) {
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

    private static void project(double[] v, double[] u) {
        double c = dot(v, u);
        for (int i = 0; i < v.length; i++) {
            v[i] -= c * u[i];
        }
    }

    private static double dot(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static double norm(double[] a) {
        return Math.sqrt(dot(a, a));
    }

    private static void scale(double[] a, double s) {
        for (int i = 0; i < a.length; i++) {
            a[i] *= s;
        }
    }
}
