package rwdp.bounds.rwsgd;

import java.util.Arrays;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * The exact likelihood ratio of one segment of v's view in RW DP-SGD (Cyffers et al., Alg. 1 and
 * the view of eq. (7)).
 *
 * <p>A segment is the run of updates between two of v's observations: it starts at a first node f
 * (the node v sent the token to, or the public start node), makes m ≥ 1 updates at nodes other than
 * v and ends when the token reaches v again. v knows f, m and the arrival time, and the change of
 * the model minus its own (known) update; in units of γC that change, negated, is
 * Z = ±K + N(0, 4σ²m), K the number of u's updates in the segment, + under D, − under D'. K is
 * hidden; given what v knows its law is that of the taboo walk (W with v's column removed):
 * π_{f,m}(k) ∝ Σ over paths f = y₁, …, y_m ≠ v with k visits of u of W_{y₁y₂}⋯W_{y_{m−1}y_m}·W_{y_m v},
 * the same under D and D'. So the segment's densities are the mixtures p(z) = Σ_k π(k) φ_s(z − k)
 * and q(z) = p(−z), s² = 4σ²m, and its log-likelihood ratio is
 * ℓ(z) = ln Σ_k π(k) e^{−k²/(2s²)} e^{zk/s²} − ln Σ_k π(k) e^{−k²/(2s²)} e^{−zk/s²}
 * (the common e^{−z²/(2s²)} cancels), evaluated by log-sum-exp. Segments are independent given
 * their (f, m) by the Markov property, so v's whole log-likelihood ratio is the sum of its
 * segments' (see {@link ViewMonteCarlo}).
 *
 * <p>Sender known (Cyffers et al., App. B.1): v also learns who sent it the token, the segment's last node ℓ, and
 * π_{f,m,ℓ}(k) ∝ the same sum over paths ending at y_m = ℓ; everything else is unchanged.
 *
 * <p>Tables: f ranges over the start node and v's out-neighbours, m over 1..T (and ℓ over v's in-neighbours when
 * the sender is known, |N⁻(v)| times the tables); a forward recursion
 * over (node, k) per f, renormalised at every step so long segments do not underflow, costs about
 * |F|·nnz(W)·T²/2 operations and stores |F|·T²/2 doubles ({@link #cost}, {@link #doubles}).
 */
public final class SegmentLaws {
    private final int[] slotOf;
    /** The index of a last node among v's in-neighbours (sender known), or 0 for every node (anonymous). */
    private final int[] senderOf;
    /** coef[slot][m][ℓ][k] = ln π_{f,m(,ℓ)}(k) − k²/(2s²), −∞ where π is 0; null where the segment cannot happen. */
    private final double[][][][] coef;
    private final double sigma;
    private final boolean senderKnown;

    private SegmentLaws(int[] slotOf, int[] senderOf, double[][][][] coef, double sigma, boolean senderKnown) {
        this.slotOf = slotOf;
        this.senderOf = senderOf;
        this.coef = coef;
        this.sigma = sigma;
        this.senderKnown = senderKnown;
    }

    /** Returns whether v knows each segment's last node (Cyffers et al., App. B.1). */
    public boolean senderKnown() {
        return senderKnown;
    }

    /** Returns the first nodes a segment can have: the start (unless it is v) and v's out-neighbours other than v. */
    static int[] firstNodes(ViewSetting s) {
        boolean[] is = new boolean[s.n()];
        if (s.start() != s.v()) {
            is[s.start()] = true;
        }
        for (int e = 0; e < s.w().rowLength(s.v()); e++) {
            int j = s.w().column(s.v(), e);
            if (j != s.v() && s.w().probability(s.v(), e) > 0) {
                is[j] = true;
            }
        }
        int c = 0;
        for (boolean b : is) {
            c += b ? 1 : 0;
        }
        int[] out = new int[c];
        c = 0;
        for (int i = 0; i < is.length; i++) {
            if (is[i]) {
                out[c++] = i;
            }
        }
        return out;
    }

    /** Returns the operations {@link #of} needs, about |F|·nnz(W)·T²/2. */
    public static double cost(ViewSetting s) {
        return firstNodes(s).length * 0.5 * s.w().nonZeros() * (double) s.steps() * (s.steps() + 3);
    }

    /** Returns the doubles the tables of {@link #of} hold, about |F|·T²/2 (times |N⁻(v)| when the sender is known). */
    public static double doubles(ViewSetting s, boolean senderKnown) {
        return firstNodes(s).length * (senderKnown ? senders(s).length : 1) * 0.5 * (double) s.steps() * (s.steps() + 3);
    }

    /** Returns v's in-neighbours other than v: the nodes that can end a segment. */
    static int[] senders(ViewSetting s) {
        int c = 0;
        int[] tmp = new int[s.n()];
        for (int i = 0; i < s.n(); i++) {
            if (i != s.v() && s.w().get(i, s.v()) > 0) {
                tmp[c++] = i;
            }
        }
        return Arrays.copyOf(tmp, c);
    }

    /** Returns the segment laws of {@code s} with anonymous senders (Cyffers et al., eq. (7): every segment v can observe, m ≤ T). */
    public static SegmentLaws of(ViewSetting s) {
        return of(s, false);
    }

    /**
     * Returns the segment laws of {@code s}; with {@code senderKnown} v also learns each segment's last node
     * (Cyffers et al., App. B.1).
     */
    public static SegmentLaws of(ViewSetting s, boolean senderKnown) {
        int n = s.n();
        int t = s.steps();
        int[] first = firstNodes(s);
        int[] slotOf = new int[n];
        Arrays.fill(slotOf, -1);
        int[] senderOf = new int[n];
        int groups = 1;
        if (senderKnown) {
            Arrays.fill(senderOf, -1);
            int[] from = senders(s);
            for (int i = 0; i < from.length; i++) {
                senderOf[from[i]] = i;
            }
            groups = from.length;
        }
        double[][][][] coef = new double[first.length][][][];
        for (int slot = 0; slot < first.length; slot++) {
            slotOf[first[slot]] = slot;
            coef[slot] = tables(s, first[slot], t, senderOf, groups);
        }
        return new SegmentLaws(slotOf, senderOf, coef, s.sigma(), senderKnown);
    }

    private static double[][][] tables(ViewSetting s, int f, int t, int[] senderOf, int groups) {
        TransitionMatrix w = s.w();
        int n = s.n();
        int u = s.u();
        int v = s.v();
        int width = t + 1;
        double[] into = new double[n];
        for (int i = 0; i < n; i++) {
            into[i] = w.get(i, v);
        }
        double[][][] out = new double[t + 1][][];
        double[] a = new double[n * width];
        double[] b = new double[n * width];
        a[f * width + (f == u ? 1 : 0)] = 1;
        double[][] pi = new double[groups][width];
        for (int m = 1; m <= t; m++) {
            // a holds P(y₁ = f, y₂..y_m ≠ v, y_m = i, k visits of u among y₁..y_m), up to a common factor.
            for (double[] row : pi) {
                Arrays.fill(row, 0, m + 1, 0);
            }
            for (int i = 0; i < n; i++) {
                if (into[i] == 0 || i == v) {
                    continue;
                }
                int base = i * width;
                double[] row = pi[senderOf[i]];
                for (int k = 0; k <= m; k++) {
                    row[k] += a[base + k] * into[i];
                }
            }
            double[][] byGroup = new double[groups][];
            boolean any = false;
            double s2 = 4 * s.sigma() * s.sigma() * m;
            for (int g = 0; g < groups; g++) {
                double total = 0;
                for (int k = 0; k <= m; k++) {
                    total += pi[g][k];
                }
                if (total > 0) {
                    double[] c = new double[m + 1];
                    for (int k = 0; k <= m; k++) {
                        c[k] = pi[g][k] > 0 ? Math.log(pi[g][k] / total) - k * (double) k / (2 * s2) : Double.NEGATIVE_INFINITY;
                    }
                    byGroup[g] = c;
                    any = true;
                }
            }
            if (any) {
                out[m] = byGroup;
            }
            if (m == t) {
                break;
            }
            Arrays.fill(b, 0);
            double mass = 0;
            for (int i = 0; i < n; i++) {
                if (i == v) {
                    continue;
                }
                int base = i * width;
                int len = w.rowLength(i);
                for (int k = 0; k <= m; k++) {
                    double x = a[base + k];
                    if (x == 0) {
                        continue;
                    }
                    for (int e = 0; e < len; e++) {
                        int j = w.column(i, e);
                        if (j != v) {
                            double add = x * w.probability(i, e);
                            b[j * width + k + (j == u ? 1 : 0)] += add;
                            mass += add;
                        }
                    }
                }
            }
            if (mass == 0) {
                break;
            }
            // Renormalise: only ratios within one m matter, and the taboo walk's mass decays geometrically.
            for (int x = 0; x < b.length; x++) {
                b[x] /= mass;
            }
            double[] tmp = a;
            a = b;
            b = tmp;
        }
        return out;
    }

    /**
     * Returns π_{f,m}(k) for k = 0..m, the law of u's updates in a segment with first node f and m updates
     * (anonymous senders).
     *
     * @throws InvalidArgumentException if the laws are sender-known, f is not a first node, m is not in [1, T] or
     *                                  such a segment cannot happen
     */
    public double[] law(int f, int m) {
        return law(f, -1, m);
    }

    /**
     * Returns π_{f,m,ℓ}(k) for k = 0..m, the law of u's updates in a segment with first node f, m updates and last
     * node ℓ (sender known; ℓ is ignored for anonymous senders, pass −1).
     *
     * @throws InvalidArgumentException if f is not a first node, ℓ is not an in-neighbour of v (sender known), m is
     *                                  not in [1, T] or such a segment cannot happen
     */
    public double[] law(int f, int last, int m) {
        double[] c = coefficients(f, last, m);
        double s2 = 4 * sigma * sigma * m;
        double[] p = new double[c.length];
        for (int k = 0; k < c.length; k++) {
            p[k] = Math.exp(c[k] + k * (double) k / (2 * s2));
        }
        return p;
    }

    private double[] coefficients(int f, int last, int m) {
        if (f < 0 || f >= slotOf.length || slotOf[f] < 0) {
            throw new InvalidArgumentException("node " + f + " cannot start a segment (it is neither the start nor a successor of v)");
        }
        int g = 0;
        if (senderKnown) {
            if (last < 0 || last >= senderOf.length || senderOf[last] < 0) {
                throw new InvalidArgumentException("node " + last + " cannot send the token to v");
            }
            g = senderOf[last];
        }
        double[][][] t = coef[slotOf[f]];
        if (m < 1 || m >= t.length || t[m] == null || t[m][g] == null) {
            throw new InvalidArgumentException("no segment of " + m + " updates from node " + f + " can reach v"
                    + (senderKnown ? " from node " + last : ""));
        }
        return t[m][g];
    }

    /**
     * Returns ℓ(z) = ln p(z)/p(−z), the exact log-likelihood ratio of D against D' for a segment with first node f,
     * m updates and observed change z (in units of γC, + meaning towards D), anonymous senders.
     *
     * @throws InvalidArgumentException if the laws are sender-known, f is not a first node, m is not in [1, T] or
     *                                  such a segment cannot happen
     */
    public double logRatio(int f, int m, double z) {
        if (senderKnown) {
            throw new InvalidArgumentException("these laws are sender-known: give the segment's last node");
        }
        return logRatio(f, -1, m, z);
    }

    /**
     * Returns ℓ(z) for a segment with first node f, last node ℓ (used when the sender is known), m updates and
     * observed change z.
     *
     * @throws InvalidArgumentException if f is not a first node, ℓ is not an in-neighbour of v (sender known), m is
     *                                  not in [1, T] or such a segment cannot happen
     */
    public double logRatio(int f, int last, int m, double z) {
        double[] c = coefficients(f, last, m);
        double slope = z / (4 * sigma * sigma * m);
        double maxP = Double.NEGATIVE_INFINITY;
        double maxQ = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < c.length; k++) {
            maxP = Math.max(maxP, c[k] + slope * k);
            maxQ = Math.max(maxQ, c[k] - slope * k);
        }
        double sp = 0;
        double sq = 0;
        for (int k = 0; k < c.length; k++) {
            sp += Math.exp(c[k] + slope * k - maxP);
            sq += Math.exp(c[k] - slope * k - maxQ);
        }
        return maxP + Math.log(sp) - maxQ - Math.log(sq);
    }
}
