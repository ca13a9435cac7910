package rwdp.algo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import rwdp.latency.ExponentialLatency;
import rwdp.model.LogisticLoss;
import rwdp.model.UnitNormClassification;
import rwdp.model.Vectors;

class SkippingSchemeTest {
    final UnitNormClassification data = UnitNormClassification.synthetic(5, 200, 3, 3);
    final LogisticLoss loss = data.loss();

    @Test
    void withoutSkippingEveryHopUpdatesAndTheRandRingVisitsEachNodeOncePerRound() {
        List<Integer> visits = new ArrayList<>();
        SkippingScheme alg = new SkippingScheme(loss, new ExponentialLatency(1),
                new SkippingScheme.Params(SkippingScheme.Path.RAND_RING, 50, Double.POSITIVE_INFINITY, 0.5, 0.5, 0, 1));
        SkippingScheme.Result r = alg.run(new SplittableRandom(1));
        assertEquals(50, r.updates());
        // ℓ = h_max χ + Σ t > h_max χ.
        assertTrue(r.latency() > 25);
        assertTrue(Vectors.norm(r.tau()) <= 1 + 1e-12);
    }

    @Test
    void theRingPathVisitsNodesInOrderAndAFixedSeedIsReproducible() {
        SkippingScheme alg = new SkippingScheme(loss, new ExponentialLatency(1),
                new SkippingScheme.Params(SkippingScheme.Path.RING, 100, 0.7, 0.01, 0.5, 1, 2));
        SkippingScheme.Result a = alg.run(new SplittableRandom(9));
        SkippingScheme.Result b = alg.run(new SplittableRandom(9));
        assertEquals(a.latency(), b.latency(), 0);
        assertEquals(a.updates(), b.updates());
        assertTrue(a.updates() > 20 && a.updates() < 80, "about half of the hops update at t_skip = 0.7");
    }

    @Test
    void noiseCalibrationMatchesFootnote4() {
        // Yakimenka et al. (IEEE JSAIT 2024, arXiv:2212.03080), §VI-D: σ_h ≈ 10.5976 for ε = 1, δ = 1e-6.
        assertEquals(10.5976, SkippingScheme.gaussianSigma(1, 1, 1e-6), 5e-5);
    }

    @Test
    void hmaxMustBeWholeRounds() {
        assertThrows(IllegalArgumentException.class, () -> new SkippingScheme(loss, new ExponentialLatency(1),
                new SkippingScheme.Params(SkippingScheme.Path.RING, 12, 1, 0.01, 0.5, 1, 1)));
    }
}
