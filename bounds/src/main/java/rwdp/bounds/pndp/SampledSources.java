package rwdp.bounds.pndp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.sampling.Design;
import rwdp.sampling.DesignSearch;
import rwdp.sampling.Frame;
import rwdp.sampling.HallInterval;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.DiagonalProxy;

/**
 * All-pairs statistics estimated from K senders, each row exact, with intervals over the choice of senders
 * (Cyffers et al., §7: the mean privacy loss). Before any sender is drawn, every node's diagonal of f(W − J/n) is
 * computed to a truncated expansion ({@link DiagonalProxy}, deterministic). The anonymous sender's row mean is
 * a − b·f(W − J/n)_uu/(n − 1), so that proxy predicts every row mean: the estimate is the difference estimator, the
 * predicted total plus a uniform sample's estimate of the residuals (hubs computed with certainty). The sender-known
 * loss has no such identity: there the proxy stratifies the senders, its far-out nodes computed with certainty.
 */
final class SampledSources {
    private SampledSources() {}

    /** The diagonal proxy's budget by default, in operator applications (the CLI's default number of probes). */
    static final int DEFAULT_PROBES = 32;

    /**
     * Returns all-pairs statistics from {@code k} exact rows with the proxy of {@link #proxy} within a budget of
     * {@code probes} operator applications (0: no proxy, the hubs exact and the rest drawn uniformly): for the
     * anonymous sender the predictor of the difference estimator, for the known one the strata of
     * {@link DesignSearch#design(Graph, double[], int, long)}; the draw seeded by {@code seed}, the intervals (at {@code level})
     * over the choice of senders.
     *
     * @throws InvalidArgumentException if k is not in 2..n, probes &lt; 0 or the level is not in (0, 1)
     */
    static PairStatistics.Sample sample(PndpSetting s, MatrixFunctionOperator op, int k, int probes, long seed, double level,
            IntConsumer progress) {
        int n = s.w().n();
        if (k < 2 || k > n) {
            throw new InvalidArgumentException("sample size must be in 2.." + n + " (the number of nodes), got " + k);
        }
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        if (probes < 0) {
            throw new InvalidArgumentException("probes must be >= 0, got " + probes);
        }
        DiagonalProxy proxy = probes > 0 && k < n ? proxy(s, op, probes) : null;
        // The anonymous sender's row means are predicted, and only the residuals sampled: a uniform draw. The
        // sender-known ones are not: the proxy stratifies them.
        Frame frame = DesignSearch.frame(s.graph(), proxy == null || !s.senderKnown() ? null : proxy.diagonal(), k);
        Design design = frame.draw(seed);
        int checkCovered = proxy == null ? 0 : proxyCheck(frame, proxy.diagonal(), level, seed);
        int[] src = design.senders();
        PairStatistics[] rows = new PairStatistics[k];
        AtomicInteger done = new AtomicInteger();
        RowDistances dist = new RowDistances(s.graph(), src);
        op.forEachRow(src, (j, row) -> {
            rows[j] = SenderBlocks.rowStatistics(s, src[j], row, dist.of(j));
            int d = done.incrementAndGet();
            if (progress != null) {
                progress.accept(d);
            }
        });
        return estimate(design, rows, n, level, proxy, proxy == null || s.senderKnown() ? null : predictor(s, proxy),
                checkCovered, proxy == null ? 0 : CHECK_DRAWS);
    }

    /**
     * How many draws {@link #proxyCheck} makes: enough that a design covering 0.92 on the proxy (path:600, sender known,
     * K = 10) is flagged on essentially every seed (the one-sided 99.9% Clopper–Pearson bound of 0.92 over 2,000 draws is
     * 0.94; over 400 it reached 0.95 on most seeds), while one covering 0.95 is not.
     */
    static final int CHECK_DRAWS = 2000;

    /**
     * Returns how many of {@value #CHECK_DRAWS} draws of the frame's design, each seeded from {@code seed}, give an
     * interval ({@link HallInterval#stratifiedTotal} at {@code level}) that covers the total of {@code values} when those values
     * are the population: the design's coverage on a population shaped as the proxy. The intervals are location- and
     * scale-equivariant, so where the proxy is an affine image of the row means (its correlation with them is 0.91–0.99
     * on the families measured) this is their coverage; where it is far below the level, the strata leave too few
     * draws for the skewness the proxy shows, and no interval from so few draws can be trusted.
     */
    static int proxyCheck(Frame frame, double[] values, double level, long seed) {
        return DesignSearch.covered(frame, values, level, seed, CHECK_DRAWS);
    }

    /**
     * Returns each sender's row mean as the proxy predicts it for the anonymous sender, a − b·g_u/(n − 1) with g the
     * short-walk terms: exact with the whole diagonal of f(W − J/n) in place of g (its rows sum to 0).
     */
    static double[] predictor(PndpSetting s, DiagonalProxy proxy) {
        double[] g = proxy.diagonal();
        int n = g.length;
        PairLoss loss = s.loss();
        double b = loss.perDiagonal(n);
        for (int u = 0; u < n; u++) {
            g[u] = loss.offset() - b * g[u];
        }
        return g;
    }

