package rwdp.check;

/**
 * What a caller can do about a refused input, in the library's terms: an {@link InvalidArgumentException}
 * carries it as a field and its message ends with its text, so a library user reads the library's way out, and a
 * front end (the command line) that offers the remedy under another name maps the field, never the text.
 */
public enum Remedy {
    /** More memory for the JVM. */
    LARGER_HEAP("give the JVM a larger heap (-Xmx<size>)"),
    /** A data folder holding a copy of the missing data set. */
    DATA_ROOT("give a data root holding a copy (DataLocation)"),
    /** The deflated Chebyshev expansion or the dense eigendecomposition of W. */
    DEFLATED_OR_EIGEN("use the deflated expansion (Solver.DEFLATED, or AUTO) or the dense eigendecomposition (Solver.EIGEN)"),
    /** The dense eigendecomposition of W. */
    EIGEN("use the dense eigendecomposition (Solver.EIGEN)"),
    /** A Chebyshev solver, plain or deflated, instead of the dense eigendecomposition. */
    CHEBYSHEV("use the Chebyshev expansion (Solver.CHEBYSHEV, DEFLATED or AUTO)"),
    /** Rows or all-pairs statistics, which the PNDP accountant computes without an n x n matrix. */
    MATRIX_FREE("ask for rows or all-pairs statistics instead (PndpPlan.Request rows, sample or allSources; none needs n x n memory)"),
    /** Metropolis weights, symmetric and doubly stochastic on every graph (what Cyffers et al.'s Assumption 2 asks of W). */
    METROPOLIS_WEIGHTS("use Metropolis weights (WeightScheme.Kind.METROPOLIS), symmetric and doubly stochastic on every graph"),
    /** The closed forms of Cyffers et al. for rings and stars. */
    CLOSED_FORMS("use a closed form where one exists (PndpClosedForms: ringGeneral for rings, starExactSeries for stars)");

    private final String text;

    Remedy(String text) {
        this.text = text;
    }

    /** Returns the remedy as the library states it. */
    public String text() {
        return text;
    }
}
