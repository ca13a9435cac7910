package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;
import java.util.Arrays;

/**
 * Mergeable statistics of pairwise losses ε_{u→v} over a set of ordered pairs u ≠ v: count,
 * sum, min, max with its pair, the number of negative values, and the same per BFS distance
 * d(u, v) (Cyffers et al., Fig. 1: loss against shortest-path length). Built row by row and
 * merged block by block, in a fixed order so that the result does not depend on the thread
 * count; the map step of a distributed all-pairs job (docs/cyffers.md).
 */
public final class PairStatistics implements java.io.Serializable {
    private static final long serialVersionUID = 1L;

    private long count;
    private double sum;
    private double min = Double.POSITIVE_INFINITY;
    private double max = Double.NEGATIVE_INFINITY;
    private int argmaxU = -1;
    private int argmaxV = -1;
    private long negative;
    private long[] dCount = new long[0];
    private double[] dSum = new double[0];
    private double[] dMin = new double[0];
    private double[] dMax = new double[0];

    /** Returns empty statistics. */
    public PairStatistics() {}

    /**
     * Returns the statistics of row u: the pairs (u, v), v ≠ u, with BFS distances dist[v] from u.
     *
     * @throws InvalidArgumentException when eps and dist differ in length, or a node v ≠ u has dist[v] &lt; 0 (not
     *     reachable from u)
     */
    public static PairStatistics ofRow(int u, double[] eps, int[] dist) {
        if (eps.length != dist.length) {
            throw new InvalidArgumentException("row has " + eps.length + " entries, distances " + dist.length);
        }
        PairStatistics s = new PairStatistics();
        int dmax = 0;
        for (int d : dist) {
            dmax = Math.max(dmax, d);
        }
        s.grow(dmax + 1);
        for (int v = 0; v < eps.length; v++) {
            if (v == u) {
                continue;
            }
            double x = eps[v];
            s.count++;
            s.sum += x;
            if (x < s.min) {
                s.min = x;
            }
            if (x > s.max) {
                s.max = x;
                s.argmaxU = u;
                s.argmaxV = v;
            }
            if (x < 0) {
                s.negative++;
            }
            int d = dist[v];
            if (d < 0) {
                throw new InvalidArgumentException("node " + v + " is not reachable from " + u);
            }
            s.dCount[d]++;
            s.dSum[d] += x;
            s.dMin[d] = Math.min(s.dMin[d], x);
            s.dMax[d] = Math.max(s.dMax[d], x);
        }
        return s;
    }

    /**
     * Returns statistics holding exactly the given fields (a checkpoint read back; the arrays are copied): the inverse of
     * the accessors {@link #count()} to {@link #max(int)}.
     *
     * @throws InvalidArgumentException when the per-distance arrays differ in length or a count is negative
     */
    public static PairStatistics restore(long count, double sum, double min, double max, int argmaxU, int argmaxV, long negative,
            long[] dCount, double[] dSum, double[] dMin, double[] dMax) {
        int len = dCount.length;
        if (dSum.length != len || dMin.length != len || dMax.length != len) {
            throw new InvalidArgumentException("per-distance arrays differ in length");
        }
        if (count < 0 || negative < 0 || Arrays.stream(dCount).anyMatch(c -> c < 0)) {
            throw new InvalidArgumentException("a count is negative");
        }
        PairStatistics s = new PairStatistics();
        s.count = count;
        s.sum = sum;
        s.min = min;
        s.max = max;
        s.argmaxU = argmaxU;
        s.argmaxV = argmaxV;
        s.negative = negative;
        s.dCount = dCount.clone();
        s.dSum = dSum.clone();
        s.dMin = dMin.clone();
        s.dMax = dMax.clone();
        return s;
    }

    /**
     * Returns the statistics of a full matrix of losses over the ordered pairs u ≠ v, in one row-major pass (no
     * distance groups; the max keeps its first pair in (u, v) order).
     */
    public static PairStatistics ofMatrix(double[][] m) {
        PairStatistics s = new PairStatistics();
        int n = m.length;
        for (int u = 0; u < n; u++) {
            for (int v = 0; v < n; v++) {
                if (u == v) {
                    continue;
                }
                double x = m[u][v];
                s.count++;
                s.sum += x;
                s.min = Math.min(s.min, x);
                if (x > s.max) {
                    s.max = x;
                    s.argmaxU = u;
                    s.argmaxV = v;
                }
                if (x < 0) {
                    s.negative++;
                }
            }
        }
        return s;
    }

    /**
     * Adds {@code o} into this (associative; the max keeps the first pair in (u, v) order on ties, as a
     * row-major scan of the matrix does) and returns this.
     */
    public PairStatistics merge(PairStatistics o) {
        count += o.count;
        sum += o.sum;
        min = Math.min(min, o.min);
        if (o.max > max || (o.max == max && o.argmaxU >= 0
                && (argmaxU < 0 || o.argmaxU < argmaxU || (o.argmaxU == argmaxU && o.argmaxV < argmaxV)))) {
            max = o.max;
            argmaxU = o.argmaxU;
            argmaxV = o.argmaxV;
        }
        negative += o.negative;
        grow(o.dCount.length);
        for (int d = 0; d < o.dCount.length; d++) {
            dCount[d] += o.dCount[d];
            dSum[d] += o.dSum[d];
            dMin[d] = Math.min(dMin[d], o.dMin[d]);
            dMax[d] = Math.max(dMax[d], o.dMax[d]);
        }
        return this;
    }

    private void grow(int len) {
        if (len > dCount.length) {
            int old = dCount.length;
            dCount = Arrays.copyOf(dCount, len);
            dSum = Arrays.copyOf(dSum, len);
            dMin = Arrays.copyOf(dMin, len);
            dMax = Arrays.copyOf(dMax, len);
            Arrays.fill(dMin, old, len, Double.POSITIVE_INFINITY);
            Arrays.fill(dMax, old, len, Double.NEGATIVE_INFINITY);
        }
    }

    /** Returns the number of pairs. */
    public long count() {
        return count;
    }

    /** Returns the sum of the losses. */
    public double sum() {
        return sum;
    }

    /** Returns the mean loss over the pairs (NaN when empty). */
    public double mean() {
        return sum / count;
    }

    /** Returns the smallest loss. */
    public double min() {
        return min;
    }

    /** Returns the largest loss. */
    public double max() {
        return max;
    }

    /** Returns the sender of the largest loss. */
    public int argmaxU() {
        return argmaxU;
    }

    /** Returns the observer of the largest loss. */
    public int argmaxV() {
        return argmaxV;
    }

    /** Returns how many losses are below 0 (possible for Theorem 3's closed form, never for the series). */
    public long negative() {
        return negative;
    }

    /** Returns the largest distance + 1 (distances 0 has no pairs). */
    public int distances() {
        return dCount.length;
    }

    /** Returns the number of pairs at distance d. */
    public long count(int d) {
        return d < dCount.length ? dCount[d] : 0;
    }

    /** Returns the sum of the losses at distance d. */
    public double sum(int d) {
        return d < dSum.length ? dSum[d] : 0;
    }

    /** Returns the smallest loss at distance d. */
    public double min(int d) {
        return dMin[d];
    }

    /** Returns the largest loss at distance d. */
    public double max(int d) {
        return dMax[d];
    }

    /** Returns the mean loss at distance d. */
    public double mean(int d) {
        return dSum[d] / dCount[d];
    }
}
