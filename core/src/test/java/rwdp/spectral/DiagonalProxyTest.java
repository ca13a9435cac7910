package rwdp.spectral;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;

/** The short-walk and truncated-expansion diagonals of f(W − J/n) against dense matrices. */
class DiagonalProxyTest {
    static final String[] FAMILIES = {"grid:6,7", "er:80,0.08,3", "path:40", "star:25", "geometric:60,0.3,2"};

    static double[][] dense(TestSetting s) {
        return s.w().toDenseArray();
    }

    static double[][] times(double[][] a, double[][] b) {
        int n = a.length;
        double[][] c = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < n; k++) {
                double x = a[i][k];
                for (int j = 0; j < n; j++) {
                    c[i][j] += x * b[k][j];
                }
            }
        }
        return c;
    }

    @Test
    void colouringKeepsEachColourMoreThanDHopsApart() {
        for (String spec : FAMILIES) {
            TestSetting s = TestSetting.of(spec, false, false, 1000);
            Graph g = s.graph();
            SymmetricCsr w = SymmetricCsr.of(s.w());
            for (int d = 1; d <= 4; d++) {
                int[] c = DiagonalProxy.colouring(w, d, g.n(), Long.MAX_VALUE);
                for (int u = 0; u < g.n(); u++) {
                    int[] dist = g.distancesFrom(u);
                    for (int v = 0; v < g.n(); v++) {
                        assertTrue(u == v || c[u] != c[v] || dist[v] > d, spec + " d=" + d + " u=" + u + " v=" + v);
                    }
                }
            }
            assertNull(DiagonalProxy.colouring(w, 2, 1, Long.MAX_VALUE), spec + ": one colour cannot keep neighbours apart");
        }
    }

    @Test
    void walksGiveTheShortWalkReturnTermsExactly() {
        for (String spec : FAMILIES) {
            TestSetting s = TestSetting.of(spec, false, false, 1000);
            int n = s.w().n();
            DiagonalProxy p = DiagonalProxy.walks(SymmetricCsr.of(s.w()), 40L * n, 64, Long.MAX_VALUE);
            assertTrue(p.steps() >= 2 && p.products() <= 40L * n, spec + ": " + p.steps() + " steps, " + p.products());
            double[][] w = dense(s);
            double[][] wt = w;
            double[] g = new double[n];
            for (int t = 1; t <= p.steps(); t++) {
                for (int u = 0; u < n; u++) {
                    g[u] += (wt[u][u] - 1.0 / n) / t;
                }
                wt = times(wt, w);
            }
            for (int u = 0; u < n; u++) {
                assertEquals(g[u], p.diagonal()[u], 1e-12, spec + " u=" + u);
            }
        }
    }

    @Test
    void truncatedExpansionIsThePolynomialsDiagonalAndTendsToTheRows() {
        for (String spec : FAMILIES) {
            for (boolean series : new boolean[] {false, true}) {
                TestSetting s = TestSetting.of(spec, series, false, 1000);
                MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), s.function(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE);
                int n = s.w().n();
                DiagonalProxy p = DiagonalProxy.truncated(op, 30L * n);
                String what = spec + " series=" + series + " m=" + p.steps();
                // The dense polynomial: Σ_{k≤m} c_k T_k(s1(W − J/n) − s0), its diagonal.
                double[][] m = dense(s);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        m[i][j] -= 1.0 / n;
                    }
                }
                SpectralInterval iv = op.interval();
                double s1 = 2 / (iv.upper() - iv.lower());
                double s0 = (iv.upper() + iv.lower()) / (iv.upper() - iv.lower());
                double[][] x = new double[n][n];
                double[][] t0 = new double[n][n];
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        x[i][j] = s1 * m[i][j] - (i == j ? s0 : 0);
                    }
                    t0[i][i] = 1;
                }
                double[] c = op.coefficients();
                double[] diag = new double[n];
                double[][] t1 = x;
                for (int u = 0; u < n; u++) {
                    diag[u] = c[0] + c[1] * x[u][u];
                }
                for (int k = 2; k <= p.steps(); k++) {
                    double[][] t2 = times(x, t1);
                    for (int i = 0; i < n; i++) {
                        for (int j = 0; j < n; j++) {
                            t2[i][j] = 2 * t2[i][j] - t0[i][j];
                        }
                    }
                    for (int u = 0; u < n; u++) {
                        diag[u] += c[k] * t2[u][u];
                    }
                    t0 = t1;
                    t1 = t2;
                }
                double scale = 0;
                for (double v : diag) {
                    scale = Math.max(scale, Math.abs(v));
                }
                for (int u = 0; u < n; u++) {
                    assertEquals(diag[u], p.diagonal()[u], 1e-10 * scale, what + " u=" + u);
                }
                // The whole expansion: every row's own entry, f(W − J/n)_uu.
                DiagonalProxy full = DiagonalProxy.truncated(op, (long) n * op.degree());
                assertEquals(op.degree(), full.steps(), what);
                for (int u = 0; u < n; u += 7) {
                    assertEquals(op.row(u)[u], full.diagonal()[u], 1e-9 * scale, what + " full u=" + u);
                }
            }
        }
    }

    @Test
    void aDeflatedOperatorsTruncationAddsItsTopEigenpairsExactly() {
        // path:300's deflated operator: the whole expansion gives every row's own entry; a short truncation keeps the
        // long-range part (the top eigenpairs, exact) and stays close, where the plain truncation of as many terms is flat
        // in the middle of the path.
        TestSetting s = TestSetting.of("path:300", false, false, 1000);
        MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), s.function(), MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE,
                Deflation.ALWAYS, 40);
        assertTrue(op.deflated() > 0, op.deflationNote());
        int n = op.n();
        double[] exact = new double[n];
        double spread = 0;
        for (int u = 0; u < n; u++) {
            exact[u] = op.row(u)[u];
        }
        for (int u = 0; u < n; u++) {
            spread = Math.max(spread, Math.abs(exact[u] - exact[n / 2]));
        }
        DiagonalProxy full = DiagonalProxy.truncated(op, (long) n * op.degree());
        assertEquals(op.degree(), full.steps());
        for (int u = 0; u < n; u++) {
            assertEquals(exact[u], full.diagonal()[u], 1e-9 * spread, "full u=" + u);
        }
        DiagonalProxy shortOne = DiagonalProxy.truncated(op, 16L * op.degree());
        assertTrue(shortOne.steps() < op.degree() / 2, "steps " + shortOne.steps());
        // Middle senders: the differences from the centre, which set them apart, within 1% of the spread.
        for (int u = 60; u < n - 60; u++) {
            double d = shortOne.diagonal()[u] - shortOne.diagonal()[n / 2];
            assertEquals(exact[u] - exact[n / 2], d, 1e-2 * Math.abs(exact[60] - exact[n / 2]), "u=" + u);
        }
    }
}
