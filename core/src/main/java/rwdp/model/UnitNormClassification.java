package rwdp.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import rwdp.check.Copies;
import rwdp.check.InvalidArgumentException;

/**
 * A binary classification task with unit-norm features split across n nodes, plus a held-out
 * test set (Yakimenka et al., §VI-C1: features standardised, each point scaled to ||x|| = 1 so
 * the logistic loss is 1-Lipschitz; 80/20 train/test split; training points dealt at random
 * to the nodes).
 *
 * @param trainX {@code trainX[v][s]} is sample s of node v (unit norm)
 * @param trainY labels ±1 of the training samples
 * @param testX  test features (unit norm)
 * @param testY  test labels ±1
 */
public record UnitNormClassification(double[][][] trainX, double[][] trainY, double[][] testX, double[] testY)
        implements java.io.Serializable {

    /**
     * Copies the arrays after checking them.
     *
     * @throws InvalidArgumentException when trainX is empty or differs from trainY in nodes, or testX is empty or
     *     differs from testY in length
     */
    public UnitNormClassification {
        if (trainX.length == 0 || trainX.length != trainY.length) {
            throw new InvalidArgumentException("need at least one node and labels for every node");
        }
        if (testX.length == 0 || testX.length != testY.length) {
            throw new InvalidArgumentException("need a non-empty test set with one label per point");
        }
        trainX = Copies.deep(trainX);
        trainY = Copies.deep(trainY);
        testX = Copies.deep(testX);
        testY = testY.clone();
    }

    /** Returns a copy of each node's training features. */
    @Override
    public double[][][] trainX() {
        return Copies.deep(trainX);
    }

    /** Returns a copy of each node's training labels. */
    @Override
    public double[][] trainY() {
        return Copies.deep(trainY);
    }

    /** Returns a copy of the test features. */
    @Override
    public double[][] testX() {
        return Copies.deep(testX);
    }

    /** Returns a copy of the test labels. */
    @Override
    public double[] testY() {
        return testY.clone();
    }

    /** Returns the number of nodes. */
    public int nodes() {
        return trainX.length;
    }

    /** Returns the feature dimension d. */
    public int dimension() {
        return testX[0].length;
    }

    /** Returns the plain logistic loss f_v(τ) = (1/|D_v|) Σ log(1 + e^{−y τᵀx}) (Yakimenka et al., §VI-C1), 1-Lipschitz. */
    public LogisticLoss loss() {
        return new LogisticLoss(trainX, trainY, 1.0, 0.0);
    }

    /**
     * Returns the fraction of test points with sign(τᵀx) ≠ y, a tie τᵀx = 0 counting one half (a
     * coin flip) (Yakimenka et al., Fig. 4's error rate).
     */
    public double errorRate(double[] tau) {
        double wrong = 0;
        for (int i = 0; i < testX.length; i++) {
            double m = testY[i] * Vectors.dot(testX[i], tau);
            if (m < 0) {
                wrong += 1;
            } else if (m == 0) {
                wrong += 0.5;
            }
        }
        return wrong / testX.length;
    }

    /**
     * Returns a synthetic stand-in for the binarised housing data: {@code total} points in d
     * dimensions with correlated Gaussian features and a bias column, labels from a noisy linear
     * rule (about 10% label noise), standardised, scaled to unit norm, split 80/20 and dealt to
     * n nodes; fully determined by {@code seed}.
     *
     * @throws InvalidArgumentException when n &lt; 1, d &lt; 2, or total &lt; 5n/4 + 2
     */
    public static UnitNormClassification synthetic(int n, int total, int d, long seed) {
        if (n < 1 || d < 2) {
            throw new InvalidArgumentException("need n >= 1 nodes and d >= 2 features, got n=" + n + ", d=" + d);
        }
        if (total < 5 * n / 4 + 2) {
            throw new InvalidArgumentException("need at least " + (5 * n / 4 + 2) + " points for " + n
                    + " nodes and a 20% test set, got " + total);
        }
        SplittableRandom rng = new SplittableRandom(seed);
        double[] w = new double[d - 1];
        for (int j = 0; j < w.length; j++) {
            w[j] = rng.nextGaussian();
        }
        double[][] rows = new double[total][d];
        double[] labels = new double[total];
        for (int i = 0; i < total; i++) {
            double common = rng.nextGaussian();
            double score = 0.3;
            for (int j = 0; j < d - 1; j++) {
                // A shared factor correlates the features, as in real tabular data.
                rows[i][j] = 0.6 * common + 0.8 * rng.nextGaussian();
                score += w[j] * rows[i][j];
            }
            rows[i][d - 1] = 1;
            labels[i] = score + 0.35 * Math.sqrt(d) * rng.nextGaussian() > 0 ? 1 : -1;
        }
        return prepare(rows, labels, n, rng);
    }

    /**
     * Returns the task read from a CSV file: numeric columns, the last one the target (an
     * optional header line is skipped). A target with values in {0, 1} or {−1, 1} is used as
     * the label; any other target is binarised at its median (above → +1), as the paper does
     * with house prices. Rows are shuffled with {@code seed}, split 80/20 and dealt to n nodes.
     *
     * @throws InvalidArgumentException when file is missing or not UTF-8 text, a cell after the header is not a
     *     finite number, the rows differ in columns, there are fewer than 2 columns, or fewer than 5n/4 + 2 rows
     * @throws UncheckedIOException when reading file fails otherwise
     */
    public static UnitNormClassification fromCsv(Path file, int n, long seed) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new InvalidArgumentException("data file " + file + " does not exist");
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InvalidArgumentException("data file " + file + " is not a text CSV (it holds bytes that are not UTF-8 text)");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read data file " + file + ": " + e.getMessage(), e);
        }
        List<double[]> parsed = new ArrayList<>();
        int cols = -1;
        for (int ln = 0; ln < lines.size(); ln++) {
            String line = lines.get(ln).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s*[,;\\t]\\s*|\\s+");
            double[] v = new double[parts.length];
            int bad = -1;
            for (int j = 0; j < parts.length && bad < 0; j++) {
                try {
                    v[j] = Double.parseDouble(parts[j]);
                } catch (NumberFormatException e) {
                    bad = j;
                }
            }
            if (bad >= 0) {
                // Only a first line with a word in it is a header; NaN, Infinity and 1e400 parse and are refused below.
                if (parsed.isEmpty() && cols < 0) {
                    cols = parts.length;
                    continue;
                }
                throw new InvalidArgumentException(file + " line " + (ln + 1) + ", column " + (bad + 1) + ": '" + parts[bad]
                        + "' is not a number; every cell after the header must be a finite number");
            }
            for (int j = 0; j < v.length; j++) {
                // A NaN or infinite cell (1e400 parses as infinity) would silently turn its column into a constant.
                if (!Double.isFinite(v[j])) {
                    throw new InvalidArgumentException(file + " line " + (ln + 1) + ", column " + (j + 1) + ": '" + parts[j]
                            + "' is not a finite number; every cell after the header must be a finite number");
                }
            }
            if (cols >= 0 && v.length != cols) {
                throw new InvalidArgumentException(file + " line " + (ln + 1) + ": " + v.length + " columns, expected " + cols);
            }
            cols = v.length;
            parsed.add(v);
        }
        if (cols < 2) {
            throw new InvalidArgumentException(file + ": need at least one feature column and a target column");
        }
        int total = parsed.size();
        if (total < 5 * n / 4 + 2) {
            throw new InvalidArgumentException(file + " has " + total + " rows; " + n + " nodes need at least " + (5 * n / 4 + 2));
        }
        double[][] rows = new double[total][cols - 1];
        double[] target = new double[total];
        for (int i = 0; i < total; i++) {
            double[] v = parsed.get(i);
            System.arraycopy(v, 0, rows[i], 0, cols - 1);
            target[i] = v[cols - 1];
        }
        boolean binary = true;
        boolean zeroOne = true;
        for (double t : target) {
            binary &= t == 1 || t == -1 || t == 0;
            zeroOne &= t == 0 || t == 1;
        }
        double[] labels = new double[total];
        if (binary && (zeroOne || Arrays.stream(target).noneMatch(t -> t == 0))) {
            for (int i = 0; i < total; i++) {
                labels[i] = target[i] > 0 ? 1 : -1;
            }
        } else {
            double[] sorted = target.clone();
            Arrays.sort(sorted);
            double median = sorted[total / 2];
            for (int i = 0; i < total; i++) {
                labels[i] = target[i] > median ? 1 : -1;
            }
        }
        return prepare(rows, labels, n, new SplittableRandom(seed));
    }

    /**
     * Returns the binarised UCI housing task of Yakimenka et al., §VI-C1: label +1 when the median
     * home value is above the data set's median (the paper names no threshold; the median gives
     * balanced classes), features standardised and scaled to unit norm, rows shuffled with
     * {@code seed}, split 80/20 and dealt to n nodes.
     *
     * @throws InvalidArgumentException when data has fewer than 5n/4 + 2 rows
     */
    public static UnitNormClassification housing(rwdp.data.HousingCsv data, int n, long seed) {
        double median = data.medianTarget();
        double[][] rows = data.features();
        double[] target = data.target();
        double[] labels = new double[data.size()];
        for (int i = 0; i < rows.length; i++) {
            labels[i] = target[i] > median ? 1 : -1;
        }
        if (rows.length < 5 * n / 4 + 2) {
            throw new InvalidArgumentException("the housing data has " + rows.length + " rows; " + n + " nodes need at least "
                    + (5 * n / 4 + 2));
        }
        return prepare(rows, labels, n, new SplittableRandom(seed));
    }

    /** Standardises the columns, scales rows to unit norm, shuffles, splits 80/20 and deals to nodes. */
    private static UnitNormClassification prepare(double[][] rows, double[] labels, int n, SplittableRandom rng) {
        int total = rows.length;
        int d = rows[0].length;
        for (int j = 0; j < d; j++) {
            double mean = 0;
            for (double[] r : rows) {
                mean += r[j];
            }
            mean /= total;
            double var = 0;
            for (double[] r : rows) {
                var += (r[j] - mean) * (r[j] - mean);
            }
            double sd = Math.sqrt(var / total);
            if (!Double.isFinite(mean) || !Double.isFinite(sd)) {
                // Finite cells near the double range (e.g. 1e300) overflow the plain sums: standardise x/m, m = max |x|.
                double m = 0;
                for (double[] r : rows) {
                    m = Math.max(m, Math.abs(r[j]));
                }
                double scaledMean = 0;
                for (double[] r : rows) {
                    scaledMean += r[j] / m;
                }
                scaledMean /= total;
                double scaledVar = 0;
                for (double[] r : rows) {
                    scaledVar += (r[j] / m - scaledMean) * (r[j] / m - scaledMean);
                }
                double scaledSd = Math.sqrt(scaledVar / total);
                for (double[] r : rows) {
                    r[j] = scaledSd > 0 ? (r[j] / m - scaledMean) / scaledSd : 1;
                }
                continue;
            }
            for (double[] r : rows) {
                // A constant column (e.g. a bias) is kept as 1 rather than standardised to 0.
                r[j] = sd > 0 ? (r[j] - mean) / sd : 1;
            }
        }
        for (double[] r : rows) {
            double norm = Vectors.norm(r);
            Vectors.scale(1 / norm, r);
        }
        int[] order = new int[total];
        for (int i = 0; i < total; i++) {
            order[i] = i;
        }
        for (int i = total - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int test = Math.max(1, total / 5);
        int train = total - test;
        if (train < n) {
            throw new InvalidArgumentException(train + " training points cannot cover " + n + " nodes");
        }
        double[][] testX = new double[test][];
        double[] testY = new double[test];
        for (int i = 0; i < test; i++) {
            testX[i] = rows[order[train + i]];
            testY[i] = labels[order[train + i]];
        }
        int[] count = new int[n];
        for (int i = 0; i < train; i++) {
            count[i % n]++;
        }
        double[][][] tx = new double[n][][];
        double[][] ty = new double[n][];
        for (int v = 0; v < n; v++) {
            tx[v] = new double[count[v]][];
            ty[v] = new double[count[v]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < train; i++) {
            int v = i % n;
            tx[v][fill[v]] = rows[order[i]];
            ty[v][fill[v]++] = labels[order[i]];
        }
        return new UnitNormClassification(tx, ty, testX, testY);
    }
}
