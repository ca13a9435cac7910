package rwdp.bounds.dfedrw;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.model.LogisticLoss;

class HeterogeneityEstimatesTest {
    /** Identical local losses: E_i||∇F_i||² = ||∇f||², so the Def. 1 ratio is exactly 1 (the homogeneous system of §III-C). */
    @Test
    void identicalDevicesHaveDissimilarityOne() {
        double[][] x = {{1, 2}, {1, 2}, {1, 2}};
        double[] y = {1, 1, 1};
        LogisticLoss l = LogisticLoss.onePerNode(x, y, 1, 0);
        assertEquals(1, HeterogeneityEstimates.dissimilarity(l, new double[] {0.3, -0.1}), 1e-12);
    }

    /** Two devices with opposite gradients g and −g at w: ∇f = 0, so the ratio is unbounded (Def. 1 needs ∇f ≠ 0). */
    @Test
    void opposingDevicesMakeTheRatioUnbounded() {
        double[][] x = {{1, 0}, {1, 0}};
        double[] y = {1, -1};
        LogisticLoss l = LogisticLoss.onePerNode(x, y, 1, 0);
        assertEquals(Double.POSITIVE_INFINITY, HeterogeneityEstimates.dissimilarity(l, new double[] {0, 0}));
        double near = HeterogeneityEstimates.dissimilarity(l, new double[] {1e-3, 0});
        assertTrue(near > 1e5, "ratio near the minimiser should be huge, got " + near);
    }

    /** γ = ||∇F_j(w')|| / ||∇F_i(w)|| by hand for a ridge-only loss (∇ = ρ w). */
    @Test
    void inexactnessIsTheGradientNormRatio() {
        double[][] x = {{0, 0}, {0, 0}};
        double[] y = {1, 1};
        LogisticLoss l = LogisticLoss.onePerNode(x, y, 0, 2);
        double g = HeterogeneityEstimates.inexactness(l, 0, new double[] {3, 4}, 1, new double[] {0.6, 0.8});
        assertEquals(0.2, g, 1e-12);
    }
}
