package rwdp.model;

import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.CommonOps_DDRM;
import rwdp.check.InvalidArgumentException;

/**
 * A deterministic solver for w* = argmin over the ball ||w|| ≤ R of f(w) = (1/N) Σ f_i(w) for a
 * {@link LogisticLoss} (Ayache et al., §V needs f(w*) to measure errors). Damped Newton while
 * the iterate stays inside the ball; if the unconstrained minimiser lies outside, accelerated
 * projected gradient (FISTA with restart) on the ball.
 */
public final class LogisticSolver {
    private LogisticSolver() {}

    /**
     * The solution.
     *
     * @param w          the minimiser
     * @param value      f(w)
     * @param residual   the KKT residual: ||∇f(w)|| inside the ball, ||w − Π(w − ∇f(w)/L)||·L on its boundary
     * @param iterations iterations used
     * @param onBoundary whether the constraint is active
     */
    public record Solution(double[] w, double value, double residual, int iterations, boolean onBoundary)
            implements java.io.Serializable {
        public Solution {
            w = w.clone();
        }

        /** Returns a copy of the minimiser. */
        @Override
        public double[] w() {
            return w.clone();
        }
    }

    /**
     * Returns w* on the ball of radius {@code radius}, to KKT residual {@code tol} (e.g. 1e-10).
     *
     * @throws InvalidArgumentException when radius &lt;= 0
     */
    public static Solution solve(LogisticLoss loss, double radius, double tol) {
        if (!(radius > 0)) {
            throw new InvalidArgumentException("radius must be positive, got " + radius);
        }
        int d = loss.dimension();
        double[] w = new double[d];
        double[] g = new double[d];
        double[] scratch = new double[d];
        double[] trial = new double[d];
        int samples = totalSamples(loss);
        double[][] gram = throughGram(samples, d, loss.ridge()) ? gram(loss, samples) : null;
        double best = Double.POSITIVE_INFINITY;
        int sinceBest = 0;
        for (int it = 1; it <= 200; it++) {
            loss.averageGradient(w, g, scratch);
            double gn = Vectors.norm(g);
            if (gn <= tol) {
                return new Solution(w, loss.average(w), gn, it, false);
            }
            // Newton halves the gradient at every step near w*; one within 1000·tol that has not
            // halved in STALL steps sits at rounding level (e.g. 1.5e-10 at d = 30000): more steps
            // cannot reach tol, and each costs line searches over the data.
            if (gn < 0.5 * best || gn > 1e3 * tol) {
                best = Math.min(best, gn);
                sinceBest = 0;
            } else if (++sinceBest >= STALL) {
                return new Solution(w, loss.average(w), gn, it, false);
            }
            double[] step = gram != null ? gramNewtonStep(loss, w, g, gram) : newtonStep(loss, w, g);
            double f0 = loss.average(w);
            double slope = -Vectors.dot(g, step);
            double t = 1;
            while (t > 1e-12) {
                for (int k = 0; k < d; k++) {
                    trial[k] = w[k] + t * step[k];
                }
                if (loss.average(trial) <= f0 + 1e-4 * t * slope) {
                    break;
                }
                t /= 2;
            }
            System.arraycopy(trial, 0, w, 0, d);
            if (Vectors.norm(w) > radius) {
                return projectedGradient(loss, radius, tol);
            }
            if (t <= 1e-12) {
                break;
            }
        }
        loss.averageGradient(w, g, scratch);
        return new Solution(w, loss.average(w), Vectors.norm(g), 200, false);
    }

    /** Newton steps near tol without halving the gradient after which {@link #solve} stops at rounding level. */
    static final int STALL = 5;

    /** Returns the number of samples of {@code loss} over all nodes. */
    static int totalSamples(LogisticLoss loss) {
        long m = 0;
        for (int i = 0; i < loss.nodes(); i++) {
            m += loss.samples(i);
        }
        return (int) Math.min(Integer.MAX_VALUE, m);
    }

    /** Returns whether the Newton systems are solved through the m × m Gram matrix (fewer samples than features, ridge > 0). */
    static boolean throughGram(int samples, int dimension, double ridge) {
        return samples < dimension && ridge > 0;
    }

    /**
     * Returns the bytes {@link #solve} needs besides the loss: the d × d Hessian and its LU factors
     * when there are at least as many samples as features, else the m × m Gram matrix, the
     * system and its factors, for m samples and d features (and a few d-vectors).
     */
    public static double estimateBytes(double samples, double dimension) {
        double k = Math.min(samples, dimension);
        return 4 * 8 * k * k + 8 * (samples + 8 * dimension);
    }

    /**
     * Returns the multiply-adds of {@link #solve} for m samples and d features, about: ten Newton
     * steps, each building and solving the d × d system (m d² + d³/3), or with fewer samples than
     * features the m × m Gram matrix once (m² d) and per step an m × m system (m³/3 + 2 m d).
     */
    public static double work(double samples, double dimension) {
        double m = samples;
        double d = dimension;
        if (m < d) {
            return m * m * d + 10 * (m * m * m / 3 + 2 * m * d);
        }
        return 10 * (m * d * d + d * d * d / 3);
    }

