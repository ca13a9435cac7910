package rwdp.spectral;

import rwdp.check.InvalidArgumentException;
import rwdp.markov.ChainFeatures;
import rwdp.markov.Spectrum;
import rwdp.markov.TransitionMatrix;

/**
 * λ2 and λmin of a transition matrix, the two eigenvalues the mixing quantities need: from the
 * dense spectrum for small or non-reversible chains, and by Lanczos on the sparse symmetrised
 * matrix D^(1/2) P D^(-1/2) of a reversible chain otherwise (Golub and Van Loan, Matrix
 * Computations, §10.1), so a million-node graph needs O(nnz) memory and seconds, not n².
 *
 * @param lambda2      second-largest eigenvalue (real part)
 * @param lambdaMin    smallest eigenvalue (real part)
 * @param slem         second-largest eigenvalue modulus (max(|λ2|, |λmin|) for a real spectrum)
 * @param lanczosSteps Lanczos iterations used; 0 when the dense spectrum was computed
 */
public record SpectralExtremes(double lambda2, double lambdaMin, double slem, int lanczosSteps) {

    /** Chains up to this many states get the dense spectrum (exact to rounding, about 5 s at 2000). */
    public static final int DENSE_LIMIT = 2000;

    /** Flops Lanczos may spend before it gives up (about a minute on one core). */
    static final double WORK_LIMIT = 5e10;

    /** Relative accuracy of the Lanczos values: |error of λ2| ≤ TOLERANCE·(1 − λ2), likewise 1 + λmin. */
    public static final double TOLERANCE = 1e-6;

    /** Returns λ_P = (max(|λ2|, |λmin|) + 1)/2 (Ayache et al., §III; Wang et al., Def. 4). */
    public double lambdaP() {
        return (slem + 1) / 2;
    }

    /** Returns the spectral gap 1 − λ2. */
    public double spectralGap() {
        return 1 - lambda2;
    }

    /** Returns the absolute spectral gap 1 − max(|λ2|, |λmin|) (Levin and Peres, §12.2). */
    public double absoluteSpectralGap() {
        return 1 - slem;
    }

    /**
     * Returns λ2 and λmin of {@code p} (at least 2 states): dense for at most {@link #DENSE_LIMIT}
     * states or a non-reversible chain, Lanczos for a larger reversible one.
     *
     * @throws InvalidArgumentException when p has fewer than 2 states, or the Lanczos iteration does not converge
     *     (see the message)
     */
    public static SpectralExtremes of(TransitionMatrix p) {
        if (p.n() < 2) {
            throw new InvalidArgumentException("a chain with " + p.n() + " state has no second eigenvalue; use at least 2 nodes");
        }
        double[] mu = p.n() > DENSE_LIMIT ? ChainFeatures.reversibleMeasure(p) : null;
        if (mu == null) {
            Spectrum s = p.spectrum();
            return new SpectralExtremes(s.lambda2(), s.lambdaMin(), s.slem(), 0);
        }
        // Each step costs about 2·nnz + 10·n flops; the cap keeps a run to about a minute on one core.
        long budget = (long) (WORK_LIMIT / (2.0 * p.nonZeros() + 10.0 * p.n()));
        int maxSteps = (int) Math.max(300, Math.min(3L * p.n(), Math.min(budget, 1_000_000)));
        return Lanczos.extremes(p, mu, maxSteps, p.isIrreducible());
    }
}
