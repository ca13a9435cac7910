package rwdp.claims;

/** The outcome of checking one claim (the claims model in the README, "Reading the report"). */
public enum Verdict {
    /** The statement is respected on every case tried. */
    HOLDS,
    /** Inside the setting the paper states, a case breaks the statement; the evidence holds the smallest counterexample. */
    VIOLATED,
    /**
     * The paper leaves a parameter of its setting unstated, and the statement holds over part of
     * its plausible range and fails over another; the evidence maps the boundary.
     */
    DEPENDS,
    /** The statistics cannot separate; the evidence holds the confidence interval. */
    INCONCLUSIVE
}
