package rwdp.bounds.dfedrw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class DfedrwBoundsTest {
    // Literature values: ζ(2) = π²/6, −ζ'(2) = 0.93754825431584375 (OEIS A073002), ζ(3/2) = 2.6123753486854883
    // (OEIS A078434), −ζ'(3/2) = 3.9322397374311... (OEIS A114875).
    private static void assertContains(CertifiedSum s, double truth) {
        assertTrue(s.lower() <= truth && truth <= s.upper(), "[" + s.lower() + ", " + s.upper() + "] misses " + truth);
    }

    @Test
    void certifiedSeriesContainTheLiteratureValues() {
        assertContains(StepSizeSeries.zeta(2), Math.PI * Math.PI / 6);
        assertContains(StepSizeSeries.zeta(1.5), 2.6123753486854883);
        assertContains(StepSizeSeries.logSquaredSteps(1, 1, 1), 0.93754825431584375);
        assertEquals(3.9322397374311, StepSizeSeries.logSquaredSteps(0.75, 1, 1).value(), 1e-9);
        // λ(n) = n ζ(1 + q)/(2R): q = 1 gives n π²/(12 R), used here as R = 2.
        assertEquals(7 * Math.PI * Math.PI / 24, StepSizeSeries.lambdaN(7, 1, 2).value(), 1e-9);
        assertTrue(StepSizeSeries.zeta(2).error() < 1e-10, "certified width ~ N^-2 with N = 2e5 terms");
    }

    @Test
    void seriesDivergeWhereThePaperSays() {
        assertFalse(StepSizeSeries.logSquaredSteps(0.5, 1, 1).finite());
        assertFalse(StepSizeSeries.squaredSteps(0.4, 1).finite());
        assertTrue(StepSizeSeries.lambdaN(3, 0.1, 1).finite());
    }

    @Test
    void theorem1IsTheSumOfItsTermsOverKToTheOneMinusQ() {
        DfedrwConvergenceBound b = new DfedrwConvergenceBound(10, 0.75, 1, 0.6, 2, 3, 0.5, 1.5, 1);
        double psi = 11 * 2 * 4 * 3.9322397374311 / Math.log(1 / 0.6);
        double kappa = (3 + 0.25) * 4 / 4 * 2.6123753486854883;
        assertEquals(psi, b.psi().value(), 1e-8 * psi);
        assertEquals(kappa, b.kappa().value(), 1e-9 * kappa);
        double num = 0.5 * 1.5 * 1.5 + b.psi().value() + b.kappa().value() + b.lambda().value();
        assertEquals(num / Math.pow(81, 0.25), b.theorem1(81).value(), 1e-9 * num);
        assertEquals("psi(n, lambda_P)", b.dominantTerm());
    }

    @Test
    void tauFollowsItsDefinition() {
        DfedrwConvergenceBound b = new DfedrwConvergenceBound(4, 0.75, 1, Math.exp(-1), 1, 1, 1, 0, 1);
        // ln(1/λ_P) = 1: τ^k = min{k, max{⌈ln(2ζk)⌉, K_P}}.
        assertEquals(1, b.tau(1, 1, 1));
        assertEquals(3, b.tau(10, 1, 1));
        assertEquals(8, b.tau(1000, 1, 1));
        assertEquals(8, b.tau(1000, 1, 5), "K_P below the log term changes nothing");
        assertEquals(20, b.tau(1000, 1, 20), "K_P above the log term wins");
        assertEquals(6, b.tau(6, 1, 50));
    }

    @Test
    void badParametersAreRejectedWithReadableMessages() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new DfedrwConvergenceBound(4, 0.75, 1, 1.0, 1, 1, 1, 0, 1));
        assertTrue(e.getMessage().contains("lambda_P"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> QuantizationBounds.varianceBound(0, 0.1, 1));
    }

    /** Prop. 1's bit condition is exactly the break-even of ϱ(64 + b d)/(32 d) < 1. */
    @Property(tries = 300)
    void bitConditionIsTheBreakEven(@ForAll @DoubleRange(min = 0.2, max = 8) double rho, @ForAll @IntRange(min = 2, max = 32) int b,
                                    @ForAll @IntRange(min = 1, max = 100000) int d) {
        double limit = QuantizationBounds.maxBits(rho, d);
        double ratio = QuantizationBounds.bitRatio(rho, b, d);
        if (Math.abs(b - limit) > 1e-9 * Math.max(1, Math.abs(limit))) {
            assertEquals(b < limit, ratio < 1);
        }
    }
}
