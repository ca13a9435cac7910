package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;
import java.util.Arrays;
import java.util.List;

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

    // ---- The accountant's other answers over all pairs: sampled, by the trace, certified ----

    /** Statistics at one BFS distance with a confidence interval on the mean. */
    public record DistanceSummary(int distance, long count, double min, double mean, double max, double ciLow, double ciHigh) {}

    /**
     * All-pairs statistics estimated from K senders, a stratified sample on the diagonal of f(W − J/n).
     *
     * @param sources    the senders, increasing
     * @param pooled     exact statistics over the sampled pairs (max_sampled and its pair)
     * @param mean       the estimate of the mean over all ordered pairs (certain rows plus each stratum's size times its
     *                   mean row mean, over n) with its interval (Hall's skewness-corrected t on the stratified
     *                   estimate, finite-population corrected)
     * @param predicted  whether the mean is the difference estimator on the proxy's predicted row means (the anonymous
     *                   sender), whose interval is on the residuals the proxy cannot see
     * @param byDistance per BFS distance: pooled min/max and the ratio estimate of the mean with its interval
     * @param design     how the senders were chosen: certain ones, strata and the proxy's walks
     * @param check      the proxy check: the same design drawn on the proxy as population
     */
    public record Sample(int[] sources, PairStatistics pooled, Interval mean, boolean predicted,
                         List<DistanceSummary> byDistance, SampleDesign design, ProxyCheck check) {
        /**
         * Checks the sample.
         *
         * @throws InvalidArgumentException when a component is null, or the design has more certain senders than the
         *     sample has senders
         */
        public Sample {
            if (sources == null || pooled == null || mean == null || byDistance == null || design == null || check == null) {
                throw new InvalidArgumentException("a sample needs its senders, pooled statistics, mean, distance groups, design"
                        + " and proxy check");
            }
            if (design.certain() > sources.length) {
                throw new InvalidArgumentException("a sample's certain senders (" + design.certain() + ") must be at most the "
                        + sources.length + " senders");
            }
            sources = sources.clone();
            byDistance = List.copyOf(byDistance);
        }

        /**
         * Returns whether the design's intervals are in doubt: the proxy check's coverage is significantly below the
         * level (its one-sided 99.9% Clopper–Pearson upper bound is below it). The check draws the same design with
         * the proxy as population, so it speaks for the intervals on quantities shaped as the proxy: the per-distance
         * means and, for the sender known, the mean ({@link #meanDoubtful}).
         */
        public boolean intervalsDoubtful() {
            return check.below(mean.level());
        }

        /** Returns whether the mean's interval is in doubt: {@link #intervalsDoubtful} unless the mean is predicted. */
        public boolean meanDoubtful() {
            return !predicted && intervalsDoubtful();
        }

        /** Returns a copy of the sampled senders, increasing. */
        @Override
        public int[] sources() {
            return sources.clone();
        }
    }

    /**
     * An estimate with its confidence interval.
     *
     * @param value the estimate
     * @param low   lower end of the interval
     * @param high  upper end
     * @param level confidence level, in (0, 1)
     */
    public record Interval(double value, double low, double high, double level) {
        /**
         * Checks the interval.
         *
         * @throws InvalidArgumentException when the level is not in (0, 1) or low &gt; high
         */
        public Interval {
            if (!(level > 0 && level < 1)) {
                throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
            }
            if (low > high) {
                throw new InvalidArgumentException("an interval's low end " + low + " is above its high end " + high);
            }
        }
    }

    /**
     * How a sample's senders were chosen (Cochran, Sampling Techniques, §5A.13 certainty strata).
     *
     * @param certain      how many of the senders were computed with certainty (hubs and far-out diagonals), not drawn
     * @param strata       how many strata the other senders were drawn from
     * @param walkSteps    the length m of the walks whose return terms stratified the senders (0: no strata)
     * @param walkProducts the sparse products W·x those walks took before the draw, beyond the K rows (an operator
     *                     application is its degree of them)
     */
    public record SampleDesign(int certain, int strata, int walkSteps, long walkProducts) {
        /**
         * Checks the design.
         *
         * @throws InvalidArgumentException when a count is negative
         */
        public SampleDesign {
            if (certain < 0 || strata < 0 || walkSteps < 0 || walkProducts < 0) {
                throw new InvalidArgumentException("a sample's certain senders (" + certain + "), strata (" + strata
                        + "), walk steps (" + walkSteps + ") and products (" + walkProducts + ") must be >= 0");
            }
        }
    }

    /**
     * The proxy check of a sample's design: of {@code draws} draws of the same design with the proxy as population,
     * how many gave an interval covering the proxy's own total (0 draws: no proxy, no check).
     *
     * @param covered the draws whose interval covered
     * @param draws   the draws
     */
    public record ProxyCheck(int covered, int draws) {
        /**
         * Checks the counts.
         *
         * @throws InvalidArgumentException when a count is negative or covered &gt; draws
         */
        public ProxyCheck {
            if (draws < 0 || covered < 0 || covered > draws) {
                throw new InvalidArgumentException("a proxy check covers between 0 and its " + draws + " draws, got " + covered);
            }
        }

        /** Returns the share of draws that covered (NaN without draws). */
        public double coverage() {
            return (double) covered / draws;
        }

        /** Returns whether the coverage is significantly below {@code level}: its one-sided 99.9% Clopper–Pearson upper bound is. */
        public boolean below(double level) {
            return draws > 0 && rwdp.bounds.audit.EpsilonAudit.clopperPearsonUpper(covered, draws, 0.001) < level;
        }
    }

    /**
     * The mean of ε_{u→v} over all ordered pairs from the identity f(W − J/n)𝟙 = 0: the off-diagonal
     * entries sum to −trace, so mean = a − b·trace(f(W − J/n))/(n(n − 1)).
     *
     * @param route  "spectrum" (trace = Σ f(λ_i) from the dense eigenvalues, exact) or "hutchinson"
     *               (stochastic trace estimate, Rademacher probes projected on 1⊥)
     * @param mean   the mean over all ordered pairs
     * @param ciLow  lower end of the interval (= mean for "spectrum")
     * @param ciHigh upper end
     * @param probes Hutchinson probes (0 for "spectrum")
     */
    public record MeanIdentity(String route, double mean, double ciLow, double ciHigh, int probes) {}

    /**
     * Min, mean and max of ε_{u→v} over all ordered pairs u ≠ v, each as an interval [lo, hi] proven up to floating-point
     * rounding and the Lanczos interval of W (see {@link PndpAccountant#certified}); the max's and the min's inner ends are attained:
     * the exact row of {@code argmaxU} (within the expansion's tolerance).
     *
     * @param walkSteps S, the length of the exact walks from every node
     * @param lambdaStar λ* = max|λ| of W on 1⊥, from the Lanczos interval
     * @param pairTail   the bound on every pair's Σ_{t>S} |A^t_uv|/t, in f units (before α T/(σ² n))
     * @param candidateSenders senders whose walk bound reaches the attained max: their exact rows close the max's
     *                   interval when they are few enough (then maxHi is the max of those rows plus the tolerance)
     * @param candidateWalkSteps the length of the longer walks from the candidates that narrowed them (0 if none ran)
     */
    public record Certified(int walkSteps, double lambdaStar, double pairTail, double minLo, double minHi, double meanLo,
                            double meanHi, double maxLo, double maxHi, int argmaxU, int argmaxV, int candidateSenders,
                            int candidateWalkSteps) {}
}
