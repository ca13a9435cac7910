package rwdp.sampling;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.random.Rngs;

/**
 * The choice of a stratified design before any draw: units computed with certainty (hubs, then Glasser's extremes of
 * a proxy), Dalenius strata of the rest, and among the candidates the narrowest whose intervals cover on the proxy as
 * population (Glasser, JASA 57 (1962) 834–841; Cochran, Sampling Techniques, 3rd ed., §5A.7, §5A.13).
 */
public final class DesignSearch {
    private DesignSearch() {}

    /** A node is computed exactly, not sampled, when its degree is at least this many times the median degree. */
    public static final double HUB_FACTOR = 8;

    /** Returns the hubs of {@code g}: nodes of degree at least {@link #HUB_FACTOR} times the median, at most {@code cap}, highest first. */
    public static int[] hubs(Graph g, int cap) {
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
     * proxy order, are cut into H ≤ {@value Stratification#MAX_STRATA} strata of contiguous proxy values minimising Σ N_h S_h
     * (Dalenius' criterion, Cochran §5A.7, which keeps the strata far out small), the draws proportional
     * ({@link Stratification#allocate}). Of the designs so made for up to {@value #MAX_CERTAIN_COUNTS} certain counts up to Glasser's
     * stop and each H, the one taken is the narrowest by its predicted interval (t(ν) times the standard error with
     * Satterthwaite's ν) whose intervals cover on the proxy as population ({@link #choose}). Every node is in exactly
     * one stratum fixed before the draw (the choice uses the proxy and a fixed seed, not the run's draw), so the
     * estimate stays unbiased whatever the proxy's errors. Without a proxy the design is the hubs and a uniform draw
     * from the rest.
     */
    public static Design design(Graph g, double[] proxy, int k, long seed) {
        return frame(g, proxy, k).draw(seed);
    }

    /** Returns the strata of {@link #design} before the draw (see there). */
    public static Frame frame(Graph g, double[] proxy, int k) {
        List<Candidate> candidates = designs(g, proxy, k);
        return candidates.size() == 1 ? candidates.get(0).frame() : choose(candidates, proxy);
    }

    /**
     * Returns the designs {@link #frame} chooses from, narrowest predicted interval first: one without a proxy (the
     * hubs and a uniform draw) or when every node is computed; else one per certain count and H (see {@link #design}).
     *
     * @throws InvalidArgumentException if k is not in 2..n or the proxy does not have one entry per node
     */
    public static List<Candidate> designs(Graph g, double[] proxy, int k) {
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
            for (Stratification.Cuts option : Stratification.options(window, draws)) {
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
     * Returns how many of {@code draws} draws of the frame's design, the r-th seeded by derive(seed, "proxy check r"),
     * give an interval at {@code level} ({@link HallInterval#stratifiedTotal}) covering the total of {@code values}
     * taken as the population: the design's coverage on a population shaped as the proxy.
     */
    public static int covered(Frame frame, double[] values, double level, long seed, int draws) {
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
            double[] ci = HallInterval.stratifiedTotal(x, d.sizes(), level);
            double[] c = HallInterval.atLeastRounding(certainSum + ci[0], certainSum + ci[1], certainSum + ci[2]);
            covered += c[1] <= total && total <= c[2] ? 1 : 0;
        }
        return covered;
    }

    /**
     * A design before the draw, with its interval's width predicted from the proxy: the certain senders, and strata
     * order[cuts[h]..cuts[h+1]) of the proxy order, drawn {@code draws} times in all ({@code uniform}: the one
     * stratum of the design without a proxy, seeded by the run's seed itself). Its {@link Frame} is built on demand, so
     * that the candidates of a large graph do not each hold a copy of its nodes.
     */
    public record Candidate(double width, int[] certain, int[] order, int[] cuts, int draws, boolean uniform) {
        /** Returns the frame of this design (its strata's members copied out of the order, draws by {@link Stratification#allocate}). */
        public Frame frame() {
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
            return new Frame(certain, members, uniform ? new int[] {draws} : Stratification.allocate(sizes, draws), uniform);
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
}
