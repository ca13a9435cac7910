package rwdp.numerics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.DoubleUnaryOperator;
import org.apache.commons.math3.optim.MaxEval;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;
import org.apache.commons.math3.optim.univariate.BrentOptimizer;
import org.apache.commons.math3.optim.univariate.SearchInterval;
import org.apache.commons.math3.optim.univariate.UnivariateObjectiveFunction;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

class GoldenSectionTest {

    private static final GoldenSection.Settings FRESH = new GoldenSection.Settings(200, 1e-12, true, true);
    private static final GoldenSection.Settings CARRIED = new GoldenSection.Settings(200, 1e-12, false, false);

    /**
     * A unimodal function on [lo, hi] with its minimiser in closed form, located to within tol: about
     * √(machine ε) relative at a smooth minimum, where f is flat to rounding; far closer at a kink or an end.
     */
    private record Case(String name, DoubleUnaryOperator f, double lo, double hi, double argmin, double tol) {}

    private static final List<Case> CASES = List.of(
            new Case("(x - 0.3)^2", x -> (x - 0.3) * (x - 0.3), -2, 5, 0.3, 1e-7),
            new Case("x - ln x", x -> x - Math.log(x), 0.05, 10, 1, 1e-7),
            new Case("|x - e|", x -> Math.abs(x - Math.E), 0, 7, Math.E, 1e-11),
            new Case("cosh(x + 1.5)", x -> Math.cosh(x + 1.5), -4, 4, -1.5, 1e-7),
            new Case("x^4 - 2x (argmin 2^(-1/3))", x -> x * x * x * x - 2 * x, 0, 3, Math.cbrt(0.5), 1e-7),
            new Case("increasing e^x: the left end", Math::exp, 1, 2, 1, 1e-11));

    /** Returns commons-math3's Brent minimiser of f on [lo, hi] (the reference). */
    private static double brent(DoubleUnaryOperator f, double lo, double hi) {
        return new BrentOptimizer(1e-14, 1e-14)
                .optimize(new MaxEval(10_000), new UnivariateObjectiveFunction(f::applyAsDouble), GoalType.MINIMIZE,
                        new SearchInterval(lo, hi))
                .getPoint();
    }

    @Test
    void minimiserAgreesWithClosedFormAndBrent() {
        for (GoldenSection.Settings s : List.of(FRESH, CARRIED)) {
            for (Case c : CASES) {
                GoldenSection.Bracket b = GoldenSection.minimize(c.f(), c.lo(), c.hi(), s);
                assertTrue(b.width() <= 1e-12, c.name() + ": bracket " + b);
                double x = b.midpoint();
                assertEquals(c.argmin(), x, c.tol(), c.name() + " closed form");
                assertEquals(brent(c.f(), c.lo(), c.hi()), x, c.tol(), c.name() + " Brent");
            }
        }
    }

    @Test
    void maximizeFindsTheMaximumOfAConcaveFunction() {
        GoldenSection.Bracket b = GoldenSection.maximize(x -> Math.sin(x), 0, 3, FRESH);
        assertEquals(Math.PI / 2, b.midpoint(), 1e-7);
    }

    @Test
    void iterationCapAndToleranceStopTheSearch() {
        DoubleUnaryOperator f = x -> (x - 0.3) * (x - 0.3);
        GoldenSection.Bracket few = GoldenSection.minimize(f, 0, 1, new GoldenSection.Settings(10, 0, true, true));
        assertEquals(Math.pow(GoldenSection.RATIO, 10), few.width(), 1e-12);
        GoldenSection.Bracket none = GoldenSection.minimize(f, 0, 1, new GoldenSection.Settings(0, 0, true, true));
        assertEquals(0, none.lower());
        assertEquals(1, none.upper());
        GoldenSection.Bracket loose = GoldenSection.minimize(f, 0, 1, new GoldenSection.Settings(1000, 0.01, true, true));
        assertTrue(loose.width() <= 0.01 && loose.width() > 0.01 * GoldenSection.RATIO, "stops at the first bracket below 0.01");
    }

    @Test
    void tiesKeepTheChosenSide() {
        DoubleUnaryOperator flat = x -> 1;
        assertEquals(0, GoldenSection.minimize(flat, 0, 1, new GoldenSection.Settings(60, 1e-12, true, true)).lower());
        assertEquals(1, GoldenSection.minimize(flat, 0, 1, new GoldenSection.Settings(60, 1e-12, false, false)).upper());
    }

    @Test
    void evaluationCountsFollowTheStepping() {
        int[] calls = {0};
        DoubleUnaryOperator f = x -> {
            calls[0]++;
            return x * x;
        };
        GoldenSection.minimize(f, -1, 2, new GoldenSection.Settings(20, 0, true, true));
        assertEquals(40, calls[0]);
        calls[0] = 0;
        GoldenSection.minimize(f, -1, 2, new GoldenSection.Settings(20, 0, true, false));
        assertEquals(21, calls[0]);
    }

    @Test
    void refusesBadArguments() {
        assertThrows(InvalidArgumentException.class, () -> new GoldenSection.Settings(-1, 0, true, true));
        assertThrows(InvalidArgumentException.class, () -> new GoldenSection.Settings(1, Double.NaN, true, true));
        assertThrows(InvalidArgumentException.class, () -> GoldenSection.minimize(x -> x, 1, 0, FRESH));
        assertThrows(InvalidArgumentException.class, () -> GoldenSection.minimize(x -> x, 0, Double.POSITIVE_INFINITY, FRESH));
    }
}
