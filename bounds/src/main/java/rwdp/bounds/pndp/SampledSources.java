package rwdp.bounds.pndp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.random.MeanInterval;
import rwdp.random.Rngs;

/**
 * All-pairs statistics estimated from K senders drawn uniformly without replacement, each row exact, with intervals
 * over the choice of senders (Cyffers et al., §7: the mean privacy loss); hubs (degree at least eight times the
 * median) are computed exactly rather than drawn.
 */
final class SampledSources {
    private SampledSources() {}

    /**
     * Returns all-pairs statistics from {@code k} senders drawn uniformly without replacement with
     * {@code seed}, each row exact; the intervals (at {@code level}) are over the choice of senders.
     */
    public static PndpAccountant.Sample sample(PndpSetting s, PairwiseRows op, int k, long seed, double level, IntConsumer progress) {
        int n = s.w().n();
        if (k < 2 || k > n) {
            throw new InvalidArgumentException("sample size must be in 2.." + n + " (the number of nodes), got " + k);
        }
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        Design design = design(s.graph(), k, seed);
        int[] src = design.senders();
        int blocks = (k + PndpAccountant.DEFAULT_BLOCK - 1) / PndpAccountant.DEFAULT_BLOCK;
        PairStatistics[] rows = new PairStatistics[k];
        AtomicInteger done = new AtomicInteger();
        IntStream.range(0, blocks).parallel().forEach(b -> {
            int from = b * PndpAccountant.DEFAULT_BLOCK;
            int to = Math.min(k, from + PndpAccountant.DEFAULT_BLOCK);
            PairStatistics[] r = SenderBlocks.blockRows(s, op, Arrays.copyOfRange(src, from, to));
            System.arraycopy(r, 0, rows, from, r.length);
            int d = done.addAndGet(to - from);
            if (progress != null) {
                progress.accept(d);
            }
        });
        return design.estimate(rows, n, level);
    }

    /** A node is computed exactly, not sampled, when its degree is at least this many times the median degree. */
    static final double HUB_FACTOR = 8;

    /**
     * Which senders a sample of {@code k} computes: the hubs, every one exact (a certainty stratum), and the rest
     * drawn uniformly without replacement from the other nodes.
     *
     * @param hubs    the nodes of degree at least {@link #HUB_FACTOR} times the median, the highest first cut to at
     *                most k/2, in increasing order
     * @param sampled the drawn senders, in increasing order
     */
    record Design(int[] hubs, int[] sampled) {
        /** Returns every sender, hubs then drawn senders: the order of the rows {@link #estimate} takes. */
        int[] senders() {
            int[] all = Arrays.copyOf(hubs, hubs.length + sampled.length);
            System.arraycopy(sampled, 0, all, hubs.length, sampled.length);
            return all;
        }

        /** Returns the estimates from the exact rows of {@link #senders()}, in that order. */
        PndpAccountant.Sample estimate(PairStatistics[] rows, int n, double level) {
            if (hubs.length == 0) {
                return SampledSources.estimate(sampled, rows, n, level);
            }
            return stratified(hubs, Arrays.copyOf(rows, hubs.length), sampled,
                    Arrays.copyOfRange(rows, hubs.length, rows.length), n, level);
        }
    }

    /**
     * Returns the senders of a sample of {@code k} on {@code g}: the hubs exact, k − hubs drawn with {@code seed} from
     * the other nodes. A star's centre is one row among n whose mean is far from every other's: a uniform sample of
     * 10 or 25 misses it almost always, and no interval from such a sample covers (3–17% of 400 draws on star:300), so
     * what drives that skew is computed, not sampled (Cochran, Sampling Techniques, 3rd ed., §5A.13, certainty strata).
     * Without hubs the draw is the plain uniform one, the same senders as before.
     */
    static Design design(rwdp.graph.Graph g, int k, long seed) {
        int n = g.n();
        int[] deg = new int[n];
        for (int i = 0; i < n; i++) {
            deg[i] = g.degree(i);
        }
        int[] sorted = deg.clone();
        Arrays.sort(sorted);
        double median = sorted[n / 2];
        int[] hubs = IntStream.range(0, n).filter(i -> deg[i] >= HUB_FACTOR * median).boxed()
                .sorted((a, b) -> deg[b] != deg[a] ? Integer.compare(deg[b], deg[a]) : Integer.compare(a, b))
                .limit(Math.min(k / 2, k - 2)).mapToInt(Integer::intValue).sorted().toArray();
        if (hubs.length == 0) {
            return new Design(hubs, drawWithoutReplacement(n, k, seed));
        }
        boolean[] hub = new boolean[n];
        for (int h : hubs) {
            hub[h] = true;
        }
        int[] rest = IntStream.range(0, n).filter(i -> !hub[i]).toArray();
        int[] pick = drawWithoutReplacement(rest.length, k - hubs.length, seed);
        int[] sampled = new int[pick.length];
        for (int j = 0; j < pick.length; j++) {
            sampled[j] = rest[pick[j]];
        }
        return new Design(hubs, sampled);
    }

