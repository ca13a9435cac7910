package rwdp.numerics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The one bisection against √2 and the stop rules its callers state. */
class BisectionTest {
    @Test
    void adjacentStopBracketsTheRootBetweenNeighbouringDoubles() {
        Bisection.Bracket b = Bisection.search(0, 2, 200, Bisection.ADJACENT, x -> x * x >= 2);
        assertTrue(b.lo() * b.lo() < 2 && b.hi() * b.hi() >= 2, b.toString());
        assertEquals(Math.nextUp(b.lo()), b.hi());
        assertEquals(Math.sqrt(2), b.mid(), Math.ulp(Math.sqrt(2)));
    }

    @Test
    void widthAndIterationCapStopTheSearch() {
        Bisection.Bracket w = Bisection.search(0, 2, 200, Bisection.width(1e-6), x -> x * x >= 2);
        assertTrue(w.hi() - w.lo() <= 1e-6 && w.hi() - w.lo() > 0.5e-6, w.toString());
        // Three halvings of [0, 2]: [1, 2], [1, 1.5], [1.25, 1.5].
        Bisection.Bracket three = Bisection.search(0, 2, 3, Bisection.NEVER, x -> x * x >= 2);
        assertEquals(1.25, three.lo());
        assertEquals(1.5, three.hi());
        // A geometric midpoint on a positive scale: 1e-3 .. 1e3 around 2.
        Bisection.Bracket g = Bisection.search(1e-3, 1e3, 200, Bisection.width(1e-12), (a, b) -> Math.sqrt(a * b), x -> x >= 2);
        assertEquals(2, g.hi(), 1e-11);
    }

    @Test
    void smallestAtOrBelowInvertsADecreasingCurve() {
        // e^(−x) ≤ 0.01 from x = ln 100: the inverse in closed form.
        double x = Bisection.smallestAtOrBelow(t -> Math.exp(-t), 0.01, 1e-12, 1e4);
        org.junit.jupiter.api.Assertions.assertEquals(Math.log(100), x, 1e-11 * Math.log(100));
        org.junit.jupiter.api.Assertions.assertEquals(0, Bisection.smallestAtOrBelow(t -> Math.exp(-t), 1, 1e-12, 1e4));
        org.junit.jupiter.api.Assertions.assertEquals(Double.POSITIVE_INFINITY,
                Bisection.smallestAtOrBelow(t -> 1 / (1 + t), 1e-5, 1e-12, 1e4)); // reached only at 99999 > the cap
    }
}
