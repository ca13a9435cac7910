package rwdp.model;

import rwdp.check.InvalidArgumentException;

/**
 * The point a random-walk SGD converges to when its walk visits node i with frequency π(i) and
 * scales ∇f_i by c_i: the minimiser of Σ_i a_i f_i with a_i = π(i) c_i (Ayache et al., Alg. 3
 * given the noise). Damped Newton on the §V logistic loss with the Hessian inverted through the
 * N × N Gram matrix (Woodbury), so a solve costs O(N² d + N³) per step whatever d is; an
 * independent second computation to {@link WeightedObjectiveSolver} (first-order, projected),
 * which it falls back to when the minimiser lies on the boundary of the ball.
 */
public final class GramNewtonSolver implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private final LogisticLoss loss;
    private final int n;
    private final int d;
    private final double[][] x;
    private final double[] y;
    private final double[][] gram;
    private final double radius;

    /**
     * Returns a solver of Σ_i a_i f_i over the ball of {@code radius} for the §V loss (ridge ½||w||², one sample per
     * node).
     *
     * @throws InvalidArgumentException when loss's ridge is not 1 or a node holds other than one sample
     */
    public GramNewtonSolver(LogisticLoss loss, double radius) {
        if (loss.ridge() != 1.0) {
            throw new InvalidArgumentException("GramNewtonSolver implements the §V loss with ridge ½||w||², got ridge " + loss.ridge());
        }
        this.loss = loss;
        this.n = loss.nodes();
        this.d = loss.dimension();
        this.radius = radius;
        this.x = new double[n][];
        this.y = new double[n];
        for (int i = 0; i < n; i++) {
            if (loss.samples(i) != 1) {
                throw new InvalidArgumentException("GramNewtonSolver needs one sample per node");
            }
            x[i] = loss.feature(i, 0);
            y[i] = loss.label(i, 0);
        }
        this.gram = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                double s = 0;
                for (int k = 0; k < d; k++) {
                    s += x[i][k] * x[j][k];
                }
                gram[i][j] = s;
                gram[j][i] = s;
            }
        }
    }

    /** Returns the minimiser over the ball of Σ_i a_i f_i (a_i ≥ 0, Σ a_i > 0), to gradient norm 1e-11·(1 + ||∇||₀). */
    public double[] minimise(double[] a, double[] start) {
        double sumA = 0;
        for (double ai : a) {
            sumA += ai;
        }
        double scale = loss.scale();
        double[] w = start.clone();
        double[] g = new double[d];
        double[] p = new double[d];
        double[] trial = new double[d];
        double[] sq = new double[n];
        double[] v = new double[n];
        double[][] m = new double[n][n];
        double g0 = -1;
        for (int it = 0; it < 100; it++) {
            // gradient and the diagonal D_i = a_i N s_i (1 − s_i) of the data part of the Hessian
            System.arraycopy(w, 0, g, 0, d);
            for (int k = 0; k < d; k++) {
                g[k] *= sumA;
            }
            for (int i = 0; i < n; i++) {
                double margin = y[i] * dot(x[i], w);
                double s = LogisticLoss.sigmoid(margin);
                double coef = -a[i] * scale * y[i] * (1 - s);
                for (int k = 0; k < d; k++) {
                    g[k] += coef * x[i][k];
                }
                sq[i] = Math.sqrt(a[i] * scale * s * (1 - s));
            }
            double gn = Math.sqrt(dot(g, g));
            if (g0 < 0) {
                g0 = gn;
            }
            if (gn <= 1e-11 * (1 + g0)) {
                break;
            }
            // H = A I + X D Xᵀ; H⁻¹g = (g − X S M⁻¹ S Xᵀ g)/A with M = A I + S G S.
            for (int i = 0; i < n; i++) {
                v[i] = sq[i] * dot(x[i], g);
                for (int j = 0; j < n; j++) {
                    m[i][j] = sq[i] * gram[i][j] * sq[j] + (i == j ? sumA : 0);
                }
            }
            solveSpd(m, v);
            System.arraycopy(g, 0, p, 0, d);
            for (int i = 0; i < n; i++) {
                double c = sq[i] * v[i];
                for (int k = 0; k < d; k++) {
                    p[k] -= c * x[i][k];
                }
            }
            for (int k = 0; k < d; k++) {
                p[k] /= sumA;
            }
            // Armijo backtracking on the objective keeps the damped Newton iteration monotone.
            double f0 = objective(a, w);
            double slope = dot(g, p);
            double t = 1;
            while (t > 1e-12) {
                for (int k = 0; k < d; k++) {
                    trial[k] = w[k] - t * p[k];
                }
                if (objective(a, trial) <= f0 - 1e-4 * t * slope) {
                    break;
                }
                t /= 2;
            }
            System.arraycopy(trial, 0, w, 0, d);
        }
        if (Math.sqrt(dot(w, w)) > radius) {
            return WeightedObjectiveSolver.minimise(loss, a, radius, 1e-10);
        }
        return w;
    }

    /** Returns Σ_i a_i f_i(w) through the loss itself (not this class's formulas). */
    public double objective(double[] a, double[] w) {
        double s = 0;
        for (int i = 0; i < n; i++) {
            if (a[i] != 0) {
                s += a[i] * loss.value(i, w);
            }
        }
        return s;
    }

    /** Returns ||Σ_i a_i ∇f_i(w)|| through the loss's own gradient (a residual check of {@link #minimise}). */
    public double gradientNorm(double[] a, double[] w) {
        double[] out = new double[d];
        double[] tmp = new double[d];
        for (int i = 0; i < n; i++) {
            loss.gradient(i, w, tmp);
            for (int k = 0; k < d; k++) {
                out[k] += a[i] * tmp[k];
            }
        }
        return Math.sqrt(dot(out, out));
    }

    private static double dot(double[] u, double[] v) {
        double s = 0;
        for (int k = 0; k < u.length; k++) {
            s += u[k] * v[k];
        }
        return s;
    }

    /** Solves m z = v in place (v ← z) by Cholesky; m is overwritten. */
    static void solveSpd(double[][] m, double[] v) {
        int n = v.length;
        for (int j = 0; j < n; j++) {
            double s = m[j][j];
            for (int k = 0; k < j; k++) {
                s -= m[j][k] * m[j][k];
            }
            double l = Math.sqrt(s);
            m[j][j] = l;
            for (int i = j + 1; i < n; i++) {
                double t = m[i][j];
                for (int k = 0; k < j; k++) {
                    t -= m[i][k] * m[j][k];
                }
                m[i][j] = t / l;
            }
        }
        for (int i = 0; i < n; i++) {
            double t = v[i];
            for (int k = 0; k < i; k++) {
                t -= m[i][k] * v[k];
            }
            v[i] = t / m[i][i];
        }
        for (int i = n - 1; i >= 0; i--) {
            double t = v[i];
            for (int k = i + 1; k < n; k++) {
                t -= m[k][i] * v[k];
            }
            v[i] = t / m[i][i];
        }
    }
}
