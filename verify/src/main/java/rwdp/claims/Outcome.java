package rwdp.claims;

import rwdp.random.SummaryStats;

/** A verdict with its evidence. */
public record Outcome(Verdict verdict, Evidence evidence) {

    /** Returns HOLDS when {@code holds}, VIOLATED otherwise. */
    public static Outcome of(boolean holds, Evidence evidence) {
        return new Outcome(holds ? Verdict.HOLDS : Verdict.VIOLATED, evidence);
    }

    /** Returns DEPENDS: the evidence maps where in the unstated parameter's range the claim holds. */
    public static Outcome depends(Evidence evidence) {
        return new Outcome(Verdict.DEPENDS, evidence);
    }

    /**
     * Returns the verdict of "E[X] ≤ bound" from a Monte Carlo interval of E[X]: HOLDS when the
     * interval lies below the bound, VIOLATED when above, INCONCLUSIVE when it straddles it.
     */
    public static Outcome atMost(SummaryStats estimate, double bound, Evidence evidence) {
        evidence.put("ci_level", estimate.level())
                .put("estimate", estimate.mean())
                .put("ci_lower", estimate.lower())
                .put("ci_upper", estimate.upper())
                .put("bound", bound);
        Verdict v = estimate.upper() <= bound ? Verdict.HOLDS
                : estimate.lower() > bound ? Verdict.VIOLATED : Verdict.INCONCLUSIVE;
        return new Outcome(v, evidence);
    }
}
