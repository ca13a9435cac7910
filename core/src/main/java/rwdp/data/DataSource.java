package rwdp.data;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;

/**
 * Where a classification experiment's samples come from, as a value: parsed once from
 * {@code synthetic}, {@code file:PATH} or {@code fashion-mnist[:DIR]} ({@link #GRAMMAR}) or built by
 * the factories, then {@link #load loaded} into a training and a test set. Its {@link #toString()}
 * is the canonical text, which {@link #parse} reads back to an equal value.
 */
public sealed interface DataSource {
    /** The texts {@link #parse} accepts. */
    String GRAMMAR = "synthetic, file:PATH or fashion-mnist[:DIR]";

    /** A training set and a test set. */
    record Sets(LabeledData train, LabeledData test) {}

    /**
     * Returns the training and test sets, drawn from {@code rng}: for the synthetic mixture {@code train} and
     * {@code test} samples of {@code dimension} features and {@code classes} classes around means of norm
     * {@code separation} drawn from {@code meansSeed}; for Fashion-MNIST seeded subsets of {@code train} and
     * {@code test} images (all when they cover the halves); for a file an 80/20 split of its rows.
     *
     * @throws InvalidArgumentException when the shape or sizes are invalid, or a file is missing or malformed
     * @throws DataUnavailableException when the Fashion-MNIST files are not installed
     */
    Sets load(int dimension, int classes, double separation, int train, int test, long meansSeed, SplittableRandom rng);

    /** Returns the file or folder this source reads, if it names one. */
    default Optional<Path> file() {
        return Optional.empty();
    }

    /** Returns the synthetic Gaussian mixture ({@link GaussianMixtureData}). */
    static DataSource synthetic() {
        return new Synthetic();
    }

    /** Returns the CSV file {@code path} (label first, then the features). @throws InvalidArgumentException when the path is empty */
    static DataSource csvFile(Path path) {
        return new CsvFile(path);
    }

    /** Returns Fashion-MNIST read from the Debian location, or from under {@code root} when not null ({@link DataLocation}). */
    static DataSource fashionMnist(Path root) {
        return new FashionMnist(root);
    }

    /**
     * Returns the source named by {@code text} (the keyword's case and surrounding blanks ignored; an empty DIR is the default location).
     *
     * @throws InvalidArgumentException when the text is none of {@link #GRAMMAR} or its path cannot be a path
     */
    static DataSource parse(String text) {
        String t = text == null ? "" : text.strip();
        int colon = t.indexOf(':');
        String name = (colon < 0 ? t : t.substring(0, colon)).strip().toLowerCase(Locale.ROOT);
        String arg = colon < 0 ? null : t.substring(colon + 1).strip();
        try {
            if (name.equals("synthetic") && arg == null) {
                return synthetic();
            }
            if (name.equals("file") && arg != null) {
                return csvFile(Path.of(arg));
            }
            if (name.equals("fashion-mnist")) {
                return fashionMnist(arg == null || arg.isEmpty() ? null : Path.of(arg));
            }
        } catch (InvalidPathException e) {
            throw new InvalidArgumentException("data '" + text + "' names no valid path: " + e.getMessage());
        }
        throw new InvalidArgumentException("unknown data '" + text + "'; expected " + GRAMMAR);
    }

    /** The seeded Gaussian mixture of {@link GaussianMixtureData}: no download. */
    record Synthetic() implements DataSource {
        @Override
        public Sets load(int dimension, int classes, double separation, int train, int test, long meansSeed, SplittableRandom rng) {
            GaussianMixtureData gen = new GaussianMixtureData(dimension, classes, separation, meansSeed);
            LabeledData trainData = gen.sample(train, rng);
            return new Sets(trainData, gen.sample(test, rng));
        }

        @Override
        public String toString() {
            return "synthetic";
        }
    }

    /**
     * A CSV file read by {@link ClassificationCsv}, split 80/20 into training and test rows.
     *
     * @param path the file
     */
    record CsvFile(Path path) implements DataSource {
        /** @throws InvalidArgumentException when the path is null or empty */
        public CsvFile {
            if (path == null || path.toString().isEmpty()) {
                throw new InvalidArgumentException("data file:PATH names no file; expected the path of a CSV file (label,feature,...)");
            }
        }

        @Override
        public Sets load(int dimension, int classes, double separation, int train, int test, long meansSeed, SplittableRandom rng) {
            LabeledData all = ClassificationCsv.read(path);
            int[][] fifths = LabelSkewPartition.iid(all, 5, rng);
            return new Sets(rows(all, fifths, 0, 4), rows(all, fifths, 4, 5));
        }

        @Override
        public Optional<Path> file() {
            return Optional.of(path);
        }

        @Override
        public String toString() {
            return "file:" + path;
        }

        /** Returns the rows of {@code parts[from..to)} of {@code all}. */
        private static LabeledData rows(LabeledData all, int[][] parts, int from, int to) {
            int size = 0;
            for (int k = from; k < to; k++) {
                size += parts[k].length;
            }
            int[] rows = new int[size];
            int r = 0;
            for (int k = from; k < to; k++) {
                for (int idx : parts[k]) {
                    rows[r++] = idx;
                }
            }
            return all.select(rows);
        }
    }

    /**
     * Fashion-MNIST, the paper's data set (Debian package {@code dataset-fashion-mnist}).
     *
     * @param root the data root to look under, or null for the Debian location (or $RWDP_DATA, see {@link DataLocation})
     */
    record FashionMnist(Path root) implements DataSource {
        /** Reads an empty root as the default location, as {@link #parse} does. */
        public FashionMnist {
            if (root != null && root.toString().isEmpty()) {
                root = null;
            }
        }

        @Override
        public Sets load(int dimension, int classes, double separation, int train, int test, long meansSeed, SplittableRandom rng) {
            rwdp.data.FashionMnist fm = rwdp.data.FashionMnist.load(root);
            LabeledData trainData = fm.train().subsample(train, rng);
            return new Sets(trainData, fm.test().subsample(test, rng));
        }

        @Override
        public Optional<Path> file() {
            return Optional.ofNullable(root);
        }

        @Override
        public String toString() {
            return root == null ? "fashion-mnist" : "fashion-mnist:" + root;
        }
    }
}
