package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;
import rwdp.check.Remedy;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.spectral.SpectralInterval;
import rwdp.spectral.Deflation;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.Solver;
import rwdp.spectral.SpectralFunction;
import rwdp.spectral.MatrixFunctionOperator;

/** One plan for the four requests: AUTO by the documented cost model, the memory rule, the refusals. */
class PndpPlanTest {
    static final SpectralFunction F = SpectralFunction.logResolvent();

    static PndpSetting setting(String spec) {
        Graph g = GraphSpec.parse(spec).build();
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        return new PndpSetting(g, w, new PndpParams(2, 2.5, 1000), PndpSetting.Method.CLOSED, PndpSetting.Sender.ANONYMOUS);
    }

    static final PndpPlan.Request[] NOT_MATRIX = {PndpPlan.Request.rows(3), PndpPlan.Request.sample(10, 32),
        PndpPlan.Request.allSources()};

    @Test
    void solverNamesParseOnce() {
        assertEquals(Solver.DEFLATED, Solver.parse(" Deflated "));
        assertEquals(Solver.AUTO, Solver.parse("auto"));
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> Solver.parse("dense"));
        assertTrue(e.getMessage().contains("'dense'") && e.getMessage().contains("chebyshev"), e.getMessage());
        assertEquals("eigen", Solver.EIGEN.label());
    }

    @Test
    void autoTakesEigenForSmallMatricesButNeverForRows() {
        PndpSetting s = setting("er:40,0.2,3");
        PndpPlan m = PndpAccountant.plan(s, Solver.AUTO, PndpPlan.Request.matrix());
        assertEquals(Solver.EIGEN, m.solver());
        assertNull(m.operator());
        assertEquals(-1, m.degree());
        for (PndpPlan.Request what : NOT_MATRIX) {
            PndpPlan p = PndpAccountant.plan(s, Solver.AUTO, what);
            assertTrue(p.solver() == Solver.CHEBYSHEV || p.solver() == Solver.DEFLATED, what + ": " + p.solver());
            assertEquals(p.operator().solver(), p.name(), what.toString());
        }
    }

    @Test
    void aPlanOnTheIntervalTheCallerHasIsThePlanThatRunsLanczosItself() {
        // --certified prices the expansion on W's interval before building it; the plan it then builds must be the same.
        for (String spec : new String[] {"er:300,0.03,2", "grid:12,15", "geometric:400,0.12,1"}) {
            PndpSetting s = setting(spec);
            SpectralInterval iv = MatrixFunctions.spectralInterval(s.w());
            for (Solver solver : new Solver[] {Solver.AUTO, Solver.CHEBYSHEV, Solver.DEFLATED}) {
                for (PndpPlan.Request what : NOT_MATRIX) {
                    PndpPlan own = PndpAccountant.plan(s, solver, what);
                    PndpPlan given = PndpAccountant.plan(s, solver, what, iv);
                    assertEquals(own.solver(), given.solver(), spec + " " + solver + " " + what);
                    assertEquals(own.degree(), given.degree(), spec + " " + solver + " " + what);
                    assertArrayEquals(own.operator().row(7), given.operator().row(7), spec + " " + solver + " " + what);
                }
            }
        }
        assertThrows(InvalidArgumentException.class, () -> PndpAccountant.plan(setting("er:40,0.2,3"), Solver.AUTO,
                PndpPlan.Request.rows(1), null));
    }

    /** AUTO for the matrix: the expansion deflated for n columns, unless 2(nnz + 3n) n K + 2 n^2 k >= 40 n^3 flops. */
    @Test
    void autoMatrixFollowsTheCostModel() {
        for (String spec : new String[] {"grid:20,20", "er:400,0.05,3", "geometric:200,0.15,2"}) {
            PndpSetting s = setting(spec);
            int n = s.w().n();
            MatrixFunctionOperator op = MatrixFunctions.operator(s.w(), F, MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE,
                    Deflation.AUTO, n);
            double cheb = 2.0 * (op.nonZeros() + 3.0 * n) * n * op.degree() + 2.0 * n * n * op.deflated();
            Solver expected = cheb < 40.0 * Math.pow(n, 3) ? (op.deflated() > 0 ? Solver.DEFLATED : Solver.CHEBYSHEV) : Solver.EIGEN;
            PndpPlan plan = PndpAccountant.plan(s, Solver.AUTO, PndpPlan.Request.matrix());
            assertEquals(expected, plan.solver(), spec);
            if (expected != Solver.EIGEN) {
                assertEquals(op.degree(), plan.degree(), spec);
            }
        }
    }

    /** AUTO for rows and statistics deflates when it pays for the vectors asked: n for all sources, not one row. */
    @Test
    void autoDeflatesForAllSourcesNotForOneRow() {
        PndpSetting s = setting("grid:20,20");
        PndpPlan all = PndpAccountant.plan(s, Solver.AUTO, PndpPlan.Request.allSources());
        PndpPlan one = PndpAccountant.plan(s, Solver.AUTO, PndpPlan.Request.rows(1));
        assertEquals(Solver.DEFLATED, all.solver());
        assertEquals(Solver.CHEBYSHEV, one.solver());
        assertFalse(one.operator().deflationNote().equals(MatrixFunctionOperator.NOT_TRIED), "AUTO weighed deflation for the row");
        assertEquals(400, PndpPlan.Request.allSources().vectors(400));
        assertEquals(400, PndpPlan.Request.matrix().vectors(400));
        assertEquals(3, PndpPlan.Request.rows(3).vectors(400));
        assertEquals(52, PndpPlan.Request.sample(20, 32).vectors(400));
    }

    @Test
    void explicitSolversAreKept() {
        PndpSetting s = setting("grid:20,20");
        for (PndpPlan.Request what : new PndpPlan.Request[] {PndpPlan.Request.matrix(), PndpPlan.Request.rows(1),
            PndpPlan.Request.allSources()}) {
            PndpPlan plain = PndpAccountant.plan(s, Solver.CHEBYSHEV, what);
            assertEquals(Solver.CHEBYSHEV, plain.solver(), what.toString());
            assertEquals(MatrixFunctionOperator.NOT_TRIED, plain.operator().deflationNote(), what.toString());
            assertEquals(Solver.DEFLATED, PndpAccountant.plan(s, Solver.DEFLATED, what).solver(), what.toString());
        }
        assertEquals(Solver.EIGEN, PndpAccountant.plan(s, Solver.EIGEN, PndpPlan.Request.matrix()).solver());
    }

    @Test
    void eigenIsRefusedForRowsAndStatisticsInLibraryTerms() {
        PndpSetting s = setting("er:40,0.2,3");
        for (PndpPlan.Request what : NOT_MATRIX) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> PndpAccountant.plan(s, Solver.EIGEN, what));
            assertTrue(e.getMessage().endsWith(Remedy.CHEBYSHEV.text()), e.getMessage());
            assertFalse(e.getMessage().contains("--"), "no command-line options in the library: " + e.getMessage());
        }
        assertThrows(InvalidArgumentException.class, () -> new PndpPlan(PndpPlan.Request.rows(1), Solver.EIGEN, null));
        assertThrows(InvalidArgumentException.class, () -> new PndpPlan(PndpPlan.Request.matrix(), Solver.AUTO, null));
    }

    @Test
    void theMatrixIsRefusedBeforeAnyWorkWhenItCannotFit() {
        long heap = Runtime.getRuntime().maxMemory();
        // n^2 doubles above the whole heap: refused by every solver, rows and statistics still planned.
        int n = (int) Math.min(Integer.MAX_VALUE, (long) Math.ceil(Math.sqrt(heap / 8.0)) + 1);
        assertFalse(PndpPlan.matrixFits(n, Solver.AUTO));
        PndpSetting s = setting("ring:" + n);
        for (Solver solver : Solver.values()) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                    () -> PndpAccountant.plan(s, solver, PndpPlan.Request.matrix()));
            assertTrue(e.getMessage().startsWith("the " + n + " x " + n + " matrix needs about"), e.getMessage());
            assertTrue(e.getMessage().endsWith(Remedy.MATRIX_FREE.text()), e.getMessage());
        }
        assertEquals(3 * PndpPlan.matrixBytes(1000, Solver.CHEBYSHEV), PndpPlan.matrixBytes(1000, Solver.EIGEN));
        assertEquals(8L * 1000 * 1000 + 16 * 1000, PndpPlan.matrixBytes(1000, Solver.AUTO));
    }

    @Test
    void requestsAreValidated() {
        assertThrows(InvalidArgumentException.class, () -> PndpPlan.Request.rows(0));
        assertThrows(InvalidArgumentException.class, () -> PndpPlan.Request.sample(5, -1));
        assertThrows(InvalidArgumentException.class, () -> new PndpPlan.Request(PndpPlan.Request.Kind.MATRIX, 3, 0));
    }

    @Test
    void theorem3NeedsTwoSteps() {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> PndpParams.forTheorem3(2, 2, 1));
        assertTrue(e.getMessage().contains("ln T") && e.getMessage().endsWith("got 1"), e.getMessage());
        // T is checked first, as the command line reports it.
        assertTrue(assertThrows(InvalidArgumentException.class, () -> PndpParams.forTheorem3(0.5, 2, 1)).getMessage().contains("ln T"));
        assertEquals(2, PndpParams.forTheorem3(2, 2, 2).T());
        // The series and the closed forms of Theorems 4-5 take T = 1; Theorem 3's closed form does not.
        Graph g = GraphSpec.parse("ring:5").build();
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        PndpParams one = new PndpParams(2, 2, 1);
        assertEquals(1, new PndpSetting(g, w, one, PndpSetting.Method.SERIES, PndpSetting.Sender.ANONYMOUS).params().T());
        assertThrows(InvalidArgumentException.class, () -> new PndpSetting(g, w, one, PndpSetting.Method.CLOSED, PndpSetting.Sender.ANONYMOUS));
    }

    @Test
    void recordsCopyTheirArrays() {
        PndpSetting s = setting("er:40,0.2,3");
        PndpAccountant.Row r = PndpAccountant.row(s, PndpAccountant.operator(s), 2);
        double[] eps = r.epsilon();
        double before = eps[5];
        eps[5] = -1;
        assertEquals(before, r.epsilon()[5]);
        int[] dist = r.distance();
        dist[5] = -1;
        assertTrue(r.distance()[5] >= 1);
        PairStatistics.Sample sm = PndpAccountant.sample(s, PndpAccountant.operator(s), 5, 1, 0.95, null);
        int[] src = sm.sources();
        int first = src[0];
        src[0] = -1;
        assertEquals(first, sm.sources()[0]);
        SpectralInterval iv = MatrixFunctions.spectralInterval(s.w());
        double[] ritz = iv.ritz();
        double[] copy = ritz.clone();
        ritz[0] = 7;
        assertArrayEquals(copy, iv.ritz());
    }
}
