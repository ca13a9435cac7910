package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;

/** Merging row statistics in any grouping gives the statistics of all rows at once (the map/reduce contract). */
class PairStatisticsPropertyTest {

    @Property(tries = 200)
    void mergeIsIndependentOfTheGrouping(@ForAll @IntRange(min = 2, max = 40) int n, @ForAll @IntRange(min = 1, max = 9) int block,
                                         @ForAll @LongRange(min = 0, max = 1_000_000) long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        double[][] eps = new double[n][n];
        int[][] dist = new int[n][n];
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                // Few distinct values, so ties on the max are frequent.
                eps[u][v] = u == v ? 0 : rng.nextInt(5) - 1 + 0.25 * rng.nextInt(3);
                dist[u][v] = u == v ? 0 : 1 + rng.nextInt(4);
            }
        }
        PairStatistics oneByOne = new PairStatistics();
        for (int u = 0; u < n; u++) {
            oneByOne.merge(PairStatistics.ofRow(u, eps[u], dist[u]));
        }
        PairStatistics blocks = new PairStatistics();
        for (int b0 = 0; b0 < n; b0 += block) {
            PairStatistics part = new PairStatistics();
            for (int u = b0; u < Math.min(n, b0 + block); u++) {
                part.merge(PairStatistics.ofRow(u, eps[u], dist[u]));
            }
            blocks.merge(part);
        }
        // Ground truth by a direct row-major scan.
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        long neg = 0;
        int au = -1;
        int av = -1;
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u != v) {
                    double x = eps[u][v];
                    sum += x;
                    min = Math.min(min, x);
                    neg += x < 0 ? 1 : 0;
                    if (x > max) {
                        max = x;
                        au = u;
                        av = v;
                    }
                }
            }
        }
        for (PairStatistics s : new PairStatistics[] {oneByOne, blocks}) {
            assertEquals((long) n * (n - 1), s.count());
            assertEquals(sum, s.sum(), 1e-12 * n * n);
            assertEquals(min, s.min());
            assertEquals(max, s.max());
            assertEquals(au, s.argmaxU());
            assertEquals(av, s.argmaxV());
            assertEquals(neg, s.negative());
        }
        for (int d = 1; d < oneByOne.distances(); d++) {
            assertEquals(oneByOne.count(d), blocks.count(d));
            assertEquals(oneByOne.min(d), blocks.min(d));
            assertEquals(oneByOne.max(d), blocks.max(d));
            assertEquals(oneByOne.sum(d), blocks.sum(d), 1e-12 * n * n);
        }
    }
}
