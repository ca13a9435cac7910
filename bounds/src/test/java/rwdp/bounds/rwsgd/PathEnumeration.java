package rwdp.bounds.rwsgd;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Brute force for the tests: every walk y₀..y_T of a small dense W with its probability, the count of u's updates,
 * and v's view grouped by what v sees (its observation times and where it sent the token), with the joint law of u's
 * updates per observed segment. Written from Alg. 1 directly, without the package's recursions.
 */
final class PathEnumeration {
    /** One thing v can see, with its probability and the joint law of the observed segments' counts. */
    record Observation(List<int[]> segments, Map<List<Integer>, Double> joint, double probability) {}

    private PathEnumeration() {}

    /** Calls back every path of T + 1 nodes from start with its probability. */
    static void paths(double[][] w, int start, int steps, java.util.function.BiConsumer<int[], Double> each) {
        int[] y = new int[steps + 1];
        y[0] = start;
        walk(w, y, 1, 1.0, each);
    }

    private static void walk(double[][] w, int[] y, int t, double p, java.util.function.BiConsumer<int[], Double> each) {
        if (t == y.length) {
            each.accept(y.clone(), p);
            return;
        }
        for (int j = 0; j < w.length; j++) {
            if (w[y[t - 1]][j] > 0) {
                y[t] = j;
                walk(w, y, t + 1, p * w[y[t - 1]][j], each);
            }
        }
    }

    /** Returns P(K = k), K = #{t &lt; T : y_t = u}. */
    static double[] countLaw(double[][] w, int u, int start, int steps) {
        double[] law = new double[steps + 1];
        paths(w, start, steps, (y, p) -> {
            int k = 0;
            for (int t = 0; t < steps; t++) {
                k += y[t] == u ? 1 : 0;
            }
            law[k] += p;
        });
        return law;
    }

    /** Returns v's observations: key = its visit times t ≤ T and the next node after each (t &lt; T). */
    static List<Observation> observations(double[][] w, int u, int v, int start, int steps) {
        return observations(w, u, v, start, steps, false);
    }

    /**
     * Returns v's observations; with {@code senderKnown} the key also holds the node before each visit, and each
     * segment is {first, m, last}.
     */
    static List<Observation> observations(double[][] w, int u, int v, int start, int steps, boolean senderKnown) {
        return observations(w, u, new int[] {v}, start, steps, senderKnown);
    }

    /**
     * Returns a coalition's observations: the key holds every visit time to a member, the member, the next node and
     * (sender known) the node before; each segment is {first, m, last, receiving member}.
     */
    static List<Observation> observations(double[][] w, int u, int[] coalition, int start, int steps, boolean senderKnown) {
        boolean[] in = new boolean[w.length];
        for (int v : coalition) {
            in[v] = true;
        }
        Map<String, List<int[]>> segs = new LinkedHashMap<>();
        Map<String, Map<List<Integer>, Double>> joint = new LinkedHashMap<>();
        Map<String, Double> mass = new LinkedHashMap<>();
        paths(w, start, steps, (y, p) -> {
            StringBuilder key = new StringBuilder();
            List<int[]> s = new ArrayList<>();
            List<Integer> ks = new ArrayList<>();
            int last = -1;
            for (int t = 0; t <= steps; t++) {
                if (!in[y[t]]) {
                    continue;
                }
                key.append(t).append('@').append(y[t]).append(':').append(t < steps ? y[t + 1] : -1);
                if (senderKnown) {
                    key.append('<').append(t > 0 ? y[t - 1] : -1);
                }
                key.append(';');
                int from = last + 1;
                int m = t - from;
                if (m >= 1) {
                    int k = 0;
                    for (int r = from; r < t; r++) {
                        k += y[r] == u ? 1 : 0;
                    }
                    s.add(new int[] {y[from], m, y[t - 1], y[t]});
                    ks.add(k);
                }
                last = t;
            }
            String kk = key.toString();
            segs.putIfAbsent(kk, s);
            joint.computeIfAbsent(kk, x -> new LinkedHashMap<>()).merge(ks, p, Double::sum);
            mass.merge(kk, p, Double::sum);
        });
        List<Observation> out = new ArrayList<>();
        for (String k : segs.keySet()) {
            Map<List<Integer>, Double> j = new LinkedHashMap<>();
            for (Map.Entry<List<Integer>, Double> e : joint.get(k).entrySet()) {
                j.put(e.getKey(), e.getValue() / mass.get(k));
            }
            out.add(new Observation(segs.get(k), j, mass.get(k)));
        }
        return out;
    }

