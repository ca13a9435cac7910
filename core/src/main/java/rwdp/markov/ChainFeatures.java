package rwdp.markov;

import rwdp.check.InvalidArgumentException;
import java.util.Arrays;

/**
 * Predicates and defects of a transition matrix: symmetry, row and column sums, irreducibility,
 * period, reversibility (Levin, Peres &amp; Wilmer, "Markov Chains and Mixing Times", 2nd ed.,
 * §1.3 and §1.6). Operations on a {@link TransitionMatrix}, kept apart from its storage in the way
 * EJML keeps {@code MatrixFeatures_DDRM} apart from {@code DMatrixRMaj}.
 */
public final class ChainFeatures {
    private ChainFeatures() {}

    /** Returns the largest |P(i,j) − P(j,i)|. */
    public static double asymmetry(TransitionMatrix p) {
        int n = p.n();
        int[] rowStart = p.rowStartArray();
        int[] cols = p.colsArray();
        double[] probs = p.probsArray();
        double worst = 0;
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                worst = Math.max(worst, Math.abs(probs[k] - p.get(cols[k], i)));
            }
        }
        return worst;
    }

    /** Returns the largest |column sum − 1|; 0 for a doubly stochastic matrix. */
    public static double columnSumDefect(TransitionMatrix p) {
        int[] cols = p.colsArray();
        double[] probs = p.probsArray();
        double[] colSum = new double[p.n()];
        for (int k = 0; k < probs.length; k++) {
            colSum[cols[k]] += probs[k];
        }
        double worst = 0;
        for (double c : colSum) {
            worst = Math.max(worst, Math.abs(c - 1));
        }
        return worst;
    }

    /** Returns the largest |row sum − 1|. */
    public static double rowSumDefect(TransitionMatrix p) {
        int[] rowStart = p.rowStartArray();
        double[] probs = p.probsArray();
        double worst = 0;
        for (int i = 0; i < p.n(); i++) {
            double s = 0;
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                s += probs[k];
            }
            worst = Math.max(worst, Math.abs(s - 1));
        }
        return worst;
    }

    /** Returns whether every state reaches every other through positive entries. */
    public static boolean isIrreducible(TransitionMatrix p) {
        return reachesAll(p, false) && reachesAll(p, true);
    }

    private static boolean reachesAll(TransitionMatrix p, boolean transpose) {
        int n = p.n();
        int[] rowStart = p.rowStartArray();
        int[] cols = p.colsArray();
        double[] probs = p.probsArray();
        int[][] adj = transpose ? transposedSupport(p) : null;
        boolean[] seen = new boolean[n];
        int[] stack = new int[n];
        int top = 0;
        stack[top++] = 0;
        seen[0] = true;
        int count = 1;
        while (top > 0) {
            int x = stack[--top];
            if (transpose) {
                for (int y : adj[x]) {
                    if (!seen[y]) {
                        seen[y] = true;
                        count++;
                        stack[top++] = y;
                    }
                }
            } else {
                for (int k = rowStart[x]; k < rowStart[x + 1]; k++) {
                    int y = cols[k];
                    if (probs[k] > 0 && !seen[y]) {
                        seen[y] = true;
                        count++;
                        stack[top++] = y;
                    }
                }
            }
        }
        return count == n;
    }

    private static int[][] transposedSupport(TransitionMatrix p) {
        int n = p.n();
        int[] rowStart = p.rowStartArray();
        int[] cols = p.colsArray();
        double[] probs = p.probsArray();
        int[] indeg = new int[n];
        for (int k = 0; k < probs.length; k++) {
            if (probs[k] > 0) {
                indeg[cols[k]]++;
            }
        }
        int[][] adj = new int[n][];
        for (int j = 0; j < n; j++) {
            adj[j] = new int[indeg[j]];
        }
        int[] fill = new int[n];
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                if (probs[k] > 0) {
                    adj[cols[k]][fill[cols[k]]++] = i;
                }
            }
        }
        return adj;
    }

    /**
     * Returns the period of an irreducible chain: the gcd of level(u) + 1 − level(v) over the
     * positive entries (u, v), with BFS levels from state 0.
     *
     * @throws InvalidArgumentException when p is reducible (the period is a property of irreducible chains)
     */
    public static int period(TransitionMatrix p) {
        if (!p.isIrreducible()) {
            throw new InvalidArgumentException("the period is defined for irreducible chains; " + p.name() + " is reducible");
        }
        int n = p.n();
        int[] rowStart = p.rowStartArray();
        int[] cols = p.colsArray();
        double[] probs = p.probsArray();
        int[] level = new int[n];
        Arrays.fill(level, -1);
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        level[0] = 0;
        queue[tail++] = 0;
        int g = 0;
        while (head < tail) {
            int x = queue[head++];
            for (int k = rowStart[x]; k < rowStart[x + 1]; k++) {
                if (probs[k] <= 0) {
                    continue;
                }
                int y = cols[k];
                if (level[y] < 0) {
                    level[y] = level[x] + 1;
                    queue[tail++] = y;
                } else {
                    g = gcd(g, Math.abs(level[x] + 1 - level[y]));
                }
            }
        }
        return g == 0 ? 1 : g;
    }

    private static int gcd(int a, int b) {
        while (b != 0) {
            int t = a % b;
            a = b;
            b = t;
        }
        return a;
    }

    /**
     * Returns a positive measure in detailed balance with P, or null when P is not reversible.
     * Each connected piece of the support gets its own scale, so reducible chains are allowed.
     */
    public static double[] reversibleMeasure(TransitionMatrix p) {
        int n = p.n();
        int[] rowStart = p.rowStartArray();
        int[] cols = p.colsArray();
        double[] probs = p.probsArray();
        double[] mu = new double[n];
        int[] queue = new int[n];
        for (int s = 0; s < n; s++) {
            if (mu[s] > 0) {
                continue;
            }
            mu[s] = 1;
            int head = 0;
            int tail = 0;
            queue[tail++] = s;
            while (head < tail) {
                int x = queue[head++];
                for (int k = rowStart[x]; k < rowStart[x + 1]; k++) {
                    int y = cols[k];
                    if (probs[k] <= 0 || y == x || mu[y] > 0) {
                        continue;
                    }
                    double back = p.get(y, x);
                    if (back <= 0) {
                        return null;
                    }
                    mu[y] = mu[x] * probs[k] / back;
                    queue[tail++] = y;
                }
            }
        }
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                int j = cols[k];
                double lhs = mu[i] * probs[k];
                double rhs = mu[j] * p.get(j, i);
                if (Math.abs(lhs - rhs) > 1e-10 * Math.max(lhs, rhs)) {
                    return null;
                }
            }
        }
        return mu;
    }
}
