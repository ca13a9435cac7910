package rwdp.algo.federated;

/** What a baseline does with the work of a straggler (Wang et al., §VI-B). */
public enum StragglerPolicy {
    /** Discard the straggler's update, as the paper's (D)FedAvg baselines do. */
    DROP,
    /** Keep the partial update, as DFedRW does (used for the exact reductions of §IV-A). */
    KEEP_PARTIAL
}
