package rwdp.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;

/** Model specs are read into layer sizes and sized before any parameter vector exists. */
class ClassifierModelsTest {
    @Test
    void layersFollowTheSpecAndTheEstimateCountsTheBuiltModelsParameters() {
        assertArrayEquals(new int[] {20, 10}, ModelSpec.parse("softmax").layers(20, 10));
        assertArrayEquals(new int[] {20, 32, 10}, ModelSpec.parse("mlp").layers(20, 10));
        assertArrayEquals(new int[] {20, 7, 3, 10}, ModelSpec.parse("mlp:7,3").layers(20, 10));
        assertArrayEquals(new int[] {784, 200, 200, 10}, ModelSpec.parse("3fnn").layers(784, 10));
        assertEquals(new SoftmaxRegression(20, 10).parameters(), ClassifierModels.parameters(new int[] {20, 10}));
        assertEquals(new TwoLayerPerceptron(20, 7, 10).parameters(), ClassifierModels.parameters(new int[] {20, 7, 10}));
        assertEquals(MultiLayerPerceptron.threeFnn().parameters(), ClassifierModels.parameters(new int[] {784, 200, 200, 10}));
        assertEquals(new MultiLayerPerceptron(20, 7, 3, 10).parameters(), ClassifierModels.parameters(new int[] {20, 7, 3, 10}));
    }

    @Test
    void aBillionHiddenUnitsAreRefusedByTheArrayLimitAndTheConstructorAgrees() {
        int[] layers = ModelSpec.parse("mlp:1000000000").layers(20, 10);
        assertEquals(3.1e10 + 10, ClassifierModels.parameters(layers), 1);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> ClassifierModels.checkFits(layers, 1, 1, "model mlp:1000000000"));
        assertTrue(e.getMessage().contains("3.10e+10 parameters") && e.getMessage().contains("model mlp:1000000000"), e.getMessage());
        // h·d overflowed an int in the perceptron's offsets before this check.
        assertThrows(InvalidArgumentException.class, () -> new TwoLayerPerceptron(20, 1_000_000_000, 10));
    }

    @Test
    void aModelThatFitsOneArrayIsStillRefusedWhenItsCopiesExceedTheHeap() {
        // 2.1e8 parameters fit one array; a million copies of them (1.7e15 bytes) fit no heap.
        int[] layers = {20, 10_000_000, 2};
        assertTrue(ClassifierModels.parameters(layers) < ClassifierModels.MAX_PARAMETERS);
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class,
                () -> ClassifierModels.checkFits(layers, 1e6, 50, "model mlp:10000000"));
        assertTrue(e.getMessage().contains("of memory, more than the"), e.getMessage());
        ClassifierModels.checkFits(new int[] {784, 200, 200, 10}, 77, 50, "model 3fnn");
        assertTrue(ClassifierModels.estimateBytes(new int[] {784, 200, 200, 10}, 77, 50) > 8.0 * 199_210 * 77);
    }

    @Test
    void malformedSpecsNameWhatWouldWork() {
        for (String bad : new String[] {"mlp:x", "mlp:0", "mlp:99999999999", "tree"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ModelSpec.parse(bad).layers(20, 10));
            assertTrue(e.getMessage().contains(bad.startsWith("mlp") ? "hidden" : "expected"), e.getMessage());
        }
        assertThrows(InvalidArgumentException.class, () -> ModelSpec.parse("2fnn").layers(20, 10));
    }
}
