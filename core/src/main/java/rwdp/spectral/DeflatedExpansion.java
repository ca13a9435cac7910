package rwdp.spectral;

import java.util.Arrays;
import java.util.Locale;
import rwdp.markov.TransitionMatrix;

/**
 * The Chebyshev expansion of f(W − J/n) with W's top eigenpairs deflated (Cyffers et al., Thm. 3, App. B):
 * f(W − J/n) = p(W − J/n) + Σ_{i≤k} (f(θ_i) − p(θ_i)) φ_iφ_iᵀ, p fitted on [λ_min, θ_{k+1}] only.
 *
 * <p>f = −ln(1 − x) is singular at 1, so the plain expansion's degree grows like 1/√(1 − λ₂): 480 on a 45×45 grid,
 * 190 on a random geometric graph. Their top eigenvalues crowd near 1 (the graphs' smooth modes); once the k largest
 * are split off, the interval ends at θ_{k+1}, far from 1, and the degree drops to 58 and 21. The eigenpairs come
 * from {@link TopEigenpairs}; on the deflated directions p is evaluated at θ_i as a scalar and replaced by f(θ_i).
 *
 * <p>Exactness. p(W) never sees the deflated directions differently from any other: on an exact eigenvector it gives
 * p(λ) and the correction turns it into f(λ). With Ritz pairs of residual r_i the error is at most
 * Σ_i 2|f(θ_i) − p(θ_i)|·r_i/(θ_i − b) in operator norm (Davis–Kahan: each Ritz vector's part outside the deflated
 * eigenspace is at most r_i/(θ_i − b), b the top of the rest), which {@link #deflate} computes and requires to be
 * within {@link #acceptedError} of max|f|. A Lanczos run on the remainder checks that the block missed no eigenvalue above θ_{k+1}.
 */
final class DeflatedExpansion {
    private DeflatedExpansion() {}

    /** Ritz pairs count as converged below this residual (‖W‖ = 1). */
    static final double RESIDUAL = 1e-13;

    /** Lanczos steps of the check for a missed eigenvalue (an isolated one above the cut is found within tens). */
    static final int REMAINDER_STEPS = 60;

    /** Bytes the block iteration may hold (about six n×s blocks). */
    static final long MEMORY = 512L << 20;

    /** Largest block of the subspace iteration. */
    static final int MAX_BLOCK = 96;

    /**
     * Returns {@code plain} with its top eigenpairs deflated when that is accurate and (unless {@code force}) cheaper
     * for {@code vectors} applications, else {@code plain} with the reason in its note.
     */
    static MatrixFunctionOperator deflate(MatrixFunctionOperator plain, TransitionMatrix w, SpectralFunction f, double tol, boolean force, long vectors) {
        return deflate(plain, w, f, tol, force, vectors, plain.degree());
    }

