package rwdp.sampling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.random.MeanInterval;

/**
 * Strata of sorted values by Dalenius' criterion (min Σ N_h S_h over contiguous cuts; Cochran, Sampling Techniques,
 * 3rd ed., §5A.7) with their predicted interval widths, and the proportional allocation of draws to strata.
 */
public final class Stratification {
    private Stratification() {}

    /** The most strata a design draws from (each takes at least 2 senders, so its variance can be estimated). */
    public static final int MAX_STRATA = 6;

    /** Strata of sorted values (cuts are positions in them, not copies of the values): the cuts 0 = c_0 &lt; … &lt; c_H = m and the predicted width of the total's interval. */
    public record Cuts(double width, int[] cuts) {}

    /**
     * Returns, for each feasible H ≤ min({@value #MAX_STRATA}, draws/2) in increasing order, the
     * cuts 0 = c_0 &lt; … &lt; c_H = x.length minimising Σ N_h S_h over the sorted {@code x} (dynamic programming over
     * candidate cuts: every position up to 512 values, else the 128 nearest each end and 256 quantiles) and the
     * predicted width t(ν)·se of the stratified total with them.
     */
    public static List<Cuts> options(double[] x, int draws) {
        int m = x.length;
        List<Cuts> out = new ArrayList<>();
        int hMax = Math.max(1, Math.min(MAX_STRATA, Math.min(draws / 2, Math.min(m / 3, m - draws))));
        int[] cand = candidates(m);
        int g = cand.length;
        double[] pre = new double[m + 1];
        double[] preSq = new double[m + 1];
        for (int i = 0; i < m; i++) {
            pre[i + 1] = pre[i] + x[i];
            preSq[i + 1] = preSq[i] + x[i] * x[i];
        }
        // best[h][j]: least Σ N S of h strata covering x[0..cand[j]); from[h][j]: the index of the previous cut.
        double[][] best = new double[hMax + 1][g];
        int[][] from = new int[hMax + 1][g];
        for (double[] r : best) {
            Arrays.fill(r, Double.POSITIVE_INFINITY);
        }
        best[0][0] = 0;
        for (int h = 1; h <= hMax; h++) {
            for (int j = 1; j < g; j++) {
                for (int i = 0; i < j; i++) {
                    if (best[h - 1][i] == Double.POSITIVE_INFINITY || cand[j] - cand[i] < 3) {
                        continue;
                    }
                    double v = best[h - 1][i] + segmentCost(pre, preSq, cand[i], cand[j]);
                    if (v < best[h][j]) {
                        best[h][j] = v;
                        from[h][j] = i;
                    }
                }
            }
            if (best[h][g - 1] == Double.POSITIVE_INFINITY) {
                continue;
            }
            int[] cuts = new int[h + 1];
            int j = g - 1;
            for (int s = h; s >= 0; s--) {
                cuts[s] = cand[j];
                j = from[s][j];
            }
            out.add(new Cuts(predictedWidth(x, cuts, draws), cuts));
        }
        if (out.isEmpty()) {
            out.add(new Cuts(predictedWidth(x, new int[] {0, m}, draws), new int[] {0, m}));
        }
        return out;
    }

    /** Returns N·S of x[i..j) from prefix sums (population of j − i nodes, sample variance). */
    private static double segmentCost(double[] pre, double[] preSq, int i, int j) {
        int m = j - i;
        double s = pre[j] - pre[i];
        double ss = preSq[j] - preSq[i];
        double var = Math.max(0, (ss - s * s / m) / (m - 1));
        return m * Math.sqrt(var);
    }

    /** Returns the candidate cut positions of m sorted values, increasing, 0 and m included. */
    private static int[] candidates(int m) {
        if (m <= 512) {
            return IntStream.rangeClosed(0, m).toArray();
        }
        return IntStream.concat(IntStream.concat(IntStream.rangeClosed(0, 128), IntStream.rangeClosed(m - 128, m)),
                IntStream.rangeClosed(0, 256).map(i -> (int) ((long) m * i / 256))).distinct().sorted().toArray();
    }

    /** Returns t(ν)·se of the stratified total for the cuts, the proxy standing in for the rows, draws as {@link #allocate}. */
    private static double predictedWidth(double[] x, int[] cuts, int draws) {
        int strata = cuts.length - 1;
        int[] sizes = new int[strata];
        double[] var = new double[strata];
        for (int h = 0; h < strata; h++) {
            sizes[h] = cuts[h + 1] - cuts[h];
            var[h] = segmentVariance(x, cuts[h], cuts[h + 1]);
        }
        int[] k = allocate(sizes, draws);
        double v = 0;
        double v2 = 0;
        for (int h = 0; h < strata; h++) {
            double a = (double) sizes[h] * sizes[h] * (1 - (double) k[h] / sizes[h]) * var[h] / k[h];
            v += a;
            v2 += a * a / (k[h] - 1);
        }
        if (!(v > 0)) {
            return 0;
        }
        return MeanInterval.studentQuantile(0.95, v * v / v2) * Math.sqrt(v);
    }

    /**
     * Returns the draws of each stratum, proportional to its size (largest remainders), each at least 2 and at most
     * N_h − 1, summing to {@code draws}: Neyman's allocation would follow the proxy's spread, which for the strata far
     * out is the spread of a handful of nodes and leaves the bulk one or two draws, too few to estimate its variance.
     *
     * @throws InvalidArgumentException if the draws cannot be placed within those bounds
     */
    public static int[] allocate(int[] sizes, int draws) {
        int strata = sizes.length;
        long total = 0;
        long max = 0;
        for (int s : sizes) {
            total += s;
            max += s - 1;
        }
        if (draws < 2 * strata || draws > max) {
            throw new InvalidArgumentException(draws + " draws do not fit " + strata + " strata of sizes " + Arrays.toString(sizes));
        }
        int[] k = new int[strata];
        double[] rem = new double[strata];
        int left = draws;
        for (int h = 0; h < strata; h++) {
            double share = (double) draws * sizes[h] / total;
            k[h] = Math.min(sizes[h] - 1, Math.max(2, (int) Math.floor(share)));
            rem[h] = share - k[h];
            left -= k[h];
        }
        // Move single draws by the largest remainder (or from the largest surplus) until the bounds and the sum hold.
        while (left != 0) {
            int arg = -1;
            for (int h = 0; h < strata; h++) {
                boolean ok = left > 0 ? k[h] < sizes[h] - 1 : k[h] > 2;
                if (ok && (arg < 0 || (left > 0 ? rem[h] > rem[arg] : rem[h] < rem[arg]))) {
                    arg = h;
                }
            }
            int step = left > 0 ? 1 : -1;
            k[arg] += step;
            rem[arg] -= step;
            left -= step;
        }
        return k;
    }

    /** Returns the sample variance of x[from..to) (0 for fewer than 2 values), two-pass. */
    private static double segmentVariance(double[] x, int from, int to) {
        int m = to - from;
        if (m < 2) {
            return 0;
        }
        double mu = 0;
        for (int i = from; i < to; i++) {
            mu += x[i];
        }
        mu /= m;
        double ss = 0;
        for (int i = from; i < to; i++) {
            ss += (x[i] - mu) * (x[i] - mu);
        }
        return ss / (m - 1);
    }

}
