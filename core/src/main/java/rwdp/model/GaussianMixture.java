package rwdp.model;

import java.util.SplittableRandom;
import rwdp.check.Copies;
import rwdp.check.InvalidArgumentException;

/**
 * The data of Ayache et al. §V: labels ±1 with probability 1/2 each, features
 * x ~ N(+μ, v I_d) for y = +1 and N(−μ, v I_d) for y = −1, with μ = mu · 𝟙 (the paper gives
 * neither μ nor d; these are our documented defaults).
 *
 * @param mu        every coordinate of the class mean μ
 * @param variance  the per-coordinate variance v &gt; 0 (10 = high, 1 = low variance regime)
 * @param dimension the feature dimension d ≥ 1
 * @param seed      the seed of the draw
 */
public record GaussianMixture(double mu, double variance, int dimension, long seed) implements java.io.Serializable {

    /** The spec text accepted by {@link #parse}. */
    public static final String GRAMMAR = "gaussian:mu,v,d,seed";

    /**
     * Checks the parameters.
     *
     * @throws InvalidArgumentException when mu is not finite, variance is not positive and finite, or dimension &lt;
     *     1
     */
    public GaussianMixture {
        if (!Double.isFinite(mu)) {
            throw new InvalidArgumentException("gaussian data: mu must be finite, got " + mu);
        }
        if (!(variance > 0) || Double.isInfinite(variance)) {
            throw new InvalidArgumentException("gaussian data: variance v must be positive and finite, got " + variance);
        }
        if (dimension < 1) {
            throw new InvalidArgumentException("gaussian data: dimension d must be >= 1, got " + dimension);
        }
    }

    /**
     * Returns the mixture described by {@code gaussian:mu,v,d,seed}.
     *
     * @throws InvalidArgumentException when spec is not {@code gaussian:mu,v,d,seed} with numbers, or the parameters
     *     are out of range
     */
    public static GaussianMixture parse(String spec) {
        String t = spec == null ? "" : spec.strip();
        if (!t.startsWith("gaussian:")) {
            throw new InvalidArgumentException("cannot read data '" + spec + "'; expected " + GRAMMAR);
        }
        String[] p = t.substring("gaussian:".length()).split(",");
        if (p.length != 4) {
            throw new InvalidArgumentException("cannot read data '" + spec + "'; expected " + GRAMMAR);
        }
        try {
            return new GaussianMixture(Double.parseDouble(p[0].strip()), Double.parseDouble(p[1].strip()),
                    Integer.parseInt(p[2].strip()), Long.parseLong(p[3].strip()));
        } catch (NumberFormatException e) {
            throw new InvalidArgumentException("cannot read data '" + spec + "': " + e.getMessage());
        }
    }

    /** One node-per-sample data set. */
    public record Sample(double[][] features, double[] labels) {
        public Sample {
            features = Copies.deep(features);
            labels = labels.clone();
        }

        /** Returns a copy of the features, one row per node. */
        @Override
        public double[][] features() {
            return Copies.deep(features);
        }

        /** Returns a copy of the ±1 labels. */
        @Override
        public double[] labels() {
            return labels.clone();
        }
    }

    /**
     * Returns one sample per node for {@code nodes} nodes (Ayache et al., §V).
     *
     * @throws InvalidArgumentException when nodes &lt; 1
     */
    public Sample draw(int nodes) {
        if (nodes < 1) {
            throw new InvalidArgumentException("need at least one node, got " + nodes);
        }
        SplittableRandom rng = new SplittableRandom(seed);
        double sd = Math.sqrt(variance);
        double[][] x = new double[nodes][dimension];
        double[] y = new double[nodes];
        for (int i = 0; i < nodes; i++) {
            y[i] = rng.nextBoolean() ? 1 : -1;
            for (int k = 0; k < dimension; k++) {
                x[i][k] = y[i] * mu + sd * rng.nextGaussian();
            }
        }
        return new Sample(x, y);
    }

    /**
     * Returns the §V loss on one sample per node: f_i(w) = N log(1 + exp(−y_i x_iᵀw)) + ½||w||²,
     * whose smoothness is L_i = 1 + N||x_i||²/4 (Ayache et al., eq. (12)-(13), regulariser ½||w||²).
     */
    public LogisticLoss loss(int nodes) {
        Sample s = draw(nodes);
        return LogisticLoss.onePerNode(s.features(), s.labels(), nodes, 1.0);
    }

    /** Returns the spec text of this mixture. */
    public String label() {
        return "gaussian:" + mu + "," + variance + "," + dimension + "," + seed;
    }
}
