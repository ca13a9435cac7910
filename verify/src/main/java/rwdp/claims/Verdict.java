package rwdp.claims;

/** The outcome of checking one claim (spec/README.md, "Claims"). */
public enum Verdict {
    /** The bound is respected on every case tried. */
    HOLDS,
    /** Some case breaks the claim; the evidence holds the smallest counterexample found. */
    VIOLATED,
    /** The statistics cannot separate; the evidence holds the confidence interval. */
    INCONCLUSIVE
}