    /**
     * Returns the estimates of a stratified sample: the hubs' rows exact, the other n − h senders estimated from
     * the drawn rows with {@link #skewCorrectedInterval} (population n − h), combined as totals; per distance the
     * combined ratio (Σ_hubs S_d + (n − h)·S̄_d)/(Σ_hubs C_d + (n − h)·C̄_d) with the drawn part's linearised
     * interval (Cochran, Sampling Techniques, 3rd ed., §5.6 and §6.11).
     */
    static PndpAccountant.Sample stratified(int[] hubs, PairStatistics[] hubRows, int[] src, PairStatistics[] rows, int n,
            double level) {
        int k = rows.length;
        int rest = n - hubs.length;
        PairStatistics pooled = new PairStatistics();
        double hubSum = 0;
        int dmax = 0;
        for (PairStatistics r : hubRows) {
            pooled.merge(r);
            hubSum += r.mean();
            dmax = Math.max(dmax, r.distances());
        }
        double[] rowMeans = new double[k];
        for (int j = 0; j < k; j++) {
            pooled.merge(rows[j]);
            rowMeans[j] = rows[j].mean();
            dmax = Math.max(dmax, rows[j].distances());
        }
        double[] ci = skewCorrectedInterval(rowMeans, rest, level);
        List<PndpAccountant.DistanceSummary> byD = new ArrayList<>();
        for (int d = 1; d < dmax; d++) {
            if (pooled.count(d) == 0) {
                continue;
            }
            double sh = 0;
            double ch = 0;
            for (PairStatistics r : hubRows) {
                sh += r.sum(d);
                ch += r.count(d);
            }
            double sBar = 0;
            double cBar = 0;
            for (PairStatistics r : rows) {
                sBar += r.sum(d) / k;
                cBar += (double) r.count(d) / k;
            }
            double cTotal = ch + rest * cBar;
            double ratio = (sh + rest * sBar) / cTotal;
            double[] e = new double[k];
            for (int j = 0; j < k; j++) {
                e[j] = rows[j].sum(d) - ratio * rows[j].count(d);
            }
            double[] ce = skewCorrectedInterval(e, rest, level);
            double[] rc = atLeastRounding(ratio, ratio + rest * (ce[1] - ce[0]) / cTotal, ratio + rest * (ce[2] - ce[0]) / cTotal);
            byD.add(new PndpAccountant.DistanceSummary(d, pooled.count(d), pooled.min(d), ratio, pooled.max(d), rc[1], rc[2]));
        }
        int[] all = Arrays.copyOf(hubs, hubs.length + src.length);
        System.arraycopy(src, 0, all, hubs.length, src.length);
        Arrays.sort(all);
        double[] mc = atLeastRounding((hubSum + rest * ci[0]) / n, (hubSum + rest * ci[1]) / n, (hubSum + rest * ci[2]) / n);
        return new PndpAccountant.Sample(all, pooled, mc[0], mc[1], mc[2], level, byD);
    }

    /**
     * Returns the sample's estimates from the exact rows {@code rows} of the senders {@code src} (drawn uniformly without
     * replacement from {@code n}): the mean of the row means with {@link #skewCorrectedInterval}, and per BFS distance
     * the ratio estimate with the same interval on its linearised residuals (Cochran, Sampling Techniques, 3rd ed., §6.4).
     *
     * @throws InvalidArgumentException if fewer than 2 rows, more rows than n, or {@code level} is not in (0, 1)
     */
    static PndpAccountant.Sample estimate(int[] src, PairStatistics[] rows, int n, double level) {
        int k = rows.length;
        PairStatistics pooled = new PairStatistics();
        double[] rowMeans = new double[k];
        int dmax = 0;
        for (int j = 0; j < k; j++) {
            pooled.merge(rows[j]);
            rowMeans[j] = rows[j].mean();
            dmax = Math.max(dmax, rows[j].distances());
        }
        double[] meanCi = skewCorrectedInterval(rowMeans, n, level);
        meanCi = atLeastRounding(meanCi[0], meanCi[1], meanCi[2]);
        double mean = meanCi[0];
        List<PndpAccountant.DistanceSummary> byD = new ArrayList<>();
        for (int d = 1; d < dmax; d++) {
            if (pooled.count(d) == 0) {
                continue;
            }
            // Ratio estimator Σ S_d(u) / Σ C_d(u), linearised (Cochran, Sampling Techniques, §6.4): its error is the mean
            // of e_u = S_d(u) − r·C_d(u) over c̄, whose interval takes the same skewness correction as the mean's.
            double r = pooled.sum(d) / pooled.count(d);
            double cbar = (double) pooled.count(d) / k;
            double[] e = new double[k];
            for (int j = 0; j < k; j++) {
                e[j] = rows[j].sum(d) - r * rows[j].count(d);
            }
            double[] ci = skewCorrectedInterval(e, n, level);
            double[] rc = atLeastRounding(r, r + ci[1] / cbar, r + ci[2] / cbar);
            byD.add(new PndpAccountant.DistanceSummary(d, pooled.count(d), pooled.min(d), r, pooled.max(d), rc[1], rc[2]));
        }
        return new PndpAccountant.Sample(src, pooled, mean, meanCi[1], meanCi[2], level, byD);
    }

