package rwdp.bounds.pndp;

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
final class LanczosInterval {
    private LanczosInterval() {}

    /**
     * Returns an interval containing the spectrum of W on 1⊥: Lanczos with full
     * reorthogonalisation from a seeded start vector, each end padded by twice its Ritz residual
     * (Parlett, The Symmetric Eigenvalue Problem, Thm. 4.5.1) plus a safety margin.
     */
    public static PairwiseMatrixFunction.Interval spectralInterval(TransitionMatrix w) {
        return spectralInterval(w, BASIS_MEMORY);
    }

    /**
     * Returns {@link #spectralInterval(TransitionMatrix)} with full reorthogonalisation when its basis of up to
     * {@value #MAX_LANCZOS} vectors fits in {@code basisBytes}, else by the three-term recurrence.
     */
    static PairwiseMatrixFunction.Interval spectralInterval(TransitionMatrix w, long basisBytes) {
        // Beyond the budget the three-vector recurrence is used: its extreme Ritz values still converge (Paige 1980).
        return (long) w.n() * MAX_LANCZOS * 8L > basisBytes ? spectralIntervalThreeTerm(w) : spectralIntervalFull(w);
    }

    /** Bytes of Lanczos basis above which {@link #spectralInterval(TransitionMatrix)} uses the three-term recurrence. */
    static final long BASIS_MEMORY = 256L << 20;

    /** Returns {@link #spectralInterval} computed with full reorthogonalisation (O(n·steps) memory). */
    static PairwiseMatrixFunction.Interval spectralIntervalFull(TransitionMatrix w) {
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
        Settling settling = new Settling(1e-10, 1e-8);
        for (int k = 0; k < m; k++) {
            w.rightMultiply(q[k], z);
            alpha[k] = Vectors.dot(z, q[k]);
            PairwiseMatrixFunction.project(z);
            for (int pass = 0; pass < 2; pass++) {
                for (int j = 0; j <= k; j++) {
                    double c = Vectors.dot(z, q[j]);
                    for (int i = 0; i < n; i++) {
                        z[i] -= c * q[j][i];
                    }
                }
                PairwiseMatrixFunction.project(z);
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
        return sturmExtreme(alpha, beta, steps, true);
    }

    /** Projects v on the complement of 𝟙 and of the orthonormal rows of phi. */
    private static void deflate(double[] v, double[][] phi) {
        PairwiseMatrixFunction.project(v);
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
        PairwiseMatrixFunction.project(v);
        Vectors.scale(1 / Vectors.norm(v), v);
        return v;
    }

    /**
     * Extreme Ritz values move monotonically towards λ₂ and λ_min: every 10 steps from step 40 on
     * this compares them with the previous check and says when both moved less than the tolerances
     * (relative to 1 − λ₂ at the top, absolute at the bottom); {@link #drift()} is the last move.
     */
    private static final class Settling {
        private final double hiTolerance;
        private final double loTolerance;
        private double lastHi = Double.NaN;
        private double lastLo = Double.NaN;
        private double drift;
        private boolean converged;

        Settling(double hiTolerance, double loTolerance) {
            this.hiTolerance = hiTolerance;
            this.loTolerance = loTolerance;
        }

        private boolean settled(double[] alpha, double[] beta, int steps) {
            if (steps < 40 || steps % 10 != 0) {
                return false;
            }
            double hiNow = sturmExtreme(alpha, beta, steps, true);
            double loNow = sturmExtreme(alpha, beta, steps, false);
            if (!Double.isNaN(lastHi)) {
                drift = Math.max(hiNow - lastHi, lastLo - loNow);
                if (hiNow - lastHi <= hiTolerance * (1 - hiNow) && lastLo - loNow <= loTolerance) {
                    return true;
                }
            }
            lastHi = hiNow;
            lastLo = loNow;
            return false;
        }

        /**
         * Says whether the recurrence stops after this step: at an invariant subspace (β below 1e-8: exact Ritz
         * values, no drift), at the step limit ({@code last}: drift from the last check, not converged), or once the
         * extremes settled.
         */
        boolean stop(double[] alpha, double[] beta, int steps, double betaK, boolean last) {
            if (betaK < 1e-8) {
                drift = 0;
                converged = true;
                return true;
            }
            if (last) {
                return true;
            }
            converged = settled(alpha, beta, steps);
            return converged;
        }

        double drift() {
            return drift;
        }

        /** Whether the run stopped because the extremes settled or the Krylov space was invariant. */
        boolean converged() {
            return converged;
        }
    }

    /** Returns the interval spanned by the Ritz values of the Lanczos tridiagonal, padded by residuals and drift. */
    private static PairwiseMatrixFunction.Interval ritzInterval(double[] alpha, double[] beta, int steps, double drift,
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
        return new PairwiseMatrixFunction.Interval(lower, upper, steps, lo, hi, ritz, weight, settled);
    }

    /**
     * Returns {@link #spectralInterval} from the plain three-term Lanczos recurrence (memory: four
     * vectors), for graphs too large to keep the basis. Without reorthogonalisation copies of
     * converged Ritz values reappear, but the extreme ones still approach λ₂ and λ_min from inside
     * and their residual bounds stay valid to rounding (Paige 1980); the same padding applies.
     */
    static PairwiseMatrixFunction.Interval spectralIntervalThreeTerm(TransitionMatrix w) {
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
        Settling settling = new Settling(1e-7, 1e-7);
        double bPrev = 0;
        for (int k = 0; k < m; k++) {
            w.rightMultiply(q, z);
            double a = Vectors.dot(z, q);
            alpha[k] = a;
            for (int i = 0; i < n; i++) {
                z[i] -= a * q[i] + bPrev * qPrev[i];
            }
            PairwiseMatrixFunction.project(z);
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

    /** Returns the largest (or smallest) eigenvalue of the k×k tridiagonal (alpha, beta) by Sturm bisection. */
    private static double sturmExtreme(double[] alpha, double[] beta, int k, boolean largest) {
        double lo = -1.5;
        double hi = 1.5;
        for (int it = 0; it < 80; it++) {
            double mid = 0.5 * (lo + hi);
            // Count eigenvalues below mid with the LDLᵀ recurrence.
            int below = 0;
            double d = 1;
            for (int i = 0; i < k; i++) {
                double b2 = i == 0 ? 0 : beta[i - 1] * beta[i - 1];
                d = alpha[i] - mid - (i == 0 ? 0 : b2 / d);
                if (d == 0) {
                    d = -1e-300;
                }
                if (d < 0) {
                    below++;
                }
            }
            boolean go = largest ? below < k : below < 1;
            if (go) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return 0.5 * (lo + hi);
    }
}
