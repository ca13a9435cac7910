package rwdp.claims;

/**
 * The result of running one claim.
 *
 * <p>A check that throws has no verdict: it is an <b>internal error</b> of rwdp ({@link #internalError}), reported as
 * such ({@link #label} is {@link #INTERNAL_ERROR}), never as a verdict about the paper; its outcome holds only the stack
 * trace (its verdict field is a placeholder no report shows).
 *
 * @param claim   the claim
 * @param outcome its verdict and evidence (for an internal error: the stack trace)
 * @param seconds wall-clock time of the check
 * @param error   the exception thrown by the check (class and message), or null
 */
public record ClaimResult(Claim claim, Outcome outcome, double seconds, String error) {

    /** Evidence key of a check that could not run because a data package is not installed. */
    public static final String MISSING_PACKAGE = "missing_package";

    /** The label of a claim whose check threw ({@link #internalError}): a defect of rwdp, not a verdict. */
    public static final String INTERNAL_ERROR = "INTERNAL_ERROR";

    /** Returns whether the check threw: an internal error of rwdp, which decides nothing about the paper. */
    public boolean internalError() {
        return error != null;
    }

    /** Returns what the reports show as the result: the verdict's name, or {@link #INTERNAL_ERROR} when the check threw. */
    public String label() {
        return internalError() ? INTERNAL_ERROR : outcome.verdict().name();
    }

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