    /**
     * Returns {mean, low, high}: the sample mean of {@code x} (a simple random sample without replacement from a
     * population of {@code n}) and Hall's skewness-corrected t interval at {@code level} (Hall, "On the removal of
     * skewness by transformation", J. R. Stat. Soc. B 54 (1992) 221–228; Johnson, JASA 73 (1978) 536–544), with the
     * finite-population correction √(1 − k/n) on the standard error (Cochran, Sampling Techniques, 3rd ed., §2.5).
     *
     * <p>With u = (x̄ − μ)/se and γ the sample skewness, Hall's g(u) = u + a·u² + a²u³/3 + b, a = γ/(3√k),
     * b = γ/(6√k), is monotone with the closed-form inverse u = ((1 + 3a(x − b))^{1/3} − 1)/a, and g(u) is
     * referred to Student's t with k − 1 degrees of freedom: a left-skewed population (a few senders with far smaller
     * row means) widens the interval downwards, where the plain t interval undercovers.
     *
     * @throws InvalidArgumentException if fewer than 2 values, {@code n < x.length} or {@code level} is not in (0, 1)
     */
    static double[] skewCorrectedInterval(double[] x, int n, double level) {
        int k = x.length;
        if (k < 2 || n < k) {
            throw new InvalidArgumentException("need 2 <= k <= n values, got k = " + k + ", n = " + n);
        }
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        double mean = 0;
        for (double v : x) {
            mean += v;
        }
        mean /= k;
        double m2 = 0;
        double m3 = 0;
        for (double v : x) {
            double dv = v - mean;
            m2 += dv * dv;
            m3 += dv * dv * dv;
        }
        double s = Math.sqrt(m2 / (k - 1));
        double se = s * Math.sqrt(1 - (double) k / n) / Math.sqrt(k);
        // Rows equal to rounding (vertex-transitive graphs) or the whole population sampled: no spread.
        if (!(se > 1e-14 * Math.abs(mean))) {
            return new double[] {mean, mean - se, mean + se};
        }
        double gamma = (m3 / k) / Math.pow(m2 / k, 1.5);
        double t = MeanInterval.studentQuantile(level, k - 1);
        double a = gamma / (3 * Math.sqrt(k));
        double b = gamma / (6 * Math.sqrt(k));
        double uHigh = hallInverse(t, a, b);
        double uLow = hallInverse(-t, a, b);
        return new double[] {mean, mean - se * uHigh, mean - se * uLow};
    }

    /**
     * The smallest relative half-width of an interval: the rows themselves carry rounding of this order (summed in
     * another order, the same rows give a mean a few ulps away), so a sample whose rows are all equal (a
     * vertex-transitive graph, a star's leaves) gets an interval this wide instead of one of width zero.
     */
    static final double ROUNDING = 1e-12;

    /** Returns {@code {center, low, high}} widened, if need be, to a half-width of {@link #ROUNDING} × |center|. */
    static double[] atLeastRounding(double center, double low, double high) {
        double floor = ROUNDING * Math.abs(center);
        return new double[] {center, Math.min(low, center - floor), Math.max(high, center + floor)};
    }

    /** Returns u with g(u) = x for Hall's g(u) = ((1 + a·u)³ − 1)/(3a) + b (u = x − b when a = 0). */
    private static double hallInverse(double x, double a, double b) {
        if (Math.abs(a) < 1e-12) {
            return x - b;
        }
        return (Math.cbrt(1 + 3 * a * (x - b)) - 1) / a;
    }

    /** Returns k distinct nodes of 0..n−1 drawn uniformly with {@code seed}, in increasing order (partial Fisher–Yates). */
    static int[] drawWithoutReplacement(int n, int k, long seed) {
        SplittableRandom rng = Rngs.root(seed);
        int[] perm = IntStream.range(0, n).toArray();
        for (int i = 0; i < k; i++) {
            int j = i + rng.nextInt(n - i);
            int t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        int[] out = Arrays.copyOf(perm, k);
        Arrays.sort(out);
        return out;
    }
}
