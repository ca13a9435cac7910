package rwdp.claims;

/** The numerical or empirical test of one claim. */
@FunctionalInterface
public interface Check {
    /** Returns the verdict and evidence; all randomness comes from {@code ctx}'s seed. */
    Outcome run(CheckContext ctx) throws Exception;
}
