package rwdp.model;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import rwdp.check.CanonicalText;
import rwdp.check.InvalidArgumentException;

/** The model value: canonical text read back, validated at construction, layers and built models that agree. */
class ModelSpecTest {
    @Provide
    Arbitrary<ModelSpec> models() {
        return Arbitraries.oneOf(Arbitraries.of(ModelSpec.softmax(), ModelSpec.twoFnn(), ModelSpec.threeFnn()),
                Arbitraries.integers().between(1, Integer.MAX_VALUE).list().ofMinSize(1).ofMaxSize(5).map(ModelSpec.Mlp::new));
    }

    /** Every value's text reads back to an equal value, whose text is the same, in any case. */
    @Property(tries = 300)
    void theTextReadsBack(@ForAll("models") ModelSpec m) {
        CanonicalText.assertReadsBack(m, ModelSpec::parse, true);
    }

    @Test
    void theTextsOfTheClaimsAndTheCommandLineAreCanonical() {
        for (String t : new String[] {"softmax", "2fnn", "3fnn", "mlp:8", "mlp:64,32", "mlp:16,8"}) {
            assertEquals(t, ModelSpec.parse(t).toString());
        }
        assertEquals(ModelSpec.mlp(32), ModelSpec.parse("mlp"));
        assertEquals(ModelSpec.mlp(16, 8), ModelSpec.parse("mlp: 16 , 8"));
        assertEquals(List.of(16, 8), ((ModelSpec.Mlp) ModelSpec.mlp(16, 8)).hidden());
    }

    /** A hidden layer below one unit is refused at construction, whether built or parsed. */
    @Property(tries = 100)
    void emptyLayersAreRefused(@ForAll @IntRange(min = -1_000_000, max = 0) int units) {
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ModelSpec.mlp(8, units));
        assertTrue(e.getMessage().contains("every layer needs at least 1"), e.getMessage());
        assertThrows(InvalidArgumentException.class, () -> ModelSpec.parse("mlp:" + units));
    }

    @Test
    void malformedTextsAreRefusedNamingWhatWouldWork() {
        for (String bad : new String[] {"forest", "", "mlp8", "softmax:1"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ModelSpec.parse(bad));
            assertTrue(e.getMessage().contains("expected softmax, mlp:H[,H2...], 2fnn or 3fnn"), e.getMessage());
        }
        for (String bad : new String[] {"mlp:x", "mlp:99999999999", "mlp:", "mlp:,8"}) {
            InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ModelSpec.parse(bad));
            assertTrue(e.getMessage().contains("hidden units"), e.getMessage());
        }
        assertThrows(InvalidArgumentException.class, () -> ModelSpec.mlp());
    }

    /** The built model has the parameters its layers count, so the size check sizes what is built. */
    @Property(tries = 50)
    void theBuiltModelHasTheParametersOfItsLayers(@ForAll @IntRange(min = 1, max = 30) int inputs,
                                                  @ForAll @IntRange(min = 2, max = 12) int classes,
                                                  @ForAll @IntRange(min = 1, max = 20) int h1, @ForAll @IntRange(min = 0, max = 20) int h2) {
        for (ModelSpec m : new ModelSpec[] {ModelSpec.softmax(), ModelSpec.mlp(h1), h2 == 0 ? ModelSpec.mlp(h1) : ModelSpec.mlp(h1, h2)}) {
            assertEquals(ClassifierModels.parameters(m.layers(inputs, classes)), m.build(inputs, classes, 3, 10).parameters(), m.toString());
        }
    }

    @Test
    void theFixedNetworksTakeFashionMnistOnly() {
        assertArrayEquals(new int[] {784, 100, 10}, ModelSpec.twoFnn().layers(784, 10));
        assertEquals(MultiLayerPerceptron.threeFnn().parameters(), ModelSpec.threeFnn().build(784, 10, 3, 50).parameters());
        InvalidArgumentException e = assertThrows(InvalidArgumentException.class, () -> ModelSpec.twoFnn().build(20, 10, 3, 50));
        assertTrue(e.getMessage().contains("model 2fnn takes 784 inputs and 10 classes"), e.getMessage());
        InvalidArgumentException big = assertThrows(InvalidArgumentException.class, () -> ModelSpec.mlp(1_000_000_000).build(20, 10, 1, 1));
        assertTrue(big.getMessage().contains("model mlp:1000000000"), big.getMessage());
    }
}
