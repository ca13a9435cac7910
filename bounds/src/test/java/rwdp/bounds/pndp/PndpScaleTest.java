package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.spectral.SpectralInterval;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.Solver;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.bounds.privacy.NoiseCalibration;
import rwdp.sampling.HallInterval;

/** The matrix-free paths (row, block, sample, all sources, trace identity) against the dense eigen path. */
class PndpScaleTest {
    static final String[] FAMILIES = {"ring:31", "grid:6,7", "er:80,0.08,3", "geometric:60,0.3,2", "hypercube:6", "star:25",
        "complete:9", "exponential:64", "path:12"};

    static PndpSetting setting(String spec, boolean series, boolean known, long T) {
        Graph g = GraphSpec.parse(spec).build();
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        return new PndpSetting(g, w, new PndpParams(2, 2.5, T),
                series ? PndpSetting.Method.SERIES : PndpSetting.Method.CLOSED, known ? PndpSetting.Sender.KNOWN : PndpSetting.Sender.ANONYMOUS);
    }

    @Test
    void rowAgreesWithTheEigenMatrixOnEveryFamily() {
        for (String spec : FAMILIES) {
            for (boolean series : new boolean[] {false, true}) {
                for (boolean known : new boolean[] {false, true}) {
                    PndpSetting s = setting(spec, series, known, 300);
                    // Independent ground truth: the dense eigendecomposition, never the Chebyshev kernel.
                    double[][] m = PndpAccountant.pairwise(s, Solver.EIGEN);
                    MatrixFunctionOperator op = PndpAccountant.operator(s);
                    int n = m.length;
                    for (int u : new int[] {0, n / 2, n - 1}) {
                        PndpAccountant.Row r = PndpAccountant.row(s, op, u);
                        double scale = 0;
                        for (double x : m[u]) {
                            scale = Math.max(scale, Math.abs(x));
                        }
                        for (int v = 0; v < n; v++) {
                            assertEquals(m[u][v], r.epsilon()[v], 1e-10 * scale,
                                    spec + " series=" + series + " known=" + known + " u=" + u + " v=" + v);
                        }
                        assertEquals(0, r.epsilon()[u]);
                    }
                }
            }
        }
    }

    @Test
    void allSourcesEqualsTheMatrixStatistics() {
        for (String spec : new String[] {"er:150,0.05,2", "grid:9,9", "star:30"}) {
            for (boolean known : new boolean[] {false, true}) {
                PndpSetting s = setting(spec, false, known, 2000);
                double[][] m = PndpAccountant.pairwise(s, Solver.EIGEN);
                PairStatistics exact = PndpAccountant.statistics(m, s.graph());
                PairStatistics all = PndpAccountant.allSources(s, PndpAccountant.operator(s), 7, null);
                String what = spec + " known=" + known;
                assertEquals(exact.count(), all.count(), what);
                double tol = 1e-10 * Math.max(Math.abs(exact.max()), Math.abs(exact.min()));
                assertEquals(exact.mean(), all.mean(), tol, what);
                assertEquals(exact.min(), all.min(), tol, what);
                assertEquals(exact.max(), all.max(), tol, what);
                // The reported pair carries the maximum in the matrix too (ties may pick the mirror pair).
                assertEquals(exact.max(), m[all.argmaxU()][all.argmaxV()], tol, what);
                assertEquals(exact.distances(), all.distances(), what);
                for (int d = 1; d < exact.distances(); d++) {
                    assertEquals(exact.count(d), all.count(d), what + " d=" + d);
                    assertEquals(exact.mean(d), all.mean(d), tol, what + " d=" + d);
                    assertEquals(exact.min(d), all.min(d), tol, what + " d=" + d);
                    assertEquals(exact.max(d), all.max(d), tol, what + " d=" + d);
                }
                // The old matrix statistics agree with the mergeable ones.
                PairStatistics old = PndpAccountant.stats(m);
                assertEquals(old.mean(), exact.mean(), tol);
                assertEquals(old.argmaxU(), exact.argmaxU());
                assertEquals(old.argmaxV(), exact.argmaxV());
            }
        }
    }

    @Test
    void allSourcesDoesNotDependOnTheBlockSize() {
        PndpSetting s = setting("er:120,0.06,4", false, false, 500);
        MatrixFunctionOperator op = PndpAccountant.operator(s);
        PairStatistics a = PndpAccountant.allSources(s, op, 1, null);
        PairStatistics b = PndpAccountant.allSources(s, op, 50, null);
        assertEquals(a.mean(), b.mean(), 1e-13 * Math.abs(a.mean()));
        assertEquals(a.max(), b.max(), 1e-13 * a.max());
    }

