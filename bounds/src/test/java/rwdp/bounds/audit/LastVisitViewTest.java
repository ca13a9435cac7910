package rwdp.bounds.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.check.InvalidArgumentException;

class LastVisitViewTest {

    @Test
    void alternatingWalkIsOneGaussianPair() {
        // complete:2: the walk alternates 0, 1, 0, 1; with T = 4 the last visit of v = 1 is τ = 3, after
        // k = 2 updates of u = 0: N(−2, 12σ²) against N(2, 12σ²), μ = 4/(2σ√3).
        double[][] w = {{0, 1}, {1, 0}};
        double sigma = 0.8;
        LastVisitView view = LastVisitView.of(w, 0, 1, 0, 4, sigma);
        GaussianPrivacyCurve exact = new GaussianPrivacyCurve(4 / (2 * sigma * Math.sqrt(3)));
        for (double e : new double[] {0, 0.5, 1, 2}) {
            assertEquals(exact.delta(e), view.delta(e), 1e-9 + 1e-6 * exact.delta(e));
        }
        assertEquals(exact.epsilon(1e-3), view.epsilon(1e-3), 1e-5);
    }

    @Test
    void deltaMatchesMonteCarloOfTheMixtureOnALazyTriangle() {
        double[][] w = {{0.5, 0.25, 0.25}, {0.25, 0.5, 0.25}, {0.25, 0.25, 0.5}};
        double sigma = 0.7;
        int steps = 6;
        LastVisitView view = LastVisitView.of(w, 0, 1, 2, steps, sigma);
        // δ(ε) = E_D[(1 − e^{ε − ℓ})₊] over the view's law under D, with ℓ the log-likelihood ratio: sampled.
        SplittableRandom rng = new SplittableRandom(5);
        int n = 400_000;
        double eps = 0.5;
        double sum = 0;
        double sum2 = 0;
        // Precompute the mixtures by brute force over paths: sample the path, read τ, then use the view's own law.
        for (int i = 0; i < n; i++) {
            int y = 2;
            int k = 0;
            int tau = -1;
            int kAtTau = 0;
            for (int t = 0; t < steps; t++) {
                if (y == 1) {
                    tau = t;
                    kAtTau = k;
                }
                if (y == 0) {
                    k++;
                }
                double r = rng.nextDouble();
                y = r < w[y][0] ? 0 : r < w[y][0] + w[y][1] ? 1 : 2;
            }
            if (tau < 1) {
                continue;
            }
            double sd = 2 * sigma * Math.sqrt(tau);
            double x = -kAtTau + sd * rng.nextGaussian();
            double[] law = kLaw(w, tau, steps);
            double lp = 0;
            double lq = 0;
            for (int c = 0; c <= tau; c++) {
                lp += law[c] * Math.exp(-0.5 * Math.pow((x + c) / sd, 2));
                lq += law[c] * Math.exp(-0.5 * Math.pow((x - c) / sd, 2));
            }
            double v = Math.max(0, 1 - Math.exp(eps) * lq / lp);
            sum += v;
            sum2 += v * v;
        }
        double mean = sum / n;
        double se = Math.sqrt((sum2 / n - mean * mean) / n);
        assertEquals(mean, view.delta(eps), 5 * se);
        assertTrue(view.delta(eps) > 0.01);
    }

    /** Returns the law of k (u = 0's updates before τ) given y_τ = 1, start 2, by brute recursion. */
    private static double[] kLaw(double[][] w, int tau, int steps) {
        double[][] f = new double[3][tau + 1];
        f[2][0] = 1;
        for (int t = 0; t < tau; t++) {
            double[][] g = new double[3][tau + 1];
            for (int i = 0; i < 3; i++) {
                for (int k = 0; k <= t; k++) {
                    for (int j = 0; j < 3; j++) {
                        g[j][k + (i == 0 ? 1 : 0)] += f[i][k] * w[i][j];
                    }
                }
            }
            f = g;
        }
        double s = 0;
        for (double x : f[1]) {
            s += x;
        }
        double[] out = new double[tau + 1];
        for (int k = 0; k <= tau; k++) {
            out[k] = f[1][k] / s;
        }
        return out;
    }

    @Test
    void refusesBadInputs() {
        double[][] w = {{0, 1}, {1, 0}};
        assertThrows(InvalidArgumentException.class, () -> LastVisitView.of(w, 0, 0, 0, 4, 1));
        assertThrows(InvalidArgumentException.class, () -> LastVisitView.of(w, 0, 1, 0, 4, 0));
        assertThrows(InvalidArgumentException.class, () -> LastVisitView.of(new double[][] {{0.5, 0.4}, {1, 0}}, 0, 1, 0, 4, 1));
    }
}
