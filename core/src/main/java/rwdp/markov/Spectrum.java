package rwdp.markov;

import java.util.Arrays;
import org.ejml.data.Complex_F64;
import org.ejml.data.DMatrixRMaj;
import org.ejml.dense.row.factory.DecompositionFactory_DDRM;
import org.ejml.interfaces.decomposition.EigenDecomposition_F64;
import rwdp.check.InvalidArgumentException;

/**
 * The eigenvalues of a transition matrix, sorted by decreasing real part, with the derived
 * mixing quantities used by the papers.
 *
 * @param real      real parts, decreasing
 * @param imag      imaginary parts (all zero for reversible chains)
 * @param symmetric whether a symmetric solver produced them (exact real spectrum)
 */
public record Spectrum(double[] real, double[] imag, boolean symmetric) {

    /**
     * Checks the parts.
     *
     * @throws InvalidArgumentException when real and imag differ in length or are empty
     */
    public Spectrum {
        if (real.length != imag.length || real.length == 0) {
            throw new InvalidArgumentException("spectrum needs matching, non-empty real and imaginary parts");
        }
        real = real.clone();
        imag = imag.clone();
    }

    /** Returns the number of eigenvalues. */
    public int size() {
        return real.length;
    }

    /** Returns the second-largest eigenvalue λ2 (real part); 1 for a disconnected chain. */
    public double lambda2() {
        return real.length < 2 ? Double.NaN : real[1];
    }

    /** Returns the smallest eigenvalue λmin (real part); -1 for a periodic bipartite chain. */
    public double lambdaMin() {
        return real[real.length - 1];
    }

    /**
     * Returns the second-largest eigenvalue modulus, max(|λ2|, |λmin|) for a real spectrum; the
     * second-largest modulus in general.
     */
    public double slem() {
        if (real.length < 2) {
            return 0;
        }
        double first = 0;
        double second = 0;
        for (int i = 0; i < real.length; i++) {
            double m = Math.hypot(real[i], imag[i]);
            if (m > first) {
                second = first;
                first = m;
            } else if (m > second) {
                second = m;
            }
        }
        return second;
    }

    /** Returns λ_P = (max(|λ2|, |λmin|) + 1)/2 (Ayache et al., §III; Wang et al., Def. 4). */
    public double lambdaP() {
        return (slem() + 1) / 2;
    }

    /** Returns the spectral gap 1 - λ2. */
    public double spectralGap() {
        return 1 - lambda2();
    }

    /** Returns the absolute spectral gap 1 - max(|λ2|, |λmin|) (Levin and Peres, §12.2). */
    public double absoluteSpectralGap() {
        return 1 - slem();
    }

    /** Returns a copy of the eigenvalues' real parts, decreasing. */
    @Override
    public double[] real() {
        return real.clone();
    }

    /** Returns a copy of the eigenvalues' imaginary parts. */
    @Override
    public double[] imag() {
        return imag.clone();
    }

    /**
     * Returns the eigenvalues of P: EJML's symmetric solver on P when P is symmetric, on the
     * similar matrix D^(1/2) P D^(-1/2) (D = diag of a detailed-balance measure) when P is
     * reversible, and EJML's general solver otherwise. Dense: O(n²) memory, O(n³) time.
     */
    public static Spectrum of(TransitionMatrix p) {
        int n = p.n();
        // The dense matrix, its symmetrised copy and the solver's work arrays: refuse before allocating.
        rwdp.check.Checks.checkMemory(3.0 * 8 * n * (double) n, "the dense eigenvalues of " + n + " states",
                "λ2 and λmin alone come from SpectralExtremes (Lanczos), as graph info does");
        DMatrixRMaj a = p.toDense();
        boolean symmetric = p.isSymmetric(1e-15);
        if (!symmetric) {
            double[] mu = ChainFeatures.reversibleMeasure(p);
            if (mu != null) {
                DMatrixRMaj s = new DMatrixRMaj(n, n);
                for (int i = 0; i < n; i++) {
                    for (int j = 0; j < n; j++) {
                        double v = a.get(i, j);
                        if (v != 0) {
                            s.set(i, j, Math.sqrt(mu[i] / mu[j]) * v);
                        }
                    }
                }
                // Remove rounding asymmetry so the symmetric solver sees an exact symmetric matrix.
                for (int i = 0; i < n; i++) {
                    for (int j = i + 1; j < n; j++) {
                        double m = 0.5 * (s.get(i, j) + s.get(j, i));
                        s.set(i, j, m);
                        s.set(j, i, m);
                    }
                }
                a = s;
                symmetric = true;
            }
        } else {
            for (int i = 0; i < n; i++) {
                for (int j = i + 1; j < n; j++) {
                    double m = 0.5 * (a.get(i, j) + a.get(j, i));
                    a.set(i, j, m);
                    a.set(j, i, m);
                }
            }
        }
        EigenDecomposition_F64<DMatrixRMaj> eig = DecompositionFactory_DDRM.eig(n, false, symmetric);
        if (!eig.decompose(a)) {
            throw new IllegalStateException("eigenvalue decomposition failed for " + p.name());
        }
        int m = eig.getNumberOfEigenvalues();
        Integer[] order = new Integer[m];
        double[] re = new double[m];
        double[] im = new double[m];
        for (int i = 0; i < m; i++) {
            Complex_F64 c = eig.getEigenvalue(i);
            re[i] = c.real;
            im[i] = symmetric ? 0 : c.imaginary;
            order[i] = i;
        }
        Arrays.sort(order, (x, y) -> Double.compare(re[y], re[x]));
        double[] sr = new double[m];
        double[] si = new double[m];
        for (int i = 0; i < m; i++) {
            sr[i] = re[order[i]];
            si[i] = im[order[i]];
        }
        return new Spectrum(sr, si, symmetric);
    }
}
