package rwdp.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import rwdp.check.Copies;

/**
 * The UCI housing data (Harrison & Rubinfeld, 1978: 506 Boston census tracts, 13 features, the
 * median home value MEDV as target), used by Yakimenka et al., §VI-C1 for logistic regression. It
 * is read from the CSV shipped by the Debian package {@code python3-sklearn}: a first line
 * "rows,features" (the count header), a second line of column names, then one row of numbers per
 * tract, the target last. One feature (B) encodes the share of Black residents; see the docs.
 *
 * @param columns  the feature names (the target's name excluded)
 * @param features one row of feature values per tract
 * @param target   the median home value of each tract, in $1000s
 */
public record HousingCsv(String[] columns, double[][] features, double[] target) {
    /** The Debian package that ships the file. */
    public static final String PACKAGE = "python3-sklearn";

    /**
     * Returns the data set read from the Debian location, or from under {@code root} (see {@link DataLocation}).
     *
     * @throws DataUnavailableException when the file is missing, unreadable or not in the scikit-learn CSV layout
     */
    public static HousingCsv load(Path root) {
        return read(DataLocation.resolve(DataLocation.root(root), DataLocation.HOUSING_FILE));
    }

    /**
     * Returns the data set in {@code file} (the scikit-learn CSV layout).
     *
     * @throws DataUnavailableException when file is missing, unreadable or not in the scikit-learn CSV layout
     */
    public static HousingCsv read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new DataUnavailableException(PACKAGE, "data file " + file + " not found; install the Debian package "
                    + PACKAGE + " (apt-get install " + PACKAGE + ") or ", rwdp.check.Remedy.DATA_ROOT);
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw malformed(file, "it holds bytes that are not UTF-8 text (a binary file?)");
        } catch (IOException e) {
            throw malformed(file, "cannot read it (" + e.getMessage() + ")");
        }
        if (lines.size() < 3) {
            throw malformed(file, "fewer than 3 lines (count header, column names, data)");
        }
        String[] head = lines.get(0).split(",");
        int rows;
        int feats;
        try {
            rows = Integer.parseInt(head[0].strip());
            feats = Integer.parseInt(head.length > 1 ? head[1].strip() : "");
        } catch (NumberFormatException e) {
            throw malformed(file, "line 1 should be the count header 'rows,features', got '" + lines.get(0) + "'");
        }
        if (rows < 2 || feats < 1) {
            throw malformed(file, "line 1 announces " + rows + " rows and " + feats + " features");
        }
        String[] names = lines.get(1).split(",");
        if (names.length != feats + 1) {
            throw malformed(file, "line 2 names " + names.length + " columns, expected " + (feats + 1) + " (features and target)");
        }
        String[] columns = new String[feats];
        for (int j = 0; j < feats; j++) {
            columns[j] = names[j].strip().replace("\"", "");
        }
        double[][] x = new double[rows][feats];
        double[] y = new double[rows];
        int r = 0;
        for (int ln = 2; ln < lines.size(); ln++) {
            String line = lines.get(ln).strip();
            if (line.isEmpty()) {
                continue;
            }
            if (r == rows) {
                throw malformed(file, "more data rows than the " + rows + " line 1 announces (line " + (ln + 1) + ")");
            }
            String[] parts = line.split(",");
            if (parts.length != feats + 1) {
                throw malformed(file, "line " + (ln + 1) + " has " + parts.length + " values, expected " + (feats + 1));
            }
            for (int j = 0; j <= feats; j++) {
                String name = j < feats ? columns[j] : names[feats].strip().replace("\"", "") + " (the target)";
                double v;
                try {
                    v = Double.parseDouble(parts[j].strip());
                } catch (NumberFormatException e) {
                    throw malformed(file, "line " + (ln + 1) + ", column " + (j + 1) + " " + name + ": '" + parts[j].strip()
                            + "' is not a number");
                }
                // NaN, Infinity or a value beyond the double range (1e400) would turn the column into a constant.
                if (!Double.isFinite(v)) {
                    throw malformed(file, "line " + (ln + 1) + ", column " + (j + 1) + " " + name + ": '" + parts[j].strip()
                            + "' is not a finite number (every cell must be a finite number)");
                }
                if (j < feats) {
                    x[r][j] = v;
                } else {
                    y[r] = v;
                }
            }
            r++;
        }
        if (r != rows) {
            throw malformed(file, r + " data rows, but line 1 announces " + rows);
        }
        return new HousingCsv(columns, x, y);
    }

    public HousingCsv {
        columns = columns.clone();
        features = Copies.deep(features);
        target = target.clone();
    }

    /** Returns a copy of the feature names. */
    @Override
    public String[] columns() {
        return columns.clone();
    }

    /** Returns a copy of the feature rows, one per tract. */
    @Override
    public double[][] features() {
        return Copies.deep(features);
    }

    /** Returns a copy of the median home values. */
    @Override
    public double[] target() {
        return target.clone();
    }

    /** Returns the number of tracts. */
    public int size() {
        return target.length;
    }

    /** Returns the median of the target (the mean of the two middle values for an even count). */
    public double medianTarget() {
        double[] s = target.clone();
        java.util.Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    private static DataUnavailableException malformed(Path file, String why) {
        return new DataUnavailableException(PACKAGE, "data file " + file + " is not the housing CSV: " + why
                + "; fix the file or reinstall the Debian package " + PACKAGE);
    }
}
