package rwdp.markov;

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
}
