package rwdp.data;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where the real data sets are looked for. With no override, the Debian install locations;
 * with a root DIR ({@code --data-dir DIR} or the environment variable {@code RWDP_DATA}), the
 * same paths under DIR (as left by {@code dpkg-deb -x PACKAGE.deb DIR}), then DIR/NAME, then DIR
 * itself.
 */
public final class DataLocation {
    /** The environment variable naming a data root when no override is given. */
    public static final String ENV = "RWDP_DATA";

    /** Debian's install folder of Fashion-MNIST (package {@code dataset-fashion-mnist}). */
    public static final String FASHION_MNIST_DIR = "/usr/share/datasets/fashion-mnist";

    /** Debian's install path of the UCI housing CSV (package {@code python3-sklearn}). */
    public static final String HOUSING_FILE = "/usr/lib/python3/dist-packages/sklearn/datasets/data/boston_house_prices.csv";

    private DataLocation() {}

    /** Returns the data root in effect: {@code override} when not null, else $RWDP_DATA when set, else null (system paths). */
    public static Path root(Path override) {
        if (override != null) {
            return override;
        }
        String env = System.getenv(ENV);
        return env == null || env.isBlank() ? null : Path.of(env);
    }

    /**
     * Returns the first candidate location of {@code systemPath} (a file or a folder) that exists,
     * or the first candidate when none does (for the error message).
     */
    static Path resolve(Path root, String systemPath) {
        List<Path> c = candidates(root, systemPath);
        for (Path p : c) {
            if (Files.exists(p)) {
                return p;
            }
        }
        return c.get(0);
    }

    static List<Path> candidates(Path root, String systemPath) {
        List<Path> c = new ArrayList<>();
        if (root == null) {
            c.add(Path.of(systemPath));
            return c;
        }
        Path sys = Path.of(systemPath);
        c.add(root.resolve(systemPath.substring(1)));
        c.add(root.resolve(sys.getFileName().toString()));
        if (!systemPath.endsWith(".csv")) {
            c.add(root);
        }
        return c;
    }
}