    /**
     * Returns the proxy of the setting's diagonal of f(W − J/n) within {@code probes} applications of {@code op}'s
     * expansion ({@link DiagonalProxy#of}), the walks weighted 1/t up to T for the series and without end for the
     * closed form.
     */
    static DiagonalProxy proxy(PndpSetting s, MatrixFunctionOperator op, int probes) {
        return DiagonalProxy.of(op, probes, s.horizon());
    }

    /**
     * Returns the estimates from the exact rows of the design's {@link Design#senders()}, in that order: the certain rows' totals plus
     * each stratum's size times its drawn mean, with {@link HallInterval#stratifiedTotal}'s interval on the drawn part, of the
     * row means less {@code predicted} (every node's predicted row mean, null: none) plus the predictions' total; per
     * distance the combined ratio with the same interval on its linearised residuals (Cochran, Sampling Techniques,
     * 3rd ed., §5A.13 certainty strata, §6.11 the combined ratio estimate); {@code proxy} (null: none) is reported
     * with the sample.
     */
    static PairStatistics.Sample estimate(Design design, PairStatistics[] rows, int n, double level, DiagonalProxy proxy,
            double[] predicted, int checkCovered, int checkDraws) {
        int[] certain = design.certain();
        int[] sizes = design.sizes();
        int[][] drawn = design.drawn();
        int c = certain.length;
        int strata = sizes.length;
        PairStatistics pooled = new PairStatistics();
        int dmax = 0;
        // The difference estimator (Cochran §7.2; Särndal, Swensson and Wretman, Model Assisted Survey Sampling, §6.3):
        // Σ_all ŷ + the estimated total of y − ŷ, unbiased for any ŷ fixed before the draw; without ŷ, the plain one.
        double certainSum = 0;
        if (predicted != null) {
            for (double v : predicted) {
                certainSum += v;
            }
        }
        int[] senders = design.senders();
        for (int j = 0; j < rows.length; j++) {
            pooled.merge(rows[j]);
            dmax = Math.max(dmax, rows[j].distances());
            if (j < c) {
                certainSum += rows[j].mean() - (predicted == null ? 0 : predicted[senders[j]]);
            }
        }
        double[][] x = new double[strata][];
        int at = c;
        for (int h = 0; h < strata; h++) {
            x[h] = new double[drawn[h].length];
            for (int j = 0; j < x[h].length; j++) {
                x[h][j] = rows[at + j].mean() - (predicted == null ? 0 : predicted[senders[at + j]]);
            }
            at += x[h].length;
        }
        double mean;
        double low;
        double high;
        if (strata == 0) {
            mean = certainSum / n;
            low = mean;
            high = mean;
        } else {
            double[] ci = HallInterval.stratifiedTotal(x, sizes, level);
            mean = (certainSum + ci[0]) / n;
            low = (certainSum + ci[1]) / n;
            high = (certainSum + ci[2]) / n;
        }
        double[] mc = HallInterval.atLeastRounding(mean, low, high);
        List<PairStatistics.DistanceSummary> byD = new ArrayList<>();
        for (int d = 1; d < dmax; d++) {
            if (pooled.count(d) == 0) {
                continue;
            }
            double sTotal = 0;
            double cTotal = 0;
            for (int j = 0; j < c; j++) {
                sTotal += rows[j].sum(d);
                cTotal += rows[j].count(d);
            }
            at = c;
            for (int h = 0; h < strata; h++) {
                int kh = drawn[h].length;
                for (int j = 0; j < kh; j++) {
                    sTotal += (double) sizes[h] / kh * rows[at + j].sum(d);
                    cTotal += (double) sizes[h] / kh * rows[at + j].count(d);
                }
                at += kh;
            }
            double ratio = sTotal / cTotal;
            double lo = ratio;
            double hi = ratio;
            if (strata > 0) {
                // The combined ratio's error is (Ŝ − R·Ĉ)/C, a total of the residuals S_d(u) − R·C_d(u) over the
                // drawn strata, whose interval takes the same skewness correction as the mean's.
                double[][] e = new double[strata][];
                at = c;
                for (int h = 0; h < strata; h++) {
                    e[h] = new double[drawn[h].length];
                    for (int j = 0; j < e[h].length; j++) {
                        e[h][j] = rows[at + j].sum(d) - ratio * rows[at + j].count(d);
                    }
                    at += e[h].length;
                }
                double[] ce = HallInterval.stratifiedTotal(e, sizes, level);
                lo = ratio + (ce[1] - ce[0]) / cTotal;
                hi = ratio + (ce[2] - ce[0]) / cTotal;
            }
            double[] rc = HallInterval.atLeastRounding(ratio, lo, hi);
            byD.add(new PairStatistics.DistanceSummary(d, pooled.count(d), pooled.min(d), ratio, pooled.max(d), rc[1], rc[2]));
        }
        int[] all = design.senders();
        Arrays.sort(all);
        return new PairStatistics.Sample(all, pooled, new PairStatistics.Interval(mc[0], mc[1], mc[2], level), predicted != null,
                byD, new PairStatistics.SampleDesign(c, strata, proxy == null ? 0 : proxy.steps(), proxy == null ? 0 : proxy.products()),
                new PairStatistics.ProxyCheck(checkCovered, checkDraws));
    }
}
