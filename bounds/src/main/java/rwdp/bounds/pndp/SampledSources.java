package rwdp.bounds.pndp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import org.apache.commons.math3.distribution.TDistribution;
import rwdp.check.InvalidArgumentException;
import rwdp.random.Rngs;

/**
 * All-pairs statistics estimated from K senders drawn uniformly without replacement, each row exact, with intervals
 * over the choice of senders (Cyffers et al., §7: the mean privacy loss).
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
        int[] src = drawWithoutReplacement(n, k, seed);
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
        PairStatistics pooled = new PairStatistics();
        double[] rowMeans = new double[k];
        int dmax = 0;
        for (int j = 0; j < k; j++) {
            pooled.merge(rows[j]);
            rowMeans[j] = rows[j].mean();
            dmax = Math.max(dmax, rows[j].distances());
        }
        double fpc = Math.sqrt(1 - (double) k / n);
        double t = new TDistribution(null, k - 1).inverseCumulativeProbability(0.5 + level / 2);
        double mean = 0;
        for (double x : rowMeans) {
            mean += x;
        }
        mean /= k;
        double ss = 0;
        for (double x : rowMeans) {
            ss += (x - mean) * (x - mean);
        }
        double half = t * fpc * Math.sqrt(ss / (k - 1) / k);
        List<PndpAccountant.DistanceSummary> byD = new ArrayList<>();
        for (int d = 1; d < dmax; d++) {
            if (pooled.count(d) == 0) {
                continue;
            }
            // Ratio estimator Σ S_d(u) / Σ C_d(u) with its linearised variance (Cochran, Sampling Techniques, §6.4).
            double r = pooled.sum(d) / pooled.count(d);
            double cbar = (double) pooled.count(d) / k;
            double e2 = 0;
            for (PairStatistics row : rows) {
                double e = row.sum(d) - r * row.count(d);
                e2 += e * e;
            }
            double h = t * fpc * Math.sqrt(e2 / (k - 1) / k) / cbar;
            byD.add(new PndpAccountant.DistanceSummary(d, pooled.count(d), pooled.min(d), r, pooled.max(d), r - h, r + h));
        }
        return new PndpAccountant.Sample(src, pooled, mean, mean - half, mean + half, level, byD);
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