    private static double[] newtonStep(LogisticLoss loss, double[] w, double[] g) {
        int d = loss.dimension();
        int n = loss.nodes();

        DMatrixRMaj h = new DMatrixRMaj(d, d);
        for (int i = 0; i < n; i++) {
            int m = loss.samples(i);
            for (int s = 0; s < m; s++) {
                double[] x = loss.feature(i, s);
                double z = loss.label(i, s) * Vectors.dot(x, w);
                double sig = LogisticLoss.sigmoid(z);
                double c = loss.scale() * sig * (1 - sig) / m / n;
                for (int a = 0; a < d; a++) {
                    for (int b = 0; b < d; b++) {
                        h.add(a, b, c * x[a] * x[b]);
                    }
                }
            }
        }
        for (int a = 0; a < d; a++) {
            h.add(a, a, loss.ridge());
        }
        DMatrixRMaj rhs = new DMatrixRMaj(d, 1);
        for (int a = 0; a < d; a++) {
            rhs.set(a, 0, -g[a]);
        }
        DMatrixRMaj x = new DMatrixRMaj(d, 1);
        if (!CommonOps_DDRM.solve(h, rhs, x)) {
            throw new IllegalStateException("singular Hessian: add a ridge term");
        }
        return x.data.clone();
    }

    /**
     * Returns −H⁻¹g for H = ridge·I + Σ_s c_s x_s x_sᵀ (c_s = scale σ(1 − σ)/(m_i N)) by
     * Woodbury: with X the m × d sample matrix and S = diag(√c_s),
     * H⁻¹g = (g − Xᵀ S (ridge·I + S X Xᵀ S)⁻¹ S X g)/ridge, an m × m system instead of d × d.
     */
    private static double[] gramNewtonStep(LogisticLoss loss, double[] w, double[] g, double[][] gram) {
        int m = gram.length;
        int d = loss.dimension();
        int n = loss.nodes();
        double ridge = loss.ridge();
        double[][] x = new double[m][];
        double[] sq = new double[m];
        int r = 0;
        for (int i = 0; i < n; i++) {
            int mi = loss.samples(i);
            for (int s = 0; s < mi; s++) {
                x[r] = loss.feature(i, s);
                double sig = LogisticLoss.sigmoid(loss.label(i, s) * Vectors.dot(x[r], w));
                sq[r] = Math.sqrt(loss.scale() * sig * (1 - sig) / mi / n);
                r++;
            }
        }
        DMatrixRMaj sys = new DMatrixRMaj(m, m);
        DMatrixRMaj rhs = new DMatrixRMaj(m, 1);
        for (int a = 0; a < m; a++) {
            for (int b = 0; b <= a; b++) {
                double v = sq[a] * gram[a][b] * sq[b];
                sys.set(a, b, v);
                sys.set(b, a, v);
            }
            sys.add(a, a, ridge);
            rhs.set(a, 0, sq[a] * Vectors.dot(x[a], g));
        }
        DMatrixRMaj z = new DMatrixRMaj(m, 1);
        if (!CommonOps_DDRM.solve(sys, rhs, z)) {
            throw new IllegalStateException("singular Gram system: ridge " + ridge);
        }
        double[] step = new double[d];
        for (int k = 0; k < d; k++) {
            step[k] = -g[k];
        }
        for (int a = 0; a < m; a++) {
            Vectors.axpy(sq[a] * z.get(a, 0), x[a], step);
        }
        for (int k = 0; k < d; k++) {
            step[k] /= ridge;
        }
        return step;
    }

    /** Returns the m × m Gram matrix x_a · x_b of the samples of {@code loss}, node by node. */
    private static double[][] gram(LogisticLoss loss, int m) {
        double[][] x = new double[m][];
        int r = 0;
        for (int i = 0; i < loss.nodes(); i++) {
            for (int s = 0; s < loss.samples(i); s++) {
                x[r++] = loss.feature(i, s);
            }
        }
        double[][] gram = new double[m][m];
        for (int a = 0; a < m; a++) {
            for (int b = 0; b <= a; b++) {
                gram[a][b] = Vectors.dot(x[a], x[b]);
                gram[b][a] = gram[a][b];
            }
        }
        return gram;
    }

    private static Solution projectedGradient(LogisticLoss loss, double radius, double tol) {
        int d = loss.dimension();
        double lf = 0;
        for (int i = 0; i < loss.nodes(); i++) {
            lf += loss.smoothness(i) / loss.nodes();
        }
        AcceleratedProjectedGradient.Result r = AcceleratedProjectedGradient.minimise(d, loss::averageGradient, lf,
                radius, tol, 2_000_000);
        double[] w = r.w();
        boolean onBoundary = !r.converged() || Vectors.norm(w) >= radius * (1 - 1e-12);
        return new Solution(w, loss.average(w), r.residual(), r.iterations(), onBoundary);
    }
}
