package rwdp.data;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * A synthetic C-class set generated in code (no download): class c has mean μ_c, a point drawn
 * uniformly on the sphere of radius {@code separation} in d dimensions, and samples are
 * x = μ_c + N(0, I_d), classes drawn uniformly. The means depend only on the generator's seed,
 * so a training and a test set drawn from the same generator share them. Stands in for the
 * MNIST / Fashion-MNIST sets of Wang et al. §VI-A.
 */
public final class GaussianMixtureData {
    private final double[][] means;

    /**
     * Creates the generator of {@code classes} classes in {@code dimension} dimensions; means from {@code seed}.
     *
     * @throws InvalidArgumentException when dimension &lt; 1, classes &lt; 2, or separation is not positive and
     *     finite
     */
    public GaussianMixtureData(int dimension, int classes, double separation, long seed) {
        if (dimension < 1) {
            throw new InvalidArgumentException("dimension must be >= 1, got " + dimension);
        }
        if (classes < 2) {
            throw new InvalidArgumentException("need at least 2 classes, got " + classes);
        }
        if (!(separation > 0) || Double.isInfinite(separation)) {
            throw new InvalidArgumentException("class separation must be positive and finite, got " + separation);
        }
        SplittableRandom rng = new SplittableRandom(seed);
        means = new double[classes][dimension];
        for (double[] mu : means) {
            double s = 0;
            for (int k = 0; k < dimension; k++) {
                mu[k] = rng.nextGaussian();
                s += mu[k] * mu[k];
            }
            double f = separation / Math.sqrt(s);
            for (int k = 0; k < dimension; k++) {
                mu[k] *= f;
            }
        }
    }

    /** Returns the number of classes. */
    public int classes() {
        return means.length;
    }

    /** Returns the dimension. */
    public int dimension() {
        return means[0].length;
    }

    /**
     * Returns {@code count} samples drawn with {@code rng}.
     *
     * @throws InvalidArgumentException when count &lt; 1
     */
    public LabeledData sample(int count, SplittableRandom rng) {
        if (count < 1) {
            throw new InvalidArgumentException("sample count must be >= 1, got " + count);
        }
        int d = dimension();
        LabeledData.checkFits(count, d, count + " synthetic samples of " + d + " features",
                "use fewer samples or fewer features, or ", rwdp.check.Remedy.LARGER_HEAP);
        double[][] x = new double[count][d];
        int[] y = new int[count];
        for (int r = 0; r < count; r++) {
            int c = rng.nextInt(means.length);
            y[r] = c;
            for (int k = 0; k < d; k++) {
                x[r][k] = means[c][k] + rng.nextGaussian();
            }
        }
        return LabeledData.adopt(x, y, means.length);
    }
}