    /** As {@link #deflate(MatrixFunctionOperator, TransitionMatrix, SpectralFunction, double, boolean, long)} with the plain
     *  expansion's degree given (infinite when it is out of reach and {@code plain} only carries W and the interval). */
    static MatrixFunctionOperator deflate(MatrixFunctionOperator plain, TransitionMatrix w, SpectralFunction f, double tol, boolean force, long vectors,
                                double plainDegree) {
        int n = plain.n();
        // A block of ~n/20 vectors (16 to 96): enough to reach the graph's smooth modes, small next to n.
        int s = Math.min(Math.min(MAX_BLOCK, Math.max(16, n / 20)), (n - 1) / 3);
        if (s < 8) {
            return plain.withNote("graph too small to deflate (n = " + n + ")");
        }
        if (6L * n * s * 8L > MEMORY) {
            return plain.withNote("deflation would need " + (6L * n * s * 8L >> 20) + " MB of blocks");
        }
        SpectralInterval iv = plain.interval();
        // An unsettled Lanczos run may have stopped short of λ_min too: take Gershgorin's bound, which is rigorous.
        double lo = iv.settled() ? iv.lower() : plain.gershgorinLower();
        double perDegree = plain.nonZeros() + 3.0 * n;
        double plainCost = vectors * perDegree * plainDegree;
        // The block's cost, calibrated on grids, geometric and ER graphs at n = 2048 (about six filters of degree 20,
        // their orthonormalisation and Rayleigh–Ritz steps, which run at half the kernel's speed), against the degree
        // it would save: the quadrature of the Lanczos run says where the (2s/3)-th eigenvalue lies.
        double blockCost = 2 * (6.0 * 20 * s * perDegree + 6.0 * 6 * (double) n * s * s);
        int target = (2 * s) / 3;
        double level = iv.levelWithCount(target + 1, n - 1);
        double saved = level > lo && level < iv.upper()
                ? vectors * (perDegree * (plainDegree - estimatedDegree(lo, level, tol)) - (double) n * target) : 0;
        if (!force && saved < 1.5 * blockCost) {
            return plain.withNote(String.format(Locale.ROOT, "not worth it: degree %.0f for %d vector(s)", plainDegree, vectors));
        }
        TopEigenpairs.Pairs pairs = TopEigenpairs.compute(plain.csr(), lo,
                iv.levelWithCount(s, n - 1), s, RESIDUAL, 12);
        double[] th = pairs.theta();
        double[] res = pairs.residual();
        // k deflated needs θ_{k+1} converged too: it bounds the rest of the spectrum.
        int best = 0;
        double bestCost = plainCost;
        for (int k = 1; k < pairs.converged(); k++) {
            double upper = th[k] + pad(res[k]);
            if (!(th[k - 1] > upper) || !(upper > lo)) {
                continue;
            }
            double cost = vectors * (perDegree * estimatedDegree(lo, upper, tol) + (double) n * k);
            if (cost < bestCost) {
                bestCost = cost;
                best = k;
            }
        }
        if (best == 0) {
            return plain.withNote(String.format(Locale.ROOT, "no gain: %d eigenpairs converged in %d filter iterations",
                    pairs.converged(), pairs.iterations()));
        }
        int k = best;
        double upper = th[k] + pad(res[k]);
        double missed = Lanczos.remainderTop(w, pairs.vectors(), k, REMAINDER_STEPS);
        if (missed > upper) {
            return plain.withNote(String.format(Locale.ROOT,
                    "an eigenvalue %.6g above the cut %.6g was missed by the block; plain expansion kept", missed, upper));
        }
        SpectralInterval cut = iv.with(lo, upper, th[k]);
        double[] coeffs = ChebyshevExpansion.chebyshevDegree(f, cut, tol);
        double s1 = 2 / (cut.upper() - cut.lower());
        double s0 = (cut.upper() + cut.lower()) / (cut.upper() - cut.lower());
        double[] theta = new double[k];
        double[] correction = new double[k];
        double fmax = Math.max(Math.abs(f.apply(th[0])), Math.abs(f.apply(lo)));
        double error = 0;
        for (int i = 0; i < k; i++) {
            theta[i] = th[i];
            correction[i] = f.apply(th[i]) - clenshaw(coeffs, s1 * th[i] - s0);
            error += 2 * Math.abs(correction[i]) * res[i] / (th[i] - upper);
        }
        error /= fmax;
        if (!(error <= acceptedError(tol))) {
            return plain.withNote(String.format(Locale.ROOT,
                    "deflating %d eigenpairs would be accurate only to %.2g of max|f| (accepted: %.2g)", k, error,
                    acceptedError(tol)));
        }
        double[][] basis = pairs.vectors();
        double[][] phi = new double[n][];
        for (int v = 0; v < n; v++) {
            phi[v] = Arrays.copyOf(basis[v], k);
        }
        return plain.withDeflation(cut, coeffs, phi, theta, correction, error);
    }

    /**
     * Returns the largest a-posteriori error bound (relative to max|f|) accepted for a deflation: 10·tol, but never
     * below 1e-11, where Ritz residuals at the rounding floor (~1e-15) meet gaps of ~1e-4 (long rings and paths).
     */
    static double acceptedError(double tol) {
        return Math.max(10 * tol, 1e-11);
    }

    /** Padding above a converged Ritz value θ_{k+1}: an eigenvalue lies within its residual, plus rounding. */
    private static double pad(double residual) {
        return 2 * residual + 1e-9;
    }

    /**
     * Returns the degree a Chebyshev expansion of −ln(1 − x) on [a, b] needs for {@code tol}: ln(1/tol)/ln ρ with ρ
     * the Bernstein ellipse parameter of the singularity at 1 (Trefethen, Approximation Theory and Approximation
     * Practice, Thm. 8.2).
     */
    static double estimatedDegree(double a, double b, double tol) {
        double x = (2 - a - b) / (b - a);
        return Math.log(1 / tol) / Math.log(x + Math.sqrt(x * x - 1));
    }

    /** Returns Σ c_k T_k(x) by Clenshaw's recurrence (valid for any real x, including |x| > 1). */
    static double clenshaw(double[] c, double x) {
        double b1 = 0;
        double b2 = 0;
        for (int k = c.length - 1; k >= 1; k--) {
            double b0 = 2 * x * b1 - b2 + c[k];
            b2 = b1;
            b1 = b0;
        }
        return c[0] + x * b1 - b2;
    }
}
