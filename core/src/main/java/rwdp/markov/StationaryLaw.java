package rwdp.markov;

import rwdp.check.InvalidArgumentException;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.LinearSolverFactory_DDRM;
import org.ejml.interfaces.linsol.LinearSolverDense;

/**
 * The stationary distribution of an irreducible chain (Levin, Peres &amp; Wilmer, §1.5): through
 * detailed balance along a BFS tree when the chain is reversible (O(nnz)), by a dense LU solve of
 * πP = π, Σπ = 1 otherwise.
 */
public final class StationaryLaw {
    private StationaryLaw() {}

    /**
     * Returns π with πP = π and Σπ = 1 for an irreducible P (Levin, Peres &amp; Wilmer, Prop. 1.14).
     *
     * @throws InvalidArgumentException when p is reducible (its stationary law is not unique)
     */
    public static double[] of(TransitionMatrix p) {
        if (!p.isIrreducible()) {
            throw new InvalidArgumentException(p.name() + " is reducible: its stationary distribution is not unique");
        }
        double[] pi = ChainFeatures.reversibleMeasure(p);
        if (pi == null) {
            return solve(p);
        }
        double s = 0;
        for (double x : pi) {
            s += x;
        }
        for (int i = 0; i < pi.length; i++) {
            pi[i] /= s;
        }
        return pi;
    }

    private static double[] solve(TransitionMatrix p) {
        int n = p.n();
        int[] rowStart = p.rowStartArray();
        int[] cols = p.colsArray();
        double[] probs = p.probsArray();
        DMatrixRMaj a = new DMatrixRMaj(n, n);
        for (int i = 0; i < n; i++) {
            for (int k = rowStart[i]; k < rowStart[i + 1]; k++) {
                a.add(cols[k], i, probs[k]);
            }
            a.add(i, i, -1);
        }
        for (int j = 0; j < n; j++) {
            a.set(n - 1, j, 1);
        }
        DMatrixRMaj b = new DMatrixRMaj(n, 1);
        b.set(n - 1, 0, 1);
        DMatrixRMaj x = new DMatrixRMaj(n, 1);
        LinearSolverDense<DMatrixRMaj> solver = LinearSolverFactory_DDRM.lu(n);
        if (!solver.setA(a)) {
            throw new IllegalStateException("singular system while solving for the stationary law of " + p.name());
        }
        solver.solve(b, x);
        double[] pi = new double[n];
        for (int i = 0; i < n; i++) {
            pi[i] = x.get(i, 0);
        }
        return pi;
    }
}
