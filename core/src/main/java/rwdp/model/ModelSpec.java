package rwdp.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import rwdp.check.InvalidArgumentException;

/**
 * A classifier named by its architecture, as a value: parsed once from {@code softmax},
 * {@code mlp:H[,H2...]}, {@code 2fnn} or {@code 3fnn} ({@link #GRAMMAR}) or built by the
 * factories, validated at construction, read into {@link #layers layer sizes} and
 * {@link #build built} once its size is checked ({@link ClassifierModels#checkFits}). Its
 * {@link #toString()} is the canonical text, which {@link #parse} reads back to an equal value.
 */
public sealed interface ModelSpec {
    /** The texts {@link #parse} accepts. */
    String GRAMMAR = "softmax, mlp:H[,H2...], 2fnn or 3fnn";

    /**
     * Returns the layer sizes on {@code inputs} features and {@code classes} classes, inputs first and classes last
     * ({@code softmax} is the two sizes alone).
     *
     * @throws InvalidArgumentException when a fixed network (2fnn, 3fnn) does not fit the data
     */
    int[] layers(int inputs, int classes);

    /**
     * Returns the untrained model on {@code inputs} features and {@code classes} classes, unchecked for size (see {@link #build}).
     *
     * @throws InvalidArgumentException when a fixed network does not fit the data
     */
    ClassifierModel create(int inputs, int classes);

    /**
     * Returns the model as {@link #create} does, its size checked first: {@code copies} parameter vectors and the
     * activations of a batch of {@code batch} samples must fit one array each and the heap.
     *
     * @throws InvalidArgumentException when a fixed network does not fit the data, or the model is too large
     */
    default ClassifierModel build(int inputs, int classes, double copies, int batch) {
        ClassifierModels.checkFits(layers(inputs, classes), copies, batch, "model " + this);
        return create(inputs, classes);
    }

    /** Returns softmax regression. */
    static ModelSpec softmax() {
        return new Softmax();
    }

    /** Returns Wang et al.'s 2FNN, 784-100-10. */
    static ModelSpec twoFnn() {
        return new TwoFnn();
    }

    /** Returns Wang et al.'s 3FNN, 784-200-200-10. */
    static ModelSpec threeFnn() {
        return new ThreeFnn();
    }

    /** Returns the perceptron with ReLU hidden layers of these sizes. @throws InvalidArgumentException when none or one below 1 */
    static ModelSpec mlp(int... hidden) {
        List<Integer> h = new ArrayList<>();
        for (int u : hidden) {
            h.add(u);
        }
        return new Mlp(h);
    }

    /**
     * Returns the model named by {@code text} (case and surrounding blanks ignored; {@code mlp} alone is mlp:32).
     *
     * @throws InvalidArgumentException when the text is none of {@link #GRAMMAR} or a hidden size is not a whole number from 1
     */
    static ModelSpec parse(String text) {
        String m = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        switch (m) {
            case "softmax": return softmax();
            case "2fnn": return twoFnn();
            case "3fnn": return threeFnn();
            case "mlp": return mlp(32);
            default: break;
        }
        if (!m.startsWith("mlp:")) {
            throw new InvalidArgumentException("unknown model '" + text + "'; expected " + GRAMMAR);
        }
        List<Integer> hidden = new ArrayList<>();
        for (String h : m.substring(4).split(",")) {
            try {
                hidden.add(Integer.parseInt(h.strip()));
            } catch (NumberFormatException e) {
                throw new InvalidArgumentException("cannot read hidden units '" + h.strip() + "' in model '" + text
                        + "'; expected whole numbers from 1 to " + Integer.MAX_VALUE);
            }
        }
        return new Mlp(hidden);
    }

    /** Multinomial logistic regression ({@link SoftmaxRegression}). */
    record Softmax() implements ModelSpec {
        @Override public int[] layers(int inputs, int classes) { return new int[] {inputs, classes}; }
        @Override public ClassifierModel create(int inputs, int classes) { return new SoftmaxRegression(inputs, classes); }
        @Override public String toString() { return "softmax"; }
    }

    /** Wang et al.'s 2FNN (§VI-A): 784-100-10, for Fashion-MNIST. */
    record TwoFnn() implements ModelSpec {
        @Override public int[] layers(int inputs, int classes) { return fixed(this, inputs, classes, 100); }
        @Override public ClassifierModel create(int inputs, int classes) { layers(inputs, classes); return MultiLayerPerceptron.twoFnn(); }
        @Override public String toString() { return "2fnn"; }
    }

    /** Wang et al.'s 3FNN (§VI-A): 784-200-200-10, for Fashion-MNIST. */
    record ThreeFnn() implements ModelSpec {
        @Override public int[] layers(int inputs, int classes) { return fixed(this, inputs, classes, 200, 200); }
        @Override public ClassifierModel create(int inputs, int classes) { layers(inputs, classes); return MultiLayerPerceptron.threeFnn(); }
        @Override public String toString() { return "3fnn"; }
    }

    /**
     * A perceptron with ReLU hidden layers ({@link TwoLayerPerceptron} for one, {@link MultiLayerPerceptron} for more).
     *
     * @param hidden the units of each hidden layer, at least one layer, each at least 1
     */
    record Mlp(List<Integer> hidden) implements ModelSpec {
        /** @throws InvalidArgumentException when there is no hidden layer or one has fewer than 1 unit */
        public Mlp {
            hidden = List.copyOf(hidden);
            if (hidden.isEmpty()) {
                throw new InvalidArgumentException("model mlp needs at least one hidden layer; expected mlp:H[,H2...]");
            }
            for (int u : hidden) {
                if (u < 1) {
                    throw new InvalidArgumentException("model '" + text(hidden) + "' has a hidden layer of " + u
                            + " units; every layer needs at least 1");
                }
            }
        }

        @Override
        public int[] layers(int inputs, int classes) {
            int[] sizes = new int[hidden.size() + 2];
            sizes[0] = inputs;
            sizes[sizes.length - 1] = classes;
            for (int k = 0; k < hidden.size(); k++) {
                sizes[k + 1] = hidden.get(k);
            }
            return sizes;
        }

        @Override
        public ClassifierModel create(int inputs, int classes) {
            int[] sizes = layers(inputs, classes);
            return hidden.size() == 1 ? new TwoLayerPerceptron(inputs, hidden.get(0), classes) : new MultiLayerPerceptron(sizes);
        }

        @Override
        public String toString() {
            return text(hidden);
        }

        private static String text(List<Integer> hidden) {
            return "mlp:" + hidden.stream().map(String::valueOf).collect(Collectors.joining(","));
        }
    }

    /** Returns the layers of a fixed Fashion-MNIST network: 784 inputs, {@code hidden}, 10 classes. */
    private static int[] fixed(ModelSpec model, int inputs, int classes, int... hidden) {
        if (inputs != 784 || classes != 10) {
            throw new InvalidArgumentException("model " + model + " takes 784 inputs and 10 classes (Fashion-MNIST); the data has "
                    + inputs + " features and " + classes + " classes");
        }
        int[] sizes = new int[hidden.length + 2];
        sizes[0] = 784;
        System.arraycopy(hidden, 0, sizes, 1, hidden.length);
        sizes[sizes.length - 1] = 10;
        return sizes;
    }
}
