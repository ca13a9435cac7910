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

    /** Returns whether the verdict equals the recorded expectation. */
    public boolean asExpected() {
        return error == null && outcome.verdict() == claim.expected();
    }
}
