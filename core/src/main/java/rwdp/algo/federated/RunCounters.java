package rwdp.algo.federated;

/**
 * The bookkeeping every federated run shares: the rounds made, the bits sent and the gradient
 * evaluations made so far (Wang et al., §VI-B counts all three). Subclasses make the rounds.
 */
abstract class RunCounters implements FederatedAlgorithm.Run {
    /** Rounds made so far (the current round during {@link #round()}). */
    protected int t;
    /** Bits sent by all devices so far. */
    protected long bits;
    /** Gradient evaluations made so far. */
    protected long gradientSteps;

    @Override
    public final int rounds() {
        return t;
    }

    @Override
    public final long bits() {
        return bits;
    }

    @Override
    public final long gradientSteps() {
        return gradientSteps;
    }
}