    /**
     * Returns δ(ε) of v's view by enumeration and a midpoint grid of {@code grid} points per observed segment (at most
     * two), over ±(m + 10·2σ√m): Σ_obs P(obs) ∫ (p − e^ε q)₊ with p(z) = Σ P(k⃗) Π φ(z_j − k_j), q(z) = p(−z).
     */
    static double viewDelta(double[][] w, int u, int v, int start, int steps, double sigma, double epsilon, int grid) {
        return viewDelta(w, u, v, start, steps, sigma, epsilon, grid, false);
    }

    /** As above, the sender of each visit known to v when {@code senderKnown}. */
    static double viewDelta(double[][] w, int u, int v, int start, int steps, double sigma, double epsilon, int grid,
                            boolean senderKnown) {
        return viewDelta(w, u, new int[] {v}, start, steps, sigma, epsilon, grid, senderKnown);
    }

    /** As above, for a coalition that pools its views. */
    static double viewDelta(double[][] w, int u, int[] coalition, int start, int steps, double sigma, double epsilon, int grid,
                            boolean senderKnown) {
        double total = 0;
        double e = Math.exp(epsilon);
        for (Observation o : observations(w, u, coalition, start, steps, senderKnown)) {
            int d = o.segments().size();
            if (d == 0) {
                continue;
            }
            if (d > 2) {
                throw new IllegalArgumentException("the enumeration integrates at most two segments, got " + d);
            }
            double[] sd = new double[d];
            double[] half = new double[d];
            for (int j = 0; j < d; j++) {
                int m = o.segments().get(j)[1];
                sd[j] = 2 * sigma * Math.sqrt(m);
                half[j] = m + 10 * sd[j];
            }
            double h0 = 2 * half[0] / grid;
            double h1 = d == 2 ? 2 * half[1] / grid : 1;
            int g1 = d == 2 ? grid : 1;
            int entries = o.joint().size();
            double[] weight = new double[entries];
            int[][] ks = new int[entries][];
            int x = 0;
            for (Map.Entry<List<Integer>, Double> en : o.joint().entrySet()) {
                weight[x] = en.getValue();
                ks[x++] = en.getKey().stream().mapToInt(Integer::intValue).toArray();
            }
            // φ(z − k) and φ(z + k) per grid point and count, per dimension: the product form of the mixture.
            double[][][] plus = new double[d][][];
            double[][][] minus = new double[d][][];
            for (int j = 0; j < d; j++) {
                int points = j == 0 ? grid : g1;
                double h = j == 0 ? h0 : h1;
                int kmax = o.segments().get(j)[1];
                plus[j] = new double[points][kmax + 1];
                minus[j] = new double[points][kmax + 1];
                for (int a = 0; a < points; a++) {
                    double z = -half[j] + (a + 0.5) * h;
                    for (int k = 0; k <= kmax; k++) {
                        plus[j][a][k] = normal(z - k, sd[j]);
                        minus[j][a][k] = normal(z + k, sd[j]);
                    }
                }
            }
            double acc = 0;
            for (int a = 0; a < grid; a++) {
                for (int b = 0; b < g1; b++) {
                    double p = 0;
                    double q = 0;
                    for (int r = 0; r < entries; r++) {
                        double pp = plus[0][a][ks[r][0]];
                        double qq = minus[0][a][ks[r][0]];
                        if (d == 2) {
                            pp *= plus[1][b][ks[r][1]];
                            qq *= minus[1][b][ks[r][1]];
                        }
                        p += weight[r] * pp;
                        q += weight[r] * qq;
                    }
                    if (p > e * q) {
                        acc += p - e * q;
                    }
                }
            }
            total += o.probability() * acc * h0 * h1;
        }
        return total;
    }

    private static double normal(double x, double sd) {
        double z = x / sd;
        return Math.exp(-0.5 * z * z) / (sd * Math.sqrt(2 * Math.PI));
    }
}
