package rwdp.claims;

/**
 * The result of running one claim.
 *
 * @param claim   the claim
 * @param outcome its verdict and evidence
 * @param seconds wall-clock time of the check
 * @param error   the message of an exception thrown by the check, or null
 */
public record ClaimResult(Claim claim, Outcome outcome, double seconds, String error) {

    /** Evidence key of a check that could not run because a data package is not installed. */
    public static final String MISSING_PACKAGE = "missing_package";

    /**
     * Returns whether the verdict equals the recorded expectation; a claim that could not run for
     * lack of a data package counts as expected (it is reported as not run, not as a finding).
     */
    public boolean asExpected() {
        return error == null && (notRun() || outcome.verdict() == claim.expected());
    }

    /** Returns whether the check could not run because its data package is missing. */
    public boolean notRun() {
        return error == null && outcome.evidence().values().containsKey(MISSING_PACKAGE);
    }
}
