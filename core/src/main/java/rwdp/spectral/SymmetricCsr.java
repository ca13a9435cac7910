package rwdp.spectral;

import rwdp.markov.TransitionMatrix;

/**
 * A symmetric sparse W in compressed rows, the operand of the Chebyshev kernels (Cyffers et al., Thm. 3, App. B).
 *
 * @param n        number of nodes
 * @param rowStart row i's entries are at rowStart[i] .. rowStart[i + 1] − 1
 * @param cols     their columns
 * @param vals     their values, (W_ij + W_ji)/2
 */
record SymmetricCsr(int n, int[] rowStart, int[] cols, double[] vals) implements java.io.Serializable {
    /** Returns W in compressed rows, symmetrised so the operator is exactly symmetric even when W is only to 1e-12. */
    static SymmetricCsr of(TransitionMatrix w) {
        int n = w.n();
        int[] rowStart = new int[n + 1];
        int[] cols = new int[w.nonZeros()];
        double[] vals = new double[w.nonZeros()];
        for (int i = 0, p = 0; i < n; i++) {
            rowStart[i] = p;
            for (int k = 0; k < w.rowLength(i); k++, p++) {
                cols[p] = w.column(i, k);
                vals[p] = 0.5 * (w.probability(i, k) + w.get(w.column(i, k), i));
            }
            rowStart[i + 1] = p;
        }
        return new SymmetricCsr(n, rowStart, cols, vals);
    }
}
