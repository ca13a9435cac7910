package rwdp.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** With fewer samples than features the Newton systems go through the Gram matrix: same w*, m × m memory. */
class LogisticSolverWideTest {
    @Test
    void wideDataGivesTheMinimiserOfTheGramNewtonSolver() {
        LogisticLoss loss = new GaussianMixture(1, 10, 60, 7).loss(12);
        LogisticSolver.Solution s = LogisticSolver.solve(loss, 1e6, 1e-10);
        assertFalse(s.onBoundary());
        assertTrue(s.residual() <= 1e-10, "residual " + s.residual());
        assertTrue(s.iterations() < 50, "Newton steps " + s.iterations());
        double[] a = new double[12];
        Arrays.fill(a, 1.0 / 12);
        double[] w = new GramNewtonSolver(loss, 1e6).minimise(a, new double[60]);
        for (int k = 0; k < 60; k++) {
            assertEquals(w[k], s.w()[k], 1e-8, "coordinate " + k);
        }
    }

    @Test
    void aHundredThousandFeaturesOnAHundredNodesSolveWithoutADenseHessian() {
        // The d × d Hessian had 10^10 entries: EJML refused it ("Matrix size exceeds the size of an integer").
        LogisticLoss loss = new GaussianMixture(1, 10, 100_000, 7).loss(100);
        LogisticSolver.Solution s = LogisticSolver.solve(loss, 10, 1e-10);
        assertEquals(100_000, s.w().length);
        assertTrue(s.residual() <= 1e-10 || s.onBoundary(), "residual " + s.residual());
    }

    @Test
    void theEstimatesFollowTheSmallerSide() {
        assertTrue(LogisticSolver.estimateBytes(100, 100_000) < 1e8);
        assertTrue(LogisticSolver.estimateBytes(100_000, 30_000) > 7.2e9);
        assertTrue(LogisticSolver.work(100, 100_000) < 1e10);
        assertTrue(LogisticSolver.work(100_000, 5_000) > 2.5e13);
    }
}
