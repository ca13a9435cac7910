package rwdp.spectral;

import java.util.Locale;
import rwdp.check.InvalidArgumentException;

/**
 * How f(W − J/n) is computed for a symmetric doubly stochastic W (Cyffers et al., Thm. 3, App. B): asked for by a
 * caller, AUTO decided once by the caller's cost model (the PNDP accountant's plan), which never runs AUTO itself.
 */
public enum Solver {
    /** The cheapest of the three by the caller's cost model. */
    AUTO,
    /** Dense symmetric eigendecomposition of W − J/n (EJML): n×n matrices only. */
    EIGEN,
    /** Chebyshev expansion on the sparse W. */
    CHEBYSHEV,
    /** Chebyshev expansion with W's top eigenpairs deflated (exactly, by a rank-k correction). */
    DEFLATED;

    /**
     * Returns the solver named {@code s} (auto, eigen, chebyshev or deflated, any case, surrounding blanks ignored).
     *
     * @throws InvalidArgumentException for any other name
     */
    public static Solver parse(String s) {
        try {
            return valueOf(s.strip().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new InvalidArgumentException("unknown solver '" + s + "'; expected eigen, chebyshev, deflated or auto");
        }
    }

    /** Returns the solver's name for reports: auto, eigen, chebyshev or deflated. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
