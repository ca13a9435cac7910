package rwdp.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** The Newton limit point of Alg. 3 against the projected first-order solver (two independent computations). */
class GramNewtonSolverTest {

    /** Σ a_i f_i at the Newton point equals its value at the first-order solver's point, and the loss's own gradient vanishes there. */
    @Property(tries = 30)
    void newtonMatchesFirstOrder(@ForAll @IntRange(min = 3, max = 25) int n, @ForAll @IntRange(min = 1, max = 40) int d,
                                 @ForAll @IntRange(min = 1, max = 10) int variance, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        LogisticLoss loss = new GaussianMixture(1, variance, d, seed).loss(n);
        SplittableRandom rng = new SplittableRandom(seed);
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {
            a[i] = 0.05 + rng.nextDouble();
        }
        GramNewtonSolver solver = new GramNewtonSolver(loss, 1e6);
        double[] newton = solver.minimise(a, new double[d]);
        double[] firstOrder = WeightedObjectiveSolver.minimise(loss, a, 1e6, 1e-10);
        double fn = solver.objective(a, newton);
        double ff = solver.objective(a, firstOrder);
        assertEquals(ff, fn, 1e-9 * Math.max(1, Math.abs(ff)));
        assertTrue(fn <= ff + 1e-12 * Math.max(1, Math.abs(ff)), "Newton must not end above the first-order minimum");
        assertTrue(solver.gradientNorm(a, newton) <= 1e-6, "gradient at the Newton point: " + solver.gradientNorm(a, newton));
    }

    /** With a_i = 1/N the limit point is w*, the minimiser of f itself (Alg. 2's unbiased case). */
    @Property(tries = 10)
    void uniformWeightsGiveTheOptimum(@ForAll @IntRange(min = 3, max = 20) int n, @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        LogisticLoss loss = new GaussianMixture(1, 10, 5, seed).loss(n);
        double[] a = new double[n];
        java.util.Arrays.fill(a, 1.0 / n);
        double[] w = new GramNewtonSolver(loss, 1e6).minimise(a, new double[5]);
        double[] ref = LogisticSolver.solve(loss, 1e6, 1e-10).w();
        assertEquals(loss.average(ref), loss.average(w), 1e-9 * Math.max(1, Math.abs(loss.average(ref))));
    }
}
