package rwdp.spectral;

import java.util.SplittableRandom;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;
import rwdp.model.Vectors;

/**
 * An interval containing the spectrum of W on 1⊥ by Lanczos (full reorthogonalisation, or the three-term recurrence
 * when the basis would not fit), where the Chebyshev expansion of the PNDP matrix function is built (Cyffers et al.,
 * Thm. 3, App. B).
 */
final class Lanczos {
    private Lanczos() {}

    /**
     * Returns an interval containing the spectrum of W on 1⊥: Lanczos with full
     * reorthogonalisation from a seeded start vector, each end padded by twice its Ritz residual
     * (Parlett, The Symmetric Eigenvalue Problem, Thm. 4.5.1) plus a safety margin.
     */
    public static SpectralInterval spectralInterval(TransitionMatrix w) {
        return spectralInterval(w, BASIS_MEMORY);
    }

    /**
     * Returns {@link #spectralInterval(TransitionMatrix)} with full reorthogonalisation when its basis of up to
     * {@value #MAX_LANCZOS} vectors fits in {@code basisBytes}, else by the three-term recurrence.
     */
    static SpectralInterval spectralInterval(TransitionMatrix w, long basisBytes) {
        // Beyond the budget the three-vector recurrence is used: its extreme Ritz values still converge (Paige 1980).
        return (long) w.n() * MAX_LANCZOS * 8L > basisBytes ? spectralIntervalThreeTerm(w) : spectralIntervalFull(w);
    }

    /** Bytes of Lanczos basis above which {@link #spectralInterval(TransitionMatrix)} uses the three-term recurrence. */
    static final long BASIS_MEMORY = 256L << 20;

    /** Returns {@link #spectralInterval} computed with full reorthogonalisation (O(n·steps) memory). */
    static SpectralInterval spectralIntervalFull(TransitionMatrix w) {
        int n = w.n();
        int m = Math.min(n - 1, MAX_LANCZOS);
        if (m < 1) {
            throw new InvalidArgumentException("need at least 2 nodes");
        }
        double[][] q = new double[m + 1][];
        double[] alpha = new double[m];
        double[] beta = new double[m];
        q[0] = startVector(n);
        double[] z = new double[n];
        int steps = 0;
        RitzSettling settling = new RitzSettling(1e-10, 1e-8);
        for (int k = 0; k < m; k++) {
            w.rightMultiply(q[k], z);
            alpha[k] = Vectors.dot(z, q[k]);
            MatrixFunctions.project(z);
            for (int pass = 0; pass < 2; pass++) {
                for (int j = 0; j <= k; j++) {
                    double c = Vectors.dot(z, q[j]);
                    for (int i = 0; i < n; i++) {
                        z[i] -= c * q[j][i];
                    }
                }
                MatrixFunctions.project(z);
            }
            steps = k + 1;
            double bk = Vectors.norm(z);
            beta[k] = bk;
            if (settling.stop(alpha, beta, steps, bk, k == m - 1)) {
                break;
            }
            q[k + 1] = z.clone();
            Vectors.scale(1 / bk, q[k + 1]);
        }
        // The whole of 1⊥ spanned (m = n − 1) also gives exact Ritz values.
        return ritzInterval(alpha, beta, steps, settling.drift(), settling.converged() || m == n - 1);
    }