    @Test
    void sampleOfEveryNodeIsExactAndIntervalsCoverTheMean() {
        PndpSetting s = setting("er:100,0.07,5", false, false, 1000);
        MatrixFunctionOperator op = PndpAccountant.operator(s);
        PairStatistics exact = PndpAccountant.statistics(PndpAccountant.pairwise(s, Solver.EIGEN), s.graph());
        PairStatistics.Sample every = PndpAccountant.sample(s, op, 100, 1, 0.95, null);
        assertEquals(exact.mean(), every.mean().value(), 1e-10 * exact.max());
        // Every node sampled: no sampling error is left, only the rows' rounding, the interval's floor.
        assertEquals(every.mean().value() * (1 - HallInterval.ROUNDING), every.mean().low(), 1e-15 * exact.max());
        // Coverage of the 95% interval over 300 seeds: Binomial(300, 0.95) lies in [270, 298] with probability > 0.999;
        // a finite-population t interval of 10 row means may undercover slightly, so the floor is 0.88.
        int covered = 0;
        int coveredD1 = 0;
        int seeds = 300;
        for (int seed = 1; seed <= seeds; seed++) {
            PairStatistics.Sample sm = PndpAccountant.sample(s, op, 10, seed, 0.95, null);
            if (sm.mean().low() <= exact.mean() && exact.mean() <= sm.mean().high()) {
                covered++;
            }
            PairStatistics.DistanceSummary d1 = sm.byDistance().get(0);
            assertEquals(1, d1.distance());
            if (d1.ciLow() <= exact.mean(1) && exact.mean(1) <= d1.ciHigh()) {
                coveredD1++;
            }
        }
        assertTrue(covered >= 0.88 * seeds && covered < seeds, "coverage " + covered + "/" + seeds);
        assertTrue(coveredD1 >= 0.85 * seeds && coveredD1 < seeds, "distance-1 coverage " + coveredD1 + "/" + seeds);
    }

    @Test
    void traceIdentityGivesTheMatrixMean() {
        for (boolean series : new boolean[] {false, true}) {
            PndpSetting s = setting("grid:8,10", series, false, 400);
            MatrixFunctionOperator op = PndpAccountant.operator(s);
            double exact = PndpAccountant.statistics(PndpAccountant.pairwise(s, Solver.EIGEN), s.graph()).mean();
            PairStatistics.MeanIdentity spec = PndpAccountant.meanIdentity(s, op, 8, 1, 0.99);
            assertEquals("spectrum", spec.route());
            assertEquals(exact, spec.mean(), 1e-10 * Math.abs(exact));
            int covered = 0;
            for (int seed = 1; seed <= 40; seed++) {
                PairStatistics.MeanIdentity h = TraceIdentity.meanIdentity(s, op, 16, seed, 0.99, 0);
                assertEquals("hutchinson", h.route());
                if (h.ciLow() <= exact && exact <= h.ciHigh()) {
                    covered++;
                }
            }
            assertTrue(covered >= 34, "Hutchinson 99% coverage " + covered + "/40");
        }
        assertThrows(IllegalArgumentException.class,
                () -> PndpAccountant.meanIdentity(setting("ring:10", false, true, 10), null, 8, 1, 0.95));
    }

    @Test
    void entryPointsRefuseBadArguments() {
        PndpSetting s = setting("ring:10", false, false, 10);
        MatrixFunctionOperator op = PndpAccountant.operator(s);
        assertThrows(IllegalArgumentException.class, () -> PndpAccountant.row(s, op, 10));
        assertThrows(IllegalArgumentException.class, () -> PndpAccountant.row(s, op, -1));
        assertThrows(IllegalArgumentException.class, () -> PndpAccountant.sample(s, op, 11, 1, 0.95, null));
        assertThrows(IllegalArgumentException.class, () -> PndpAccountant.sample(s, op, 1, 1, 0.95, null));
        assertThrows(IllegalArgumentException.class, () -> PndpAccountant.allSources(s, op, 0, null));
        assertThrows(IllegalArgumentException.class, () -> setting("ring:10", false, false, 1));
        assertThrows(IllegalArgumentException.class,
                () -> NoiseCalibration.guarantee(-1e-3, 2, 1e-5, rwdp.bounds.privacy.RdpConversion::improved));
    }
}
