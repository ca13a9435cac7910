package rwdp.bounds.skipping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The three accountings of ε_skip: the paper's RDP + Mironov, the improved conversion, the exact μ-GDP curve (Skip-Ring). */
class SkipAccountingTest {

    @Property(tries = 200)
    void exactBelowImprovedBelowThePapersLevel(@ForAll @IntRange(min = 1, max = 100_000) int htilde,
                                               @ForAll @DoubleRange(min = 0.05, max = 200) double sigmaOverK,
                                               @ForAll @DoubleRange(min = -12, max = -1) double log10Delta) {
        double delta = Math.pow(10, log10Delta);
        double rdp = SkipPrivacy.ringEpsilonForSigma(sigmaOverK, delta, htilde);
        double improved = SkipPrivacy.ringImprovedForSigma(sigmaOverK, delta, htilde).epsilon();
        double exact = SkipPrivacy.ringExactEpsilonForSigma(sigmaOverK, delta, htilde);
        assertTrue(improved <= rdp * (1 + 1e-12), improved + " > " + rdp);
        assertTrue(exact <= improved * (1 + 1e-9) + 1e-12, exact + " > " + improved);
        assertTrue(exact >= 0); // 0 where δ ≥ δ(0) = 2Φ(μ/2) − 1, e.g. h̃ = 1, σ/k = 7.96, δ = 0.1
    }

    @Test
    void exactEqualsIndependentValues() {
        // Theorem 2's setting of §VI-B (ε = 1, δ = δ' = 1e-6, n = 10, h_max = 1000, p = 1/2: h̃ = 96); mpmath, 40 digits.
        long ht = SkipPrivacy.htilde(1000, 10, 0.5, 1e-6);
        assertEquals(96, ht);
        double s = Math.sqrt(8 * Math.log(1.25e6));
        assertEquals(10.006207860729306, SkipPrivacy.ringExactEpsilonForSigma(s, 1e-6, ht), 1e-10);
        assertEquals(11.429343666612612, SkipPrivacy.ringEpsilonForSigma(s, 1e-6, ht), 1e-11);
    }

    @Property(tries = 30)
    void randRingImprovedNeverAboveTheorem3(@ForAll @IntRange(min = 2, max = 40) int n,
                                            @ForAll @IntRange(min = 1, max = 30) int rounds,
                                            @ForAll @DoubleRange(min = 0, max = 0.9) double p,
                                            @ForAll @DoubleRange(min = 0.2, max = 50) double sigmaOverK) {
        SkipPrivacy.Epsilon paper = SkipPrivacy.randRingForSigma(n, (long) n * rounds, p, sigmaOverK, 1e-6, 1e-6);
        SkipPrivacy.Epsilon improved = SkipPrivacy.randRingImprovedForSigma(n, (long) n * rounds, p, sigmaOverK, 1e-6, 1e-6);
        assertEquals(paper.a(), improved.a(), 0);
        assertTrue(improved.epsilonSkip() <= paper.epsilonSkip() * (1 + 1e-12), improved + " vs " + paper);
        assertTrue(improved.alpha() <= (1 + Math.sqrt(2 * sigmaOverK * sigmaOverK + 1)) / 2 * (1 + 1e-12));
    }

    @Test
    void refusesMeaninglessArguments() {
        assertThrows(IllegalArgumentException.class, () -> SkipPrivacy.ringExactEpsilonForSigma(0, 1e-6, 5));
        assertThrows(IllegalArgumentException.class, () -> SkipPrivacy.ringExactEpsilonForSigma(1, 1, 5));
        assertThrows(IllegalArgumentException.class, () -> SkipPrivacy.ringExactEpsilonForSigma(1, 1e-6, 0));
        assertThrows(IllegalArgumentException.class, () -> SkipPrivacy.ringImprovedForSigma(Double.NaN, 1e-6, 5));
    }
}
