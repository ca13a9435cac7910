package rwdp.claims;

import rwdp.random.SummaryStats;

/** A verdict with its evidence. */
public record Outcome(Verdict verdict, Evidence evidence) {

    /** Returns HOLDS when {@code holds}, VIOLATED otherwise. */
    public static Outcome of(boolean holds, Evidence evidence) {
        return new Outcome(holds ? Verdict.HOLDS : Verdict.VIOLATED, evidence);
    }

    /**
     * Returns the outcome of a check that could not run because data package {@code debianPackage}
     * is not installed: INCONCLUSIVE with power none, reported as "not run" ({@link ClaimResult#notRun}).
     */
    public static Outcome notRun(String debianPackage, String why) {
        Evidence ev = new Evidence();
        ev.put(ClaimResult.MISSING_PACKAGE, debianPackage);
        ev.note("Not run: " + why + ". Install the package (or set RWDP_DATA to where it was unpacked) to decide this claim.");
        ev.power(Power.none("the data set is not installed, so nothing was compared"));
        return new Outcome(Verdict.INCONCLUSIVE, ev);
    }

    /**
     * Returns the verdict the recorded cells ({@link Evidence#cell}) give under rule 1 of the
     * README ("Reading the report"): HOLDS when every cell is decided for the paper; DEPENDS when
     * some are decided for it and some against; VIOLATED when some are decided against and none
     * for (the statement is not reproduced anywhere in the range tried, so it is not an
     * inconclusive result); INCONCLUSIVE only when no cell is decided against and some are not
     * separated.
     */
    public static Outcome overCells(Evidence evidence) {
        return new Outcome(overCells(evidence.cells().values()), evidence);
    }

    /**
     * The verdict of {@link #overCells(Evidence)} for a collection of cell decisions.
     *
     * @throws IllegalArgumentException when cells is empty
     */
    public static Verdict overCells(java.util.Collection<Verdict> cells) {
        if (cells.isEmpty()) {
            throw new IllegalArgumentException("no cell recorded");
        }
        boolean anyFor = cells.contains(Verdict.HOLDS);
        boolean anyAgainst = cells.contains(Verdict.VIOLATED);
        if (anyFor && anyAgainst) {
            return Verdict.DEPENDS;
        }
        if (anyAgainst) {
            return Verdict.VIOLATED;
        }
        return cells.stream().allMatch(v -> v == Verdict.HOLDS) ? Verdict.HOLDS : Verdict.INCONCLUSIVE;
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
