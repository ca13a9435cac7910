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
 * <p>Tables: f ranges over the start node and v's out-neighbours, m over 1..T; a forward recursion
 * over (node, k) per f, renormalised at every step so long segments do not underflow, costs about
 * |F|·nnz(W)·T²/2 operations and stores |F|·T²/2 doubles ({@link #cost}, {@link #doubles}).
 */
public final class SegmentLaws {
    private final int[] slotOf;
    /** coef[slot][m][k] = ln π_{f,m}(k) − k²/(2s²), −∞ where π is 0; null where the segment cannot happen. */
    private final double[][][] coef;
    private final double sigma;

    private SegmentLaws(int[] slotOf, double[][][] coef, double sigma) {
        this.slotOf = slotOf;
        this.coef = coef;
        this.sigma = sigma;
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

    /** Returns the doubles the tables of {@link #of} hold, about |F|·T²/2. */
    public static double doubles(ViewSetting s) {
        return firstNodes(s).length * 0.5 * (double) s.steps() * (s.steps() + 3);
    }

    /** Returns the segment laws of {@code s} (Cyffers et al., eq. (7): every segment v can observe, m ≤ T). */
    public static SegmentLaws of(ViewSetting s) {
        int n = s.n();
        int t = s.steps();
        int[] first = firstNodes(s);
        int[] slotOf = new int[n];
        Arrays.fill(slotOf, -1);
        double[][][] coef = new double[first.length][][];
        for (int slot = 0; slot < first.length; slot++) {
            slotOf[first[slot]] = slot;
            coef[slot] = tables(s, first[slot], t);
        }
        return new SegmentLaws(slotOf, coef, s.sigma());
    }

    private static double[][] tables(ViewSetting s, int f, int t) {
        TransitionMatrix w = s.w();
        int n = s.n();
        int u = s.u();
        int v = s.v();
        int width = t + 1;
        double[] into = new double[n];
        for (int i = 0; i < n; i++) {
            into[i] = w.get(i, v);
        }
        double[][] out = new double[t + 1][];
        double[] a = new double[n * width];
        double[] b = new double[n * width];
        a[f * width + (f == u ? 1 : 0)] = 1;
        double[] pi = new double[width];
        for (int m = 1; m <= t; m++) {
            // a holds P(y₁ = f, y₂..y_m ≠ v, y_m = i, k visits of u among y₁..y_m), up to a common factor.
            Arrays.fill(pi, 0, m + 1, 0);
            double total = 0;
            for (int i = 0; i < n; i++) {
                if (into[i] == 0) {
                    continue;
                }
                int base = i * width;
                for (int k = 0; k <= m; k++) {
                    pi[k] += a[base + k] * into[i];
                }
            }
            for (int k = 0; k <= m; k++) {
                total += pi[k];
            }
            if (total > 0) {
                double s2 = 4 * s.sigma() * s.sigma() * m;
                double[] c = new double[m + 1];
                for (int k = 0; k <= m; k++) {
                    c[k] = pi[k] > 0 ? Math.log(pi[k] / total) - k * (double) k / (2 * s2) : Double.NEGATIVE_INFINITY;
                }
                out[m] = c;
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
     * Returns π_{f,m}(k) for k = 0..m, the law of u's updates in a segment with first node f and m updates.
     *
     * @throws InvalidArgumentException if f is not a first node, m is not in [1, T] or such a segment cannot happen
     */
    public double[] law(int f, int m) {
        double[] c = coefficients(f, m);
        double s2 = 4 * sigma * sigma * m;
        double[] p = new double[c.length];
        for (int k = 0; k < c.length; k++) {
            p[k] = Math.exp(c[k] + k * (double) k / (2 * s2));
        }
        return p;
    }

    private double[] coefficients(int f, int m) {
        if (f < 0 || f >= slotOf.length || slotOf[f] < 0) {
            throw new InvalidArgumentException("node " + f + " cannot start a segment (it is neither the start nor a successor of v)");
        }
        double[][] t = coef[slotOf[f]];
        if (m < 1 || m >= t.length || t[m] == null) {
            throw new InvalidArgumentException("no segment of " + m + " updates from node " + f + " can reach v");
        }
        return t[m];
    }

    /**
     * Returns ℓ(z) = ln p(z)/p(−z), the exact log-likelihood ratio of D against D' for a segment with first node f,
     * m updates and observed change z (in units of γC, + meaning towards D).
     *
     * @throws InvalidArgumentException if f is not a first node, m is not in [1, T] or such a segment cannot happen
     */
    public double logRatio(int f, int m, double z) {
        double[] c = coefficients(f, m);
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
