package rwdp.cli.cyffers;

import rwdp.cli.common.Labelled;

/**
 * The choices of {@code bound pndp} (Cyffers et al., Thm. 3, App. B), typed at the edge; the command maps them to the
 * accountant's parameters.
 */
final class PndpChoices {
    private PndpChoices() {}

    /** How ε_{u→v} is computed. */
    enum Method implements Labelled {
        /** Theorem 3's closed form with L(W) = −ln(I − W + J/n). */
        CLOSED,
        /** The exact finite-T series N_u α/σ² Σ_{t≤T} (W^t)_uv/t. */
        SERIES;
    }

    /** What the receiver knows of the sender. */
    enum Sender implements Labelled {
        /** Eq. (7): the sender is anonymous. */
        ANONYMOUS,
        /** App. B.1: the max over the neighbours w ≠ v of v. */
        KNOWN;
    }

    /** The pair statistic --target-epsilon calibrates. */
    enum Statistic implements Labelled {
        /** The mean over ordered pairs u ≠ v. */
        MEAN,
        /** The max over ordered pairs u ≠ v. */
        MAX;
    }
}
