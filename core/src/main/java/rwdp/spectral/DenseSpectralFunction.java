package rwdp.spectral;

import java.util.stream.IntStream;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import rwdp.markov.TransitionMatrix;

/**
 * f(W − J/n) from EJML's dense symmetric eigendecomposition: the reference route of Cyffers et al.'s code
 * ({@code logW}), O(n³) time and a few n×n matrices of memory.
 */
final class DenseSpectralFunction {
    private DenseSpectralFunction() {}

    /**
     * Returns f(W − J/n) = Σ_i f(λ_i) φ_i φ_iᵀ from EJML's symmetric eigendecomposition of the
     * dense W − J/n (whose eigenvalue on 𝟙 is 0, and f(0) = 0 is assumed): the reference
     * computation of Cyffers et al.'s code ({@code logW}).
     */
    public static double[][] eigen(TransitionMatrix w, SpectralFunction f) {
        MatrixFunctions.requireSymmetricDoublyStochastic(w);
        int n = w.n();
        DMatrixRMaj b = centred(w);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, true, true);
        if (!eig.decompose(b)) {
            throw new IllegalStateException("symmetric eigendecomposition failed for " + w.name());
        }
        b = null;
        // u[i][k] = φ_k(i): row i holds coordinate i of every eigenvector, so F_ij is a dot product of rows.
        double[][] u = new double[n][n];
        double[] fk = new double[n];
        for (int k = 0; k < n; k++) {
            double lambda = eig.getEigenvalue(k).real;
            // Eigenvalues of W − J/n lie in [−1, 1); rounding can push them by an ulp.
            fk[k] = f.apply(Math.max(-1, Math.min(lambda, Math.nextDown(1.0))));
            DMatrixRMaj v = eig.getEigenVector(k);
            for (int i = 0; i < n; i++) {
                u[i][k] = v.get(i, 0);
            }
        }
        double[][] out = new double[n][n];
        // Rows are interleaved across threads so the triangle's work is balanced.
        IntStream.range(0, n).parallel().forEach(r -> {
            int i = (r % 2 == 0) ? r / 2 : n - 1 - r / 2;
            double[] s = new double[n];
            double[] ui = u[i];
            for (int k = 0; k < n; k++) {
                s[k] = ui[k] * fk[k];
            }
            for (int j = i; j < n; j++) {
                double[] uj = u[j];
                double acc = 0;
                for (int k = 0; k < n; k++) {
                    acc += s[k] * uj[k];
                }
                out[i][j] = acc;
            }
        });
        for (int i = 0; i < n; i++) {
            for (int j = i + 1; j < n; j++) {
                out[j][i] = out[i][j];
            }
        }
        return out;
    }

    /** Returns trace(f(W − J/n)) = Σ_{λ ≠ 1} f(λ) from EJML's dense symmetric eigenvalues of W − J/n. */
    public static double trace(TransitionMatrix w, SpectralFunction f) {
        int n = w.n();
        DMatrixRMaj b = centred(w);
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false, true);
        if (!eig.decompose(b)) {
            throw new IllegalStateException("symmetric eigendecomposition failed for " + w.name());
        }
        double tr = 0;
        for (int k = 0; k < n; k++) {
            tr += f.apply(Math.max(-1, Math.min(eig.getEigenvalue(k).real, Math.nextDown(1.0))));
        }
        return tr;
    }

    /** Returns the dense symmetrised W − J/n (one n×n matrix), whose eigenvalue on 𝟙 is 0. */
    private static DMatrixRMaj centred(TransitionMatrix w) {
        int n = w.n();
        DMatrixRMaj b = w.toDense();
        double inv = 1.0 / n;
        for (int i = 0; i < n; i++) {
            for (int j = i; j < n; j++) {
                double m = 0.5 * (b.get(i, j) + b.get(j, i)) - inv;
                b.set(i, j, m);
                b.set(j, i, m);
            }
        }
        return b;
    }
}
