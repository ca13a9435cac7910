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
    public record Solution(double[] w, double value, double residual, int iterations, boolean onBoundary) {}

    /** Returns w* on the ball of radius {@code radius}, to KKT residual {@code tol} (e.g. 1e-10). */
    public static Solution solve(LogisticLoss loss, double radius, double tol) {
        if (!(radius > 0)) {
            throw new InvalidArgumentException("radius must be positive, got " + radius);
        }
        int d = loss.dimension();
        double[] w = new double[d];
        double[] g = new double[d];
        double[] scratch = new double[d];
        double[] trial = new double[d];
        for (int it = 1; it <= 200; it++) {
            loss.averageGradient(w, g, scratch);
            double gn = Vectors.norm(g);
            if (gn <= tol) {
                return new Solution(w, loss.average(w), gn, it, false);
            }
            double[] step = newtonStep(loss, w, g);
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
