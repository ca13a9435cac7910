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
 * <p>A coalition C of colluding observers (Cyffers et al., App. D) sees every arrival of the token in C and
 * which member r received it: the walk between two observations avoids all of C, and
 * π_{f,m,r}(k) ∝ Σ over such paths of W_{y₁y₂}⋯W_{y_{m−1}y_m}·W_{y_m r} (with ℓ too when the sender is known).
 * For one observer r is v and the laws are those above.
 *
 * <p>Tables: f ranges over the start node and the observers' out-neighbours outside C, m over 1..T, and the
 * key over the receiving members (and the senders ℓ into C when the sender is known: |C|·|N⁻(C)| times the
 * tables); a forward recursion over (node, k) per f, renormalised at every step so long segments do not
 * underflow, costs about |F|·nnz(W)·T²/2 operations and stores |F|·|C|·T²/2 doubles ({@link #cost},
 * {@link #doubles}).
 */
public final class SegmentLaws {
    private final int[] slotOf;
    /** The index of a last node among the senders into the observers (sender known), or 0 for every node (anonymous). */
    private final int[] senderOf;
    private final int[] memberOf;
    private final int members;
    /** The one observer's node, or −1 for a coalition. */
    private final int sole;
    /** coef[slot][m][key][k] = ln π_{f,m,key}(k) − k²/(2s²), −∞ where π is 0; null where the segment cannot happen. */
    private final double[][][][] coef;
    private final double sigma;
    private final boolean senderKnown;

    private SegmentLaws(int[] slotOf, int[] senderOf, int[] memberOf, int members, double[][][][] coef, double sigma,
                        boolean senderKnown) {
        this.slotOf = slotOf;
        this.senderOf = senderOf;
        this.memberOf = memberOf;
        this.members = members;
        int one = -1;
        for (int i = 0; i < memberOf.length && members == 1; i++) {
            one = memberOf[i] == 0 ? i : one;
        }
        this.sole = one;
        this.coef = coef;
        this.sigma = sigma;
        this.senderKnown = senderKnown;
    }

    /** Returns whether v knows each segment's last node (Cyffers et al., App. B.1). */
    public boolean senderKnown() {
        return senderKnown;
    }

    /** Returns the first nodes a segment can have: the start (unless observed) and the observers' out-neighbours outside them. */
    static int[] firstNodes(ViewSetting s) {
        boolean[] is = new boolean[s.n()];
        if (!s.observes(s.start())) {
            is[s.start()] = true;
        }
        for (int v : s.observers()) {
            for (int e = 0; e < s.w().rowLength(v); e++) {
                int j = s.w().column(v, e);
                if (!s.observes(j) && s.w().probability(v, e) > 0) {
                    is[j] = true;
                }
            }
        }
        return indices(is);
    }

    private static int[] indices(boolean[] is) {
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

    /**
     * Returns the doubles the tables of {@link #of} hold, about |F|·|C|·T²/2 (times |N⁻(C)| when the sender is known).
     */
    public static double doubles(ViewSetting s, boolean senderKnown) {
        return firstNodes(s).length * (double) s.coalitionSize() * (senderKnown ? senders(s).length : 1) * 0.5
                * (double) s.steps() * (s.steps() + 3);
    }

    /** Returns the nodes outside the observers with an edge into them: the nodes that can end a segment. */
    static int[] senders(ViewSetting s) {
        boolean[] is = new boolean[s.n()];
        for (int i = 0; i < s.n(); i++) {
            if (!s.observes(i)) {
                for (int e = 0; e < s.w().rowLength(i); e++) {
                    if (s.observes(s.w().column(i, e)) && s.w().probability(i, e) > 0) {
                        is[i] = true;
                    }
                }
            }
        }
        return indices(is);
    }

    /** Returns the segment laws of {@code s} with anonymous senders (Cyffers et al., eq. (7): every segment v can observe, m ≤ T). */
    public static SegmentLaws of(ViewSetting s) {
        return of(s, false);
    }

    /**
     * Returns the segment laws of {@code s}; with {@code senderKnown} the observers also learn each segment's last node
     * (Cyffers et al., App. B.1).
     */
    public static SegmentLaws of(ViewSetting s, boolean senderKnown) {
        int n = s.n();
        int t = s.steps();
        int[] first = firstNodes(s);
        int[] slotOf = new int[n];
        Arrays.fill(slotOf, -1);
        int[] senderOf = new int[n];
        int senderCount = 1;
        if (senderKnown) {
            Arrays.fill(senderOf, -1);
            int[] from = senders(s);
            for (int i = 0; i < from.length; i++) {
                senderOf[from[i]] = i;
            }
            senderCount = from.length;
        }
        int[] memberOf = new int[n];
        Arrays.fill(memberOf, -1);
        int[] obs = s.observers();
        for (int i = 0; i < obs.length; i++) {
            memberOf[obs[i]] = i;
        }
        double[][][][] coef = new double[first.length][][][];
        for (int slot = 0; slot < first.length; slot++) {
            slotOf[first[slot]] = slot;
            coef[slot] = tables(s, first[slot], t, senderOf, memberOf, senderCount * obs.length);
        }
        return new SegmentLaws(slotOf, senderOf, memberOf, obs.length, coef, s.sigma(), senderKnown);
    }

    private static double[][][] tables(ViewSetting s, int f, int t, int[] senderOf, int[] memberOf, int groups) {
        TransitionMatrix w = s.w();
        int n = s.n();
        int u = s.u();
        int members = s.coalitionSize();
        // The edges into the observers: (from, key, probability), key = sender index · |C| + receiving member.
        int edges = 0;
        for (int i = 0; i < n; i++) {
            if (memberOf[i] < 0) {
                for (int e = 0; e < w.rowLength(i); e++) {
                    edges += memberOf[w.column(i, e)] >= 0 && w.probability(i, e) > 0 ? 1 : 0;
                }
            }
        }
        int[] from = new int[edges];
        int[] key = new int[edges];
        double[] into = new double[edges];
        edges = 0;
        for (int i = 0; i < n; i++) {
            if (memberOf[i] < 0) {
                for (int e = 0; e < w.rowLength(i); e++) {
                    int r = memberOf[w.column(i, e)];
                    if (r >= 0 && w.probability(i, e) > 0) {
                        from[edges] = i;
                        key[edges] = senderOf[i] * members + r;
                        into[edges++] = w.probability(i, e);
                    }
                }
            }
        }
        int width = t + 1;
        double[][][] out = new double[t + 1][][];
        double[] a = new double[n * width];
        double[] b = new double[n * width];
        a[f * width + (f == u ? 1 : 0)] = 1;
        double[][] pi = new double[groups][width];
        for (int m = 1; m <= t; m++) {
            // a holds P(y₁ = f, y₂..y_m outside the observers, y_m = i, k visits of u among y₁..y_m), up to a factor.
            for (double[] row : pi) {
                Arrays.fill(row, 0, m + 1, 0);
            }
            for (int x = 0; x < edges; x++) {
                int base = from[x] * width;
                double[] row = pi[key[x]];
                double p = into[x];
                for (int k = 0; k <= m; k++) {
                    row[k] += a[base + k] * p;
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
                if (memberOf[i] >= 0) {
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
                        if (memberOf[j] < 0) {
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
     * (one observer, anonymous senders).
     *
     * @throws InvalidArgumentException if the laws are sender-known or of a coalition, f is not a first node, m is not
     *                                  in [1, T] or such a segment cannot happen
     */
    public double[] law(int f, int m) {
        return law(f, -1, m);
    }

    /**
     * Returns π_{f,m,ℓ}(k) for k = 0..m, the law of u's updates in a segment with first node f, m updates and last
     * node ℓ (one observer; ℓ is ignored for anonymous senders, pass −1).
     *
     * @throws InvalidArgumentException if the laws are of a coalition, f is not a first node, ℓ is not an in-neighbour
     *                                  of v (sender known), m is not in [1, T] or such a segment cannot happen
     */
    public double[] law(int f, int last, int m) {
        return law(f, last, soleObserver(), m);
    }

    /**
     * Returns π_{f,m,ℓ,r}(k) for k = 0..m, the law of u's updates in a segment with first node f, m updates, last node
     * ℓ (sender known; −1 otherwise) and receiving observer r (Cyffers et al., App. D for a coalition).
     *
     * @throws InvalidArgumentException if f is not a first node, ℓ cannot send the token to an observer (sender known),
     *                                  r is not an observer, m is not in [1, T] or such a segment cannot happen
     */
    public double[] law(int f, int last, int receiver, int m) {
        double[] c = coefficients(f, last, receiver, m);
        double s2 = 4 * sigma * sigma * m;
        double[] p = new double[c.length];
        for (int k = 0; k < c.length; k++) {
            p[k] = Math.exp(c[k] + k * (double) k / (2 * s2));
        }
        return p;
    }

    /** Returns the one observer's node: the receiver every segment of a single-observer view has. */
    private int soleObserver() {
        if (sole < 0) {
            throw new InvalidArgumentException("these laws are a coalition's: give the receiving member");
        }
        return sole;
    }

    private double[] coefficients(int f, int last, int receiver, int m) {
        if (f < 0 || f >= slotOf.length || slotOf[f] < 0) {
            throw new InvalidArgumentException("node " + f + " cannot start a segment (it is neither the start nor a successor of "
                    + "an observer)");
        }
        if (receiver < 0 || receiver >= memberOf.length || memberOf[receiver] < 0) {
            throw new InvalidArgumentException("node " + receiver + " is not an observer");
        }
        int g = memberOf[receiver];
        if (senderKnown) {
            if (last < 0 || last >= senderOf.length || senderOf[last] < 0) {
                throw new InvalidArgumentException("node " + last + " cannot send the token to an observer");
            }
            g += senderOf[last] * members;
        }
        double[][][] t = coef[slotOf[f]];
        if (m < 1 || m >= t.length || t[m] == null || t[m][g] == null) {
            throw new InvalidArgumentException("no segment of " + m + " updates from node " + f + " can reach observer " + receiver
                    + (senderKnown ? " from node " + last : ""));
        }
        return t[m][g];
    }

    /**
     * Returns ℓ(z) = ln p(z)/p(−z), the exact log-likelihood ratio of D against D' for a segment with first node f,
     * m updates and observed change z (in units of γC, + meaning towards D), one observer, anonymous senders.
     *
     * @throws InvalidArgumentException if the laws are sender-known or of a coalition, f is not a first node, m is not
     *                                  in [1, T] or such a segment cannot happen
     */
    public double logRatio(int f, int m, double z) {
        if (senderKnown) {
            throw new InvalidArgumentException("these laws are sender-known: give the segment's last node");
        }
        return logRatio(f, -1, m, z);
    }

    /**
     * Returns ℓ(z) for a segment with first node f, last node ℓ (used when the sender is known), m updates and
     * observed change z, one observer.
     *
     * @throws InvalidArgumentException if the laws are of a coalition, f is not a first node, ℓ is not an in-neighbour
     *                                  of v (sender known), m is not in [1, T] or such a segment cannot happen
     */
    public double logRatio(int f, int last, int m, double z) {
        return logRatio(f, last, soleObserver(), m, z);
    }

    /**
     * Returns ℓ(z) for a segment with first node f, last node ℓ (used when the sender is known), receiving observer r
     * (Cyffers et al., App. D), m updates and observed change z.
     *
     * @throws InvalidArgumentException if f is not a first node, ℓ cannot send the token to an observer (sender known),
     *                                  r is not an observer, m is not in [1, T] or such a segment cannot happen
     */
    public double logRatio(int f, int last, int receiver, int m, double z) {
        double[] c = coefficients(f, last, receiver, m);
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
