package rwdp.data;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import rwdp.check.InvalidArgumentException;

/**
 * Reads a classification set from a CSV file: one sample per line, the integer class label
 * (0..C−1) first, then the features; blank lines and lines starting with {@code #} are skipped;
 * a first line that does not parse as numbers is taken as a header.
 */
public final class ClassificationCsv {
    private ClassificationCsv() {}

    /**
     * Returns the samples of {@code file}; C is one more than the largest label.
     *
     * @throws InvalidArgumentException when file is missing, unreadable or not UTF-8 text, a line is not
     *     'label,feature,...' finite numbers with the same number of features and a label &gt;= 0, or it holds no sample
     */
    public static LabeledData read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file);
        } catch (NoSuchFileException e) {
            throw new InvalidArgumentException("data file not found: " + file);
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new InvalidArgumentException("data file " + file + " is not a text CSV (it holds bytes that are not UTF-8 text);"
                    + " expected lines 'label,feature,...'");
        } catch (IOException e) {
            throw new InvalidArgumentException("cannot read data file " + file + ": " + e.getMessage());
        }
        List<double[]> xs = new ArrayList<>();
        List<Integer> ys = new ArrayList<>();
        int d = -1;
        int lineNo = 0;
        for (String raw : lines) {
            lineNo++;
            String line = raw.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            String[] parts = line.split("\\s*,\\s*");
            double[] x = new double[parts.length - 1];
            int y;
            try {
                y = Integer.parseInt(parts[0]);
                for (int k = 1; k < parts.length; k++) {
                    x[k - 1] = Double.parseDouble(parts[k]);
                }
            } catch (NumberFormatException e) {
                if (xs.isEmpty() && ys.isEmpty() && d < 0) {
                    d = -2;
                    continue;
                }
                throw new InvalidArgumentException(file + " line " + lineNo + ": not 'label,feature,...' numbers");
            }
            for (int k = 0; k < x.length; k++) {
                // A NaN or infinite feature (1e400 parses as infinity) would poison every gradient it enters.
                if (!Double.isFinite(x[k])) {
                    throw new InvalidArgumentException(file + " line " + lineNo + ", column " + (k + 2) + ": '" + parts[k + 1]
                            + "' is not a finite number; every feature must be a finite number");
                }
            }
            if (x.length == 0) {
                throw new InvalidArgumentException(file + " line " + lineNo + ": no features after the label");
            }
            if (d >= 0 && x.length != d) {
                throw new InvalidArgumentException(file + " line " + lineNo + ": " + x.length + " features, expected " + d);
            }
            if (y < 0) {
                throw new InvalidArgumentException(file + " line " + lineNo + ": negative label " + y);
            }
            d = x.length;
            xs.add(x);
            ys.add(y);
        }
        if (xs.isEmpty()) {
            throw new InvalidArgumentException("data file " + file + " holds no samples");
        }
        int[] y = ys.stream().mapToInt(Integer::intValue).toArray();
        int classes = 0;
        for (int v : y) {
            classes = Math.max(classes, v + 1);
        }
        return LabeledData.adopt(xs.toArray(new double[0][]), y, Math.max(2, classes));
    }
}
