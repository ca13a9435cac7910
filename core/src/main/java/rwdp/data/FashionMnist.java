package rwdp.data;

import java.nio.file.Path;

/**
 * The Fashion-MNIST data set (Xiao, Rasul & Vollgraf, Zalando Research, 2017; MIT licence):
 * 60,000 training and 10,000 test 28×28 grey-scale images of 10 clothing classes, as shipped by
 * the Debian package {@code dataset-fashion-mnist}. Wang et al. (DFedRW), §VI-A train their 2FNN
 * and 3FNN on it (784 inputs). Pixels are scaled to [0, 1].
 *
 * @param train the 60,000 training images
 * @param test  the 10,000 test images
 */
public record FashionMnist(LabeledData train, LabeledData test) {
    /** The Debian package that ships the files. */
    public static final String PACKAGE = "dataset-fashion-mnist";

    private static Path cachedDir;
    private static FashionMnist cached;

    /**
     * Returns the data set read from the Debian location, or from under {@code root} (see
     * {@link DataLocation}); the last set read is kept, as it takes ~0.5 GB and a few seconds.
     *
     * @throws DataUnavailableException when the four IDX files are missing or malformed, or their images and labels
     *     do not match
     * @throws rwdp.check.InvalidArgumentException when the images do not fit in the heap
     */
    public static synchronized FashionMnist load(Path root) {
        Path dir = DataLocation.resolve(DataLocation.root(root), DataLocation.FASHION_MNIST_DIR);
        Path key = dir.toAbsolutePath().normalize();
        if (cached != null && key.equals(cachedDir)) {
            return cached;
        }
        FashionMnist f = new FashionMnist(read(dir, "train"), read(dir, "t10k"));
        cachedDir = key;
        cached = f;
        return f;
    }

    /** Returns the images and labels of one half ({@code train} or {@code t10k}) in {@code dir}. */
    static LabeledData read(Path dir, String prefix) {
        Path imgFile = dir.resolve(prefix + "-images-idx3-ubyte.gz");
        Path lblFile = dir.resolve(prefix + "-labels-idx1-ubyte.gz");
        Idx.Array img = Idx.read(imgFile, PACKAGE);
        Idx.Array lbl = Idx.read(lblFile, PACKAGE);
        if (img.dims().length != 3 || lbl.dims().length != 1) {
            throw new DataUnavailableException(PACKAGE, "data files " + imgFile + " / " + lblFile
                    + " should hold images (3 dimensions) and labels (1 dimension); reinstall the Debian package " + PACKAGE);
        }
        int count = img.dims()[0];
        if (lbl.dims()[0] != count) {
            throw new DataUnavailableException(PACKAGE, "data file " + imgFile + " holds " + count + " images but "
                    + lblFile + " " + lbl.dims()[0] + " labels; reinstall the Debian package " + PACKAGE);
        }
        int d = img.dims()[1] * img.dims()[2];
        LabeledData.checkFits(count, d, "data file " + imgFile + " (" + count + " images of " + d + " pixels as doubles)",
                "", rwdp.check.Remedy.LARGER_HEAP);
        double[][] x = new double[count][d];
        int[] y = new int[count];
        for (int r = 0; r < count; r++) {
            double[] row = x[r];
            int base = r * d;
            for (int j = 0; j < d; j++) {
                row[j] = img.get(base + j) / 255.0;
            }
            y[r] = lbl.get(r);
            if (y[r] > 9) {
                throw new DataUnavailableException(PACKAGE, "data file " + lblFile + ": label " + y[r] + " of image " + r
                        + " is not a class 0..9; reinstall the Debian package " + PACKAGE);
            }
        }
        return LabeledData.adopt(x, y, 10);
    }
}
