package rwdp.bounds.pndp;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.random.MeanInterval;
import rwdp.random.Rngs;
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
     * {@link #design(Graph, double[], int, long)}; the draw seeded by {@code seed}, the intervals (at {@code level})
     * over the choice of senders.
     *
     * @throws InvalidArgumentException if k is not in 2..n, probes &lt; 0 or the level is not in (0, 1)
     */
    public static PndpAccountant.Sample sample(PndpSetting s, MatrixFunctionOperator op, int k, int probes, long seed, double level,
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
        Frame frame = frame(s.graph(), proxy == null || !s.senderKnown() ? null : proxy.diagonal(), k);
        Design design = frame.draw(seed);
        int checkCovered = proxy == null ? 0 : proxyCheck(frame, proxy.diagonal(), level, seed);
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
        return design.estimate(rows, n, level, proxy, proxy == null || s.senderKnown() ? null : predictor(s, proxy),
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
     * interval ({@link #stratifiedTotal} at {@code level}) that covers the total of {@code values} when those values
     * are the population: the design's coverage on a population shaped as the proxy. The intervals are location- and
     * scale-equivariant, so where the proxy is an affine image of the row means (its correlation with them is 0.91–0.99
     * on the families measured) this is their coverage; where it is far below the level, the strata leave too few
     * draws for the skewness the proxy shows, and no interval from so few draws can be trusted.
     */
    static int proxyCheck(Frame frame, double[] values, double level, long seed) {
        return covered(frame, values, level, seed, CHECK_DRAWS);
    }

    /**
     * Returns how many of {@code draws} draws of the frame's design, the r-th seeded by derive(seed, "proxy check r"),
     * give an interval at {@code level} covering the total of {@code values} taken as the population.
     */
    static int covered(Frame frame, double[] values, double level, long seed, int draws) {
        int strata = frame.members().length;
        if (strata == 0) {
            return draws;
        }
        double total = 0;
        for (double v : values) {
            total += v;
        }
        double certainSum = 0;
        for (int u : frame.certain()) {
            certainSum += values[u];
        }
        int covered = 0;
        for (int r = 0; r < draws; r++) {
            Design d = frame.draw(Rngs.derive(seed, "proxy check " + r));
            double[][] x = new double[strata][];
            for (int h = 0; h < strata; h++) {
                x[h] = Arrays.stream(d.drawn()[h]).mapToDouble(u -> values[u]).toArray();
            }
            double[] ci = stratifiedTotal(x, d.sizes(), level);
            double[] c = atLeastRounding(certainSum + ci[0], certainSum + ci[1], certainSum + ci[2]);
            covered += c[1] <= total && total <= c[2] ? 1 : 0;
        }
        return covered;
    }

    /**
     * Returns each sender's row mean as the proxy predicts it for the anonymous sender, a − b·g_u/(n − 1) with g the
     * short-walk terms: exact with the whole diagonal of f(W − J/n) in place of g (its rows sum to 0).
     */
    static double[] predictor(PndpSetting s, DiagonalProxy proxy) {
        double[] g = proxy.diagonal();
        int n = g.length;
        double a = s.offset();
        double b = s.slope() / (n - 1);
        for (int u = 0; u < n; u++) {
            g[u] = a - b * g[u];
        }
        return g;
    }

    /**
     * Returns the proxy of the setting's diagonal of f(W − J/n) within {@code probes} applications of {@code op}'s
     * expansion ({@link DiagonalProxy#of}), the walks weighted 1/t up to T for the series and without end for the
     * closed form.
     */
    static DiagonalProxy proxy(PndpSetting s, MatrixFunctionOperator op, int probes) {
        return DiagonalProxy.of(op, probes, s.series() ? s.params().T() : Long.MAX_VALUE);
    }

    /** A node is computed exactly, not sampled, when its degree is at least this many times the median degree. */
    static final double HUB_FACTOR = 8;

    /** The most strata a design draws from (each takes at least 2 senders, so its variance can be estimated). */
    static final int MAX_STRATA = 6;

    /**
     * Which senders a sample computes: a certainty stratum, every row exact, and senders drawn uniformly without
     * replacement within each of the other strata.
     *
     * @param certain the senders computed with certainty, increasing
     * @param sizes   the number of nodes of each drawn stratum
     * @param drawn   the senders drawn from each stratum, each increasing (at least 2, fewer than its size)
     */
    record Design(int[] certain, int[] sizes, int[][] drawn) {
        Design {
            if (certain == null || sizes == null || drawn == null || sizes.length != drawn.length) {
                throw new InvalidArgumentException("a design needs its certain senders and one draw per stratum");
            }
            for (int h = 0; h < sizes.length; h++) {
                if (drawn[h].length < 2 || drawn[h].length >= sizes[h]) {
                    throw new InvalidArgumentException("stratum " + h + " draws " + drawn[h].length + " of " + sizes[h]
                            + " nodes: need 2 <= draws < size");
                }
            }
        }

        /** Returns every sender, certain then each stratum's draw: the order of the rows {@link #estimate} takes. */
        int[] senders() {
            int k = certain.length;
            for (int[] d : drawn) {
                k += d.length;
            }
            int[] all = Arrays.copyOf(certain, k);
            int at = certain.length;
            for (int[] d : drawn) {
                System.arraycopy(d, 0, all, at, d.length);
                at += d.length;
            }
            return all;
        }

        /**
         * Returns the estimates from the exact rows of {@link #senders()}, in that order: the certain rows' totals plus
         * each stratum's size times its drawn mean, with {@link #stratifiedTotal}'s interval on the drawn part, of the
         * row means less {@code predicted} (every node's predicted row mean, null: none) plus the predictions' total; per
         * distance the combined ratio with the same interval on its linearised residuals (Cochran, Sampling Techniques,
         * 3rd ed., §5A.13 certainty strata, §6.11 the combined ratio estimate); {@code proxy} (null: none) is reported
         * with the sample.
         */
        PndpAccountant.Sample estimate(PairStatistics[] rows, int n, double level, DiagonalProxy proxy, double[] predicted,
                int checkCovered, int checkDraws) {
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
            int[] senders = senders();
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
                double[] ci = stratifiedTotal(x, sizes, level);
                mean = (certainSum + ci[0]) / n;
                low = (certainSum + ci[1]) / n;
                high = (certainSum + ci[2]) / n;
            }
            double[] mc = atLeastRounding(mean, low, high);
            List<PndpAccountant.DistanceSummary> byD = new ArrayList<>();
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
                    double[] ce = stratifiedTotal(e, sizes, level);
                    lo = ratio + (ce[1] - ce[0]) / cTotal;
                    hi = ratio + (ce[2] - ce[0]) / cTotal;
                }
                double[] rc = atLeastRounding(ratio, lo, hi);
                byD.add(new PndpAccountant.DistanceSummary(d, pooled.count(d), pooled.min(d), ratio, pooled.max(d), rc[1], rc[2]));
            }
            int[] all = senders();
            Arrays.sort(all);
            return new PndpAccountant.Sample(all, pooled, mc[0], mc[1], mc[2], level, byD, c, strata,
                    proxy == null ? 0 : proxy.steps(), proxy == null ? 0 : proxy.products(), predicted != null, checkCovered,
                    checkDraws);
        }
    }

    /** Returns the hubs of {@code g}: nodes of degree at least {@link #HUB_FACTOR} times the median, at most {@code cap}, highest first. */
    static int[] hubs(Graph g, int cap) {
        int n = g.n();
        int[] deg = new int[n];
        for (int i = 0; i < n; i++) {
            deg[i] = g.degree(i);
        }
        int[] sorted = deg.clone();
        Arrays.sort(sorted);
        double median = sorted[n / 2];
        return IntStream.range(0, n).filter(i -> deg[i] >= HUB_FACTOR * median).boxed()
                .sorted((a, b) -> deg[b] != deg[a] ? Integer.compare(deg[b], deg[a]) : Integer.compare(a, b))
                .limit(cap).mapToInt(Integer::intValue).sorted().toArray();
    }

    /**
     * Returns the design of a sample of {@code k} senders on {@code g}, stratified on {@code proxy} (every node's
     * truncated diagonal of f(W − J/n), fixed before the draw; null: no strata), the draw seeded by {@code seed}.
     *
     * <p>Certain: the hubs (a star's centre is one row among n whose mean is far from every other's: a uniform sample
     * of 10 or 25 misses it almost always, and no interval from such a sample covers). With a proxy, then, one at a
     * time, the node whose proxy lies farthest from the mean of the nodes left while its squared distance exceeds
     * S²·N/k' (N nodes left, k' draws left, S² their variance), the point from which computing it lowers the variance
     * of the estimated total (Glasser, JASA 57 (1962) 834–841), at most min(k/2, k − 2) certain in all; the rest, in
     * proxy order, are cut into H ≤ {@value #MAX_STRATA} strata of contiguous proxy values minimising Σ N_h S_h
     * (Dalenius' criterion, Cochran §5A.7, which keeps the strata far out small), the draws proportional
     * ({@link #allocate}). Of the designs so made for up to {@value #MAX_CERTAIN_COUNTS} certain counts up to Glasser's
     * stop and each H, the one taken is the narrowest by its predicted interval (t(ν) times the standard error with
     * Satterthwaite's ν) whose intervals cover on the proxy as population ({@link #choose}). Every node is in exactly
     * one stratum fixed before the draw (the choice uses the proxy and a fixed seed, not the run's draw), so the
     * estimate stays unbiased whatever the proxy's errors. Without a proxy the design is the hubs and a uniform draw
     * from the rest.
     */
    static Design design(Graph g, double[] proxy, int k, long seed) {
        return frame(g, proxy, k).draw(seed);
    }

    /**
     * The strata of a design before the draw: the senders computed with certainty, each drawn stratum's members and
     * its number of draws; {@link #draw} draws them.
     *
     * @param certain the senders computed with certainty, increasing
     * @param members each drawn stratum's nodes
     * @param alloc   each drawn stratum's number of draws
     * @param uniform whether the draw is the plain uniform one from a single stratum, seeded by the run's seed itself
     */
    record Frame(int[] certain, int[][] members, int[] alloc, boolean uniform) {
        /** Returns the design with each stratum's draw seeded from {@code seed} (one seed per stratum). */
        Design draw(long seed) {
            int strata = members.length;
            int[] sizes = new int[strata];
            int[][] drawn = new int[strata][];
            for (int h = 0; h < strata; h++) {
                sizes[h] = members[h].length;
                long s = uniform ? seed : Rngs.derive(seed, "stratum " + h);
                drawn[h] = map(members[h], drawWithoutReplacement(sizes[h], alloc[h], s));
                Arrays.sort(drawn[h]);
            }
            return new Design(certain, sizes, drawn);
        }
    }

    /** Returns the strata of {@link #design} before the draw (see there). */
    static Frame frame(Graph g, double[] proxy, int k) {
        List<Candidate> candidates = designs(g, proxy, k);
        return candidates.size() == 1 ? candidates.get(0).frame() : choose(candidates, proxy);
    }

    /**
     * Returns the designs {@link #frame} chooses from, narrowest predicted interval first: one without a proxy (the
     * hubs and a uniform draw) or when every node is computed; else one per certain count and H (see {@link #design}).
     */
    static List<Candidate> designs(Graph g, double[] proxy, int k) {

        int n = g.n();
        if (k < 2 || k > n) {
            throw new InvalidArgumentException("sample size must be in 2.." + n + " (the number of nodes), got " + k);
        }
        if (proxy != null && proxy.length != n) {
            throw new InvalidArgumentException("proxy has " + proxy.length + " entries, the graph " + n + " nodes");
        }
        if (k == n) {
            return List.of(new Candidate(0, IntStream.range(0, n).toArray(), new int[0], new int[] {0}, 0, false));
        }
        int cap = Math.min(k / 2, k - 2);
        int[] hubs = hubs(g, cap);
        boolean[] hub = new boolean[n];
        for (int h : hubs) {
            hub[h] = true;
        }
        if (proxy == null) {
            int[] rest = IntStream.range(0, n).filter(i -> !hub[i]).toArray();
            return List.of(new Candidate(0, hubs, rest, new int[] {0, rest.length}, k - hubs.length, true));
        }
        int[] order = IntStream.range(0, n).filter(i -> !hub[i]).boxed()
                .sorted((a, b) -> proxy[a] != proxy[b] ? Double.compare(proxy[a], proxy[b]) : Integer.compare(a, b))
                .mapToInt(Integer::intValue).toArray();
        double[] x = new double[order.length];
        double shift = proxy[order[order.length / 2]];
        for (int i = 0; i < order.length; i++) {
            x[i] = proxy[order[i]] - shift;
        }
        // Certain extremes: the window [lo, hi) of the sorted proxy holds the nodes left to draw from. Glasser's rule
        // takes them one at a time, farthest from the mean first, and stops at stop; every count from the hubs' to stop
        // is a candidate (the window of each recorded).
        int lo = 0;
        int hi = order.length;
        double sum = 0;
        double sumSq = 0;
        for (double v : x) {
            sum += v;
            sumSq += v * v;
        }
        int[] los = new int[cap + 1];
        int[] his = new int[cap + 1];
        int certain = hubs.length;
        los[certain] = lo;
        his[certain] = hi;
        while (certain < cap) {
            int m = hi - lo;
            int left = k - certain;
            double mu = sum / m;
            double var = Math.max(0, (sumSq - sum * mu) / (m - 1));
            double dLo = mu - x[lo];
            double dHi = x[hi - 1] - mu;
            boolean top = dHi >= dLo;
            double dev = top ? dHi : dLo;
            if (!(dev * dev > var * m / left)) {
                break;
            }
            double v = top ? x[--hi] : x[lo++];
            sum -= v;
            sumSq -= v * v;
            certain++;
            los[certain] = lo;
            his[certain] = hi;
        }
        int stop = certain;
        List<Candidate> candidates = new ArrayList<>();
        for (int c : certainCounts(hubs.length, stop)) {
            int[] cert = Arrays.copyOf(hubs, c);
            int at = hubs.length;
            for (int i = 0; i < los[c]; i++) {
                cert[at++] = order[i];
            }
            for (int i = his[c]; i < order.length; i++) {
                cert[at++] = order[i];
            }
            Arrays.sort(cert);
            int draws = k - c;
            double[] window = Arrays.copyOfRange(x, los[c], his[c]);
            for (Strata option : strataOptions(window, draws)) {
                int[] cuts = option.cuts().clone();
                for (int i = 0; i < cuts.length; i++) {
                    cuts[i] += los[c];
                }
                candidates.add(new Candidate(option.width(), cert, order, cuts, draws, false));
            }
        }
        candidates.sort((a, b) -> Double.compare(a.width(), b.width()));
        return candidates;
    }

    /**
     * A design before the draw, with its interval's width predicted from the proxy: the certain senders, and strata
     * order[cuts[h]..cuts[h+1]) of the proxy order, drawn {@code draws} times in all ({@code uniform}: the one
     * stratum of the design without a proxy, seeded by the run's seed itself). Its {@link Frame} is built on demand, so
     * that the candidates of a large graph do not each hold a copy of its nodes.
     */
    record Candidate(double width, int[] certain, int[] order, int[] cuts, int draws, boolean uniform) {
        /** Returns the frame of this design (its strata's members copied out of the order, draws by {@link #allocate}). */
        Frame frame() {
            int strata = cuts.length - 1;
            if (strata == 0) {
                return new Frame(certain, new int[0][], new int[0], false);
            }
            int[] sizes = new int[strata];
            int[][] members = new int[strata][];
            for (int h = 0; h < strata; h++) {
                sizes[h] = cuts[h + 1] - cuts[h];
                members[h] = Arrays.copyOfRange(order, cuts[h], cuts[h + 1]);
            }
            return new Frame(certain, members, uniform ? new int[] {draws} : allocate(sizes, draws), uniform);
        }
    }

    /** The most certain-node counts {@link #frame} compares (evenly spaced from the hubs' count to Glasser's stop). */
    static final int MAX_CERTAIN_COUNTS = 8;

    /** Draws of each candidate design on the proxy as population when {@link #frame} chooses among them. */
    static final int SELECTION_DRAWS = 1000;

    /** Seed of the selection's draws: the design is a function of the proxy alone, fixed before the run's draw. */
    private static final long SELECTION_SEED = 0x5E1EC7L;

    /** Returns the certain-node counts {@link #frame} tries: stop, and up to {@link #MAX_CERTAIN_COUNTS} − 1 below it. */
    private static int[] certainCounts(int from, int stop) {
        int span = stop - from;
        if (span < MAX_CERTAIN_COUNTS) {
            return IntStream.rangeClosed(from, stop).toArray();
        }
        return IntStream.range(0, MAX_CERTAIN_COUNTS)
                .map(i -> from + (int) Math.round((double) span * i / (MAX_CERTAIN_COUNTS - 1))).distinct().toArray();
    }

    /**
     * Returns the narrowest of the candidate designs (width predicted from the proxy) whose intervals, drawn
     * {@value #SELECTION_DRAWS} times with the proxy as population, cover its total at least 0.945 of the time; when
     * none does, the one that covers most often (narrowest among ties). Glasser's stop and the narrowest prediction
     * alone pick designs whose few draws cannot carry a skewed stratum (path:600, sender known, K = 10: 5 certain and
     * strata of 546 and 49 nodes drawn 3 and 2 times covered 0.918; 4 certain and three strata of 2 draws each cover
     * 0.947), and the check on the proxy tracks the rows' coverage to about 0.01 where the strata are not tiny.
     */
    private static Frame choose(List<Candidate> candidates, double[] proxy) {
        Frame best = null;
        int bestCovered = -1;
        for (Candidate c : candidates) {
            Frame f = c.frame();
            int covered = covered(f, proxy, 0.95, SELECTION_SEED, SELECTION_DRAWS);
            if (covered >= 0.945 * SELECTION_DRAWS) {
                return f;
            }
            if (covered > bestCovered) {
                bestCovered = covered;
                best = f;
            }
        }
        return best;
    }

    private static int[] map(int[] members, int[] pick) {
        int[] out = new int[pick.length];
        for (int j = 0; j < pick.length; j++) {
            out[j] = members[pick[j]];
        }
        return out;
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

    /** Strata of sorted values: the cuts 0 = c_0 &lt; … &lt; c_H = m and the predicted width of the total's interval. */
    record Strata(double width, int[] cuts) {}

    /**
     * Returns, for each feasible H ≤ min({@value #MAX_STRATA}, draws/2) in increasing order, the
     * cuts 0 = c_0 &lt; … &lt; c_H = x.length minimising Σ N_h S_h over the sorted {@code x} (dynamic programming over
     * candidate cuts: every position up to 512 values, else the 128 nearest each end and 256 quantiles) and the
     * predicted width t(ν)·se of the stratified total with them.
     */
    static List<Strata> strataOptions(double[] x, int draws) {
        int m = x.length;
        List<Strata> out = new ArrayList<>();
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
            out.add(new Strata(predictedWidth(x, cuts, draws), cuts));
        }
        if (out.isEmpty()) {
            out.add(new Strata(predictedWidth(x, new int[] {0, m}, draws), new int[] {0, m}));
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
    static int[] allocate(int[] sizes, int draws) {
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

    /**
     * Returns {total, low, high}: the estimate Σ_h N_h·x̄_h of the total over the strata of sizes {@code sizes}
     * ({@code x[h]} a simple random sample without replacement of at least 2 from stratum h) and Hall's
     * skewness-corrected t interval at {@code level} (Hall, "On the removal of skewness by transformation", J. R. Stat.
     * Soc. B 54 (1992) 221–228; Johnson, JASA 73 (1978) 536–544), with finite-population corrections on the variance
     * (Cochran, Sampling Techniques, 3rd ed., §5.3) and Satterthwaite's degrees of freedom.
     *
     * <p>With u = (T̂ − T)/se and γ the estimated skewness of T̂, Σ_h N_h³ m3_h/k_h² over (Σ_h N_h² m2_h/k_h)^{3/2}
     * (m2, m3 the within-stratum central moments), Hall's g(u) = u + a·u² + a²u³/3 + b, a = γ/3, b = γ/6, is monotone
     * with the closed-form inverse u = ((1 + 3a(x − b))^{1/3} − 1)/a, and g(u) is referred to Student's t: the
     * covariance of T̂ with its variance estimate is that same third cumulant, as for one mean, so one stratum of k
     * gives Hall's interval on the mean, γ/√k with γ the sample skewness. A left-skewed population (a few senders with
     * far smaller row means) widens the interval downwards, where the plain t interval undercovers. The interval
     * returned is the union of Hall's and the plain t interval, t(ν)·se either side: it covers whenever either does, so
     * it keeps Hall's coverage on skewed populations and the t interval's on nearly symmetric ones, where γ estimated
     * from a few draws is mostly noise and Hall's correction displaces the interval.
     *
     * @throws InvalidArgumentException if a stratum has fewer than 2 values or more than its size, or {@code level} is
     *                                  not in (0, 1)
     */
    static double[] stratifiedTotal(double[][] x, int[] sizes, double level) {
        if (!(level > 0 && level < 1)) {
            throw new InvalidArgumentException("confidence level must be in (0, 1), got " + level);
        }
        if (x.length != sizes.length || x.length == 0) {
            throw new InvalidArgumentException("need one sample per stratum, got " + x.length + " samples for " + sizes.length + " strata");
        }
        double total = 0;
        double var = 0;
        double var2 = 0;
        double m2Sum = 0;
        double m3Sum = 0;
        for (int h = 0; h < x.length; h++) {
            int k = x[h].length;
            int size = sizes[h];
            if (k < 2 || size < k) {
                throw new InvalidArgumentException("need 2 <= k <= n values, got k = " + k + ", n = " + size);
            }
            double mean = 0;
            for (double v : x[h]) {
                mean += v;
            }
            mean /= k;
            double m2 = 0;
            double m3 = 0;
            for (double v : x[h]) {
                double dv = v - mean;
                m2 += dv * dv;
                m3 += dv * dv * dv;
            }
            total += size * mean;
            double a = (double) size * size * (1 - (double) k / size) * (m2 / (k - 1)) / k;
            var += a;
            var2 += a * a / (k - 1);
            m2Sum += (double) size * size * (m2 / k) / k;
            m3Sum += (double) size * size * size * (m3 / k) / ((double) k * k);
        }
        double se = Math.sqrt(var);
        // Rows equal to rounding (vertex-transitive graphs) or every stratum sampled whole: no spread.
        if (!(se > 1e-14 * Math.abs(total))) {
            return new double[] {total, total - se, total + se};
        }
        double gamma = m3Sum / Math.pow(m2Sum, 1.5);
        double t = MeanInterval.studentQuantile(level, var * var / var2);
        double a = gamma / 3;
        double b = gamma / 6;
        double uHigh = hallInverse(t, a, b);
        double uLow = hallInverse(-t, a, b);
        // The union with the plain t interval: Hall's correction rests on γ estimated from the same few draws, and
        // where the population is nearly symmetric that estimate's noise displaces the interval (grid:20,20's residuals,
        // skewness 0.27: t covers 0.951, Hall's 0.930 of 20,000 draws of 10), while where it is skewed the t interval
        // undercovers (path:600: 0.897 against 0.964). Which holds cannot be told from the draws; the union covers
        // whenever either does.
        return new double[] {total, Math.min(total - t * se, total - se * uHigh), Math.max(total + t * se, total - se * uLow)};
    }

    /**
     * Returns {mean, low, high}: the sample mean of {@code x} (a simple random sample without replacement from a
     * population of {@code n}) and Hall's skewness-corrected t interval at {@code level}: {@link #stratifiedTotal} of
     * one stratum, divided by n.
     *
     * @throws InvalidArgumentException if fewer than 2 values, {@code n < x.length} or {@code level} is not in (0, 1)
     */
    static double[] skewCorrectedInterval(double[] x, int n, double level) {
        double[] t = stratifiedTotal(new double[][] {x}, new int[] {n}, level);
        return new double[] {t[0] / n, t[1] / n, t[2] / n};
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
        // Fisher–Yates on the identity permutation, holding only the entries its swaps displaced: the same swaps and
        // draw as on the whole array, in O(k) instead of O(n) (the proxy check and the design choice draw thousands
        // of times from strata as large as the graph).
        HashMap<Integer, Integer> moved = new HashMap<>(4 * k);
        int[] out = new int[k];
        for (int i = 0; i < k; i++) {
            int j = i + rng.nextInt(n - i);
            int vi = moved.getOrDefault(i, i);
            out[i] = moved.getOrDefault(j, j);
            moved.put(j, vi);
        }
        Arrays.sort(out);
        return out;
    }
}
