package rwdp.spectral;

import rwdp.markov.TransitionMatrix;

/**
 * Whether {@link MatrixFunctions#operator(TransitionMatrix, SpectralFunction, double, Deflation, long)} deflates the top
 * eigenpairs of W (Cyffers et al., Thm. 3, App. B).
 */
public enum Deflation {
    /** Never: the plain expansion on the whole spectrum of W on 1⊥. */
    NEVER,
    /** When the cost model says the saved degree pays for finding the eigenpairs for that many vectors. */
    AUTO,
    /** Whenever it can be done to the accuracy asked (else plain, with the reason in {@link MatrixFunctionOperator#deflationNote()}). */
    ALWAYS
}