    /**
     * Returns the largest Ritz value of W restricted to the complement of 𝟙 and of the first {@code k} columns of
     * {@code basis} (n×s, orthonormal): a lower bound on the top of that remainder's spectrum, from at most
     * {@code maxSteps} Lanczos steps with full reorthogonalisation. The deflated PNDP path compares it with the
     * first Ritz value it kept out, to catch an eigenvalue the block missed.
     */
    static double remainderTop(TransitionMatrix w, double[][] basis, int k, int maxSteps) {
        int n = w.n();
        int m = Math.min(n - 1 - k, maxSteps);
        if (m < 1) {
            return Double.NEGATIVE_INFINITY;
        }
        double[][] phi = new double[k][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < k; j++) {
                phi[j][i] = basis[i][j];
            }
        }
        double[][] q = new double[m + 1][];
        double[] alpha = new double[m];
        double[] beta = new double[m];
        double[] v = startVector(n);
        deflate(v, phi);
        Vectors.scale(1 / Vectors.norm(v), v);
        q[0] = v;
        double[] z = new double[n];
        int steps = 0;
        for (int j = 0; j < m; j++) {
            w.rightMultiply(q[j], z);
            alpha[j] = Vectors.dot(z, q[j]);
            for (int pass = 0; pass < 2; pass++) {
                deflate(z, phi);
                for (int i = 0; i <= j; i++) {
                    double c = Vectors.dot(z, q[i]);
                    for (int t = 0; t < n; t++) {
                        z[t] -= c * q[i][t];
                    }
                }
            }
            steps = j + 1;
            double bj = Vectors.norm(z);
            beta[j] = bj;
            if (bj < 1e-10 || j == m - 1) {
                break;
            }
            q[j + 1] = z.clone();
            Vectors.scale(1 / bj, q[j + 1]);
        }
        return Tridiagonal.sturmExtreme(alpha, beta, steps, true);
    }

    /** Projects v on the complement of 𝟙 and of the orthonormal rows of phi. */
    private static void deflate(double[] v, double[][] phi) {
        MatrixFunctions.project(v);
        for (double[] p : phi) {
            double c = Vectors.dot(v, p);
            for (int t = 0; t < v.length; t++) {
                v[t] -= c * p[t];
            }
        }
    }

    /** Returns the seeded random unit start vector in 1⊥ both recurrences use (fixed seed: the interval is a property of W). */
    private static double[] startVector(int n) {
        SplittableRandom rng = new SplittableRandom(0x5EEDL);
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = rng.nextGaussian();
        }
        MatrixFunctions.project(v);
        Vectors.scale(1 / Vectors.norm(v), v);
        return v;
    }

    /** Returns the interval spanned by the Ritz values of the Lanczos tridiagonal, padded by residuals and drift. */
    private static SpectralInterval ritzInterval(double[] alpha, double[] beta, int steps, double drift,
                                                                boolean settled) {
        DMatrixRMaj t = new DMatrixRMaj(steps, steps);
        for (int k = 0; k < steps; k++) {
            t.set(k, k, alpha[k]);
            if (k + 1 < steps) {
                t.set(k, k + 1, beta[k]);
                t.set(k + 1, k, beta[k]);
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(steps, true, true);
        if (!eig.decompose(t)) {
            throw new IllegalStateException("Lanczos tridiagonal eigendecomposition failed");
        }
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        double rLo = 0;
        double rHi = 0;
        double[][] quad = new double[steps][];
        for (int k = 0; k < steps; k++) {
            double first = eig.getEigenVector(k).get(0, 0);
            quad[k] = new double[] {eig.getEigenvalue(k).real, first * first};
        }
        java.util.Arrays.sort(quad, (x, y) -> Double.compare(y[0], x[0]));
        double[] ritz = new double[steps];
        double[] weight = new double[steps];
        for (int k = 0; k < steps; k++) {
            ritz[k] = quad[k][0];
            weight[k] = quad[k][1];
        }
        for (int k = 0; k < steps; k++) {
            // W's spectrum lies in [−1, 1] and λ₂ < 1 for an irreducible chain: rounding must not say otherwise.
            double theta = Math.max(-1, Math.min(eig.getEigenvalue(k).real, 1 - 1e-9));
            double resid = Math.abs(beta[steps - 1] * eig.getEigenVector(k).get(steps - 1, 0));
            if (theta < lo) {
                lo = theta;
                rLo = resid;
            }
            if (theta > hi) {
                hi = theta;
                rHi = resid;
            }
        }
        // Pad by the residual bound and by the last observed drift of the extreme Ritz values.
        double lower = Math.max(-1, lo - 2 * rLo - 10 * drift - 1e-8);
        double upper = hi + 2 * rHi + 10 * drift + 1e-8 * (1 - hi);
        upper = Math.min(upper, 1 - 0.5 * (1 - hi));
        if (!(upper > lower)) {
            upper = lower + 1e-6;
        }
        return new SpectralInterval(lower, upper, steps, lo, hi, ritz, weight, settled);
    }

    /**
     * Returns {@link #spectralInterval} from the plain three-term Lanczos recurrence (memory: four
     * vectors), for graphs too large to keep the basis. Without reorthogonalisation copies of
     * converged Ritz values reappear, but the extreme ones still approach λ₂ and λ_min from inside
     * and their residual bounds stay valid to rounding (Paige 1980); the same padding applies.
     */
    static SpectralInterval spectralIntervalThreeTerm(TransitionMatrix w) {
        int n = w.n();
        int m = Math.min(n - 1, MAX_LANCZOS_THREE_TERM);
        if (m < 1) {
            throw new InvalidArgumentException("need at least 2 nodes");
        }
        double[] alpha = new double[m];
        double[] beta = new double[m];
        double[] q = startVector(n);
        double[] qPrev = new double[n];
        double[] z = new double[n];
        int steps = 0;
        // Large graphs have spectra dense up to their edges, where Ritz values creep in like 1/m²:
        // stop once they move by less than 1e-7 per 10 steps and pad by the drift (ritzInterval).
        RitzSettling settling = new RitzSettling(1e-7, 1e-7);
        double bPrev = 0;
        for (int k = 0; k < m; k++) {
            w.rightMultiply(q, z);
            double a = Vectors.dot(z, q);
            alpha[k] = a;
            for (int i = 0; i < n; i++) {
                z[i] -= a * q[i] + bPrev * qPrev[i];
            }
            MatrixFunctions.project(z);
            // Local reorthogonalisation against the last two vectors only.
            double c = Vectors.dot(z, q);
            double c2 = Vectors.dot(z, qPrev);
            for (int i = 0; i < n; i++) {
                z[i] -= c * q[i] + c2 * qPrev[i];
            }
            alpha[k] += c;
            steps = k + 1;
            double bk = Vectors.norm(z);
            beta[k] = bk;
            if (settling.stop(alpha, beta, steps, bk, k == m - 1)) {
                break;
            }
            double[] t = qPrev;
            qPrev = q;
            q = t;
            for (int i = 0; i < n; i++) {
                q[i] = z[i] / bk;
            }
            bPrev = bk;
        }
        return ritzInterval(alpha, beta, steps, 2 * settling.drift(), settling.converged());
    }

    /** Upper limit on Lanczos steps for {@link #spectralInterval}. */
    static final int MAX_LANCZOS = 400;

    /** Upper limit on steps of the three-term recurrence (each costs one sparse product over a large graph). */
    static final int MAX_LANCZOS_THREE_TERM = 150;

    /**
     * Returns λ2 and λmin of the reversible {@code p} with detailed-balance measure {@code mu}
     * (any positive scale per connected piece) by Lanczos without reorthogonalisation, the
     * stationary direction projected out at every step; converged when each end's error bound
     * min(r, r²/δ) (r the Ritz residual, δ the distance to the next Ritz value; Parlett, The
     * Symmetric Eigenvalue Problem, §11.7) is below {@link SpectralExtremes#TOLERANCE} of its gap.
     */
    static SpectralExtremes extremes(TransitionMatrix p, double[] mu, int maxSteps, boolean irreducible) {
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
        projectOut(q, sq);
        scaleBy(q, 1 / Math.sqrt(dotOf(q, q)));
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
                hi = Tridiagonal.extreme(alpha, beta, steps, true, Double.POSITIVE_INFINITY);
                lo = Tridiagonal.extreme(alpha, beta, steps, false, Double.NEGATIVE_INFINITY);
                // A reducible chain has λ2 = 1 (one eigenvalue 1 per closed class): only λmin is sought.
                if (invariant || ((!irreducible || Tridiagonal.converged(alpha, beta, steps, hi, true))
                        && Tridiagonal.converged(alpha, beta, steps, lo, false))) {
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

    private static void projectOut(double[] v, double[] u) {
        double c = dotOf(v, u);
        for (int i = 0; i < v.length; i++) {
            v[i] -= c * u[i];
        }
    }

    private static double dotOf(double[] a, double[] b) {
        double s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i] * b[i];
        }
        return s;
    }

    private static void scaleBy(double[] a, double s) {
        for (int i = 0; i < a.length; i++) {
            a[i] *= s;
        }
    }
}
