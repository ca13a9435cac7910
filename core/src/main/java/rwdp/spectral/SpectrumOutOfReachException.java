package rwdp.spectral;

import rwdp.check.InvalidArgumentException;

/**
 * The Chebyshev expansion cannot be trusted on this W: its spectral gap needs more terms than the expansion allows, or
 * Lanczos did not settle the spectrum and the certificate failed (Cyffers et al., Thm. 3, App. B). A user error
 * (exit 2) for the command line; the PNDP accountant's plan falls back to the dense eigendecomposition for an AUTO matrix.
 */
public class SpectrumOutOfReachException extends InvalidArgumentException {
    private static final long serialVersionUID = 1L;

    /** Creates the exception; {@code message} says what was out of reach and the way out. */
    public SpectrumOutOfReachException(String message) {
        super(message);
    }

    /** Creates the exception: {@code problem} says what was out of reach, {@code remedy} the way out (a field, then its text). */
    public SpectrumOutOfReachException(String problem, rwdp.check.Remedy remedy) {
        super(problem, remedy);
    }
}
