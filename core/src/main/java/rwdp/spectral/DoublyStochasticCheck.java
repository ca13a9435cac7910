package rwdp.spectral;

import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;

/**
 * The check that W is a symmetric doubly stochastic matrix of a connected graph, as the PNDP accountant needs
 * (Cyffers et al., Assumption 2).
 */
final class DoublyStochasticCheck {
    private DoublyStochasticCheck() {}

    /**
     * Throws IllegalArgumentException unless W is irreducible, symmetric and doubly stochastic
     * (Cyffers et al., Assumption 2), with a message naming the broken property.
     *
     * @throws InvalidArgumentException when w is not symmetric or not doubly stochastic (beyond
     *     {@link PairwiseMatrixFunction#TOLERANCE}), or its graph is not connected
     */
    public static void requireSymmetricDoublyStochastic(TransitionMatrix w) {
        double asym = w.asymmetry();
        if (asym > MatrixFunctions.TOLERANCE) {
            throw new InvalidArgumentException("weights " + w.name() + " are not symmetric (max |W_uv - W_vu| = " + asym
                    + "); Theorem 3 needs a symmetric doubly stochastic W: ", rwdp.check.Remedy.METROPOLIS_WEIGHTS);
        }
        double col = w.columnSumDefect();
        if (col > MatrixFunctions.TOLERANCE) {
            throw new InvalidArgumentException("weights " + w.name() + " are not doubly stochastic (a column sums to 1 "
                    + (col > 0 ? "+/- " : "") + col + "); ", rwdp.check.Remedy.METROPOLIS_WEIGHTS);
        }
        // W is symmetric here, so one search from node 0 decides irreducibility (no transposed copy).
        if (!reachesAllFromZero(w)) {
            throw new InvalidArgumentException("the graph is not connected (W is reducible): the PNDP accountant needs a connected graph");
        }
    }

    private static boolean reachesAllFromZero(TransitionMatrix w) {
        int n = w.n();
        boolean[] seen = new boolean[n];
        int[] queue = new int[n];
        int head = 0;
        int tail = 0;
        seen[0] = true;
        queue[tail++] = 0;
        while (head < tail) {
            int x = queue[head++];
            for (int k = 0; k < w.rowLength(x); k++) {
                int y = w.column(x, k);
                if (!seen[y] && w.probability(x, k) > 0) {
                    seen[y] = true;
                    queue[tail++] = y;
                }
            }
        }
        return tail == n;
    }
}
