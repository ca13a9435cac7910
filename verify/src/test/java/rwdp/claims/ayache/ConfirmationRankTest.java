package rwdp.claims.ayache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

/** The distribution-free median bound of ayache.alg3-given-noise's confirmation, against binomial sums done by hand. */
class ConfirmationRankTest {
    @Test
    void rankOfTheMedianLowerBound() {
        // P(Bin(24, 1/2) <= 4) = (1 + 24 + 276 + 2024 + 10626) / 2^24 = 7.7e-4 <= 0.0025 < P(<= 5) = 55455 / 2^24 = 3.3e-3.
        assertEquals(5, RateChecks.medianLowerRank(24, 0.0025));
        // n = 12: P(min above the median) = 2^-12 = 2.4e-4; P(Bin(12, 1/2) <= 1) = 13 / 4096 = 3.2e-3.
        assertEquals(1, RateChecks.medianLowerRank(12, 0.0025));
        // n = 8: even the smallest is above the median with chance 2^-8 = 3.9e-3 > 0.0025.
        assertThrows(IllegalArgumentException.class, () -> RateChecks.medianLowerRank(8, 0.0025));
    }

    @Test
    void binomialUpperTail() {
        // P(Bin(3, 1/2) >= 2) = 4/8.
        assertEquals(0.5, RateChecks.binomialUpperTail(3, 0.5, 2), 1e-15);
        // P(Bin(24, 0.01) >= 5) = sum_{j>=5} C(24, j) 0.01^j 0.99^(24-j) = 3.62685e-6 (exact integer binomials in Python).
        assertEquals(3.62685e-6, RateChecks.binomialUpperTail(24, 0.01, 5), 1e-11);
    }

    @Test
    void logMarginIsMedianDistanceOverRobustSd() {
        // ln values 0, 1, 2: median 1, MAD 1, so (1 - ln e^0)/(1.4826) with threshold 1 (ln 1 = 0).
        double[] xs = {1, Math.E, Math.E * Math.E};
        assertEquals(1 / 1.4826, RateChecks.logMargin(xs, 1), 1e-12);
    }
}
