package rwdp.bounds.skipping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.latency.LatencyModels;

class SkipBoundsTest {
    @Test
    void eTableRecursionEqualsTheLiteralDoubleSums() {
        for (int n : new int[] {2, 10, 500}) {
            for (double p : new double[] {1e-4, 0.3, 0.9}) {
                for (boolean rand : new boolean[] {false, true}) {
                    SkipErrorBound.Params q = new SkipErrorBound.Params(n, p, 0.6, 1, 3, 2, 10, rand);
                    double[] e = SkipErrorBound.eTable(q, 300);
                    for (int h : new int[] {0, 1, 2, 17, 300}) {
                        assertEquals(SkipErrorBound.eNaive(q, h), e[h], 1e-11 * e[h], "n=" + n + " p=" + p + " h=" + h);
                    }
                }
            }
        }
    }

    @Test
    void mixtureEqualsTheFullBinomialSum() {
        SkipErrorBound.Params q = new SkipErrorBound.Params(10, 0.3, 0.6, 1, 1, 1, 10, false);
        int hmax = 400;
        double[] e = SkipErrorBound.eTable(q, hmax);
        double direct = 0;
        for (int h = 0; h <= hmax; h++) {
            double lw = org.apache.commons.math3.util.CombinatoricsUtils.binomialCoefficientLog(hmax, h)
                    + h * Math.log(0.7) + (hmax - h) * Math.log(0.3);
            direct += Math.exp(lw) * e[h];
        }
        assertEquals(direct, SkipErrorBound.bound(q, hmax), 1e-12 * direct);
    }

    @Test
    void fastAEqualsTheTripleSum() {
        for (int n = 2; n <= 12; n += 5) {
            for (double p : new double[] {0, 0.5, 0.8}) {
                for (long ht : new long[] {1, 5, 30}) {
                    double naive = SkipPrivacy.randRingANaive(n, p, ht);
                    assertEquals(naive, SkipPrivacy.randRingA(n, p, ht), 1e-12 * naive);
                }
            }
        }
    }

    @Test
    void theorem2ClosedFormIsTheMinimumOfItsRdpForm() {
        long ht = 96;
        double alpha = SkipPrivacy.ringAlpha(1, 1e-6, ht);
        double atOpt = SkipPrivacy.ringRdpForm(alpha, 1, 1e-6, ht);
        assertEquals(SkipPrivacy.ringEpsilon(1, 1e-6, ht), atOpt, 1e-12 * atOpt);
        assertTrue(SkipPrivacy.ringRdpForm(alpha * 1.01, 1, 1e-6, ht) > atOpt);
        assertTrue(SkipPrivacy.ringRdpForm(1 + (alpha - 1) * 0.99, 1, 1e-6, ht) > atOpt);
    }

    @Test
    void lambda1StableFormEqualsPrintedForm() {
        for (int n : new int[] {2, 3, 10, 500}) {
            for (double p : new double[] {1e-4, 0.5, 0.99}) {
                assertEquals(SkipRingChain.lambda1Printed(n, p), SkipRingChain.lambda1(n, p), 1e-12);
            }
        }
    }

    @Test
    void lemma2ReproducesThePaperOptima() {
        // Yakimenka et al. (IEEE JSAIT 2024, arXiv:2212.03080), §VI-B: optimal p = 0 / 0.710 / 0.737.
        assertEquals(0, SkipLatency.optimalTimeout(LatencyModels.paperExponential(), 0.01).p(), 0);
        assertEquals(0.710, SkipLatency.optimalTimeout(LatencyModels.paperGamma(), 0.01).p(), 5e-4);
        assertEquals(0.737, SkipLatency.optimalTimeout(LatencyModels.paperLomax(), 0.01).p(), 5e-4);
    }

    @Test
    void sigmaFormsEqualTheTheoremsAtTheClassicalCalibration() {
        // Footnote 4: σ/k = √(8 ln(1.25/δ))/ε turns the σ forms of eqs. (13) and (18) into Theorems 2 and 3.
        for (double eps : new double[] {0.3, 1, 4}) {
            for (double delta : new double[] {1e-9, 1e-6, 1e-3}) {
                double s = Math.sqrt(8 * Math.log(1.25 / delta)) / eps;
                for (long ht : new long[] {1, 7, 1000}) {
                    double theorem = SkipPrivacy.ringEpsilon(eps, delta, ht);
                    assertEquals(theorem, SkipPrivacy.ringEpsilonForSigma(s, delta, ht), 1e-12 * theorem);
                }
                for (int n : new int[] {3, 20}) {
                    SkipPrivacy.Epsilon a = SkipPrivacy.randRing(n, 40L * n, 0.5, eps, delta, 1e-6);
                    SkipPrivacy.Epsilon b = SkipPrivacy.randRingForSigma(n, 40L * n, 0.5, s, delta, 1e-6);
                    assertEquals(a.epsilonSkip(), b.epsilonSkip(), 1e-12 * a.epsilonSkip());
                    assertEquals(a.alpha(), b.alpha(), 1e-12 * a.alpha());
                }
            }
        }
    }
}
