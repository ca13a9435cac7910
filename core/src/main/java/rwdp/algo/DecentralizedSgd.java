package rwdp.algo;

/** A decentralized SGD algorithm advanced one iteration at a time; {@link #step()} allocates nothing. */
public interface DecentralizedSgd {
    /** Runs one iteration. */
    void step();

    /** Returns the number of local SGD updates performed so far (the x-axis of Ayache et al., Fig. 2). */
    long updates();

    /** Returns the number of local SGD updates one iteration performs (1 for a walk, 2 for gossip). */
    int updatesPerStep();

    /** Returns the error f(w_k) − f* of the current model (for gossip: the mean over nodes). */
    double iterateError(double fStar);

    /** Returns the error f(w̄_k) − f* of the step-size-weighted average model. */
    double averageError(double fStar);
}
