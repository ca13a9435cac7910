package rwdp.algo.federated;

import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.quantize.StochasticQuantizer;

/**
 * The algorithms of Wang et al. by the names the command line and the claims use, each with the
 * one way it is built from an experiment's parts: DFedRW and QDFedRW (Algorithms 1-2) and the
 * baselines of §VI-B, which drop stragglers' updates.
 */
public enum FederatedAlgorithms {
    /** DFedRW, Algorithm 1. */
    DFEDRW("dfedrw") {
        @Override
        public FederatedAlgorithm create(TransitionMatrix walk, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                                         StragglerModel stragglers, int bits, boolean corrected) {
            return new DFedRW(walk, graph, objective, schedule, stragglers, null);
        }
    },
    /** QDFedRW, Algorithm 2, with the b-bit quantiser of eq. (12); as printed or corrected. */
    QDFEDRW("qdfedrw") {
        @Override
        public FederatedAlgorithm create(TransitionMatrix walk, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                                         StragglerModel stragglers, int bits, boolean corrected) {
            return new DFedRW(walk, graph, objective, schedule, stragglers, StochasticQuantizer.finest(bits), corrected);
        }
    },
    /** FedAvg, the centralised baseline of §VI-B. */
    FEDAVG("fedavg") {
        @Override
        public FederatedAlgorithm create(TransitionMatrix walk, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                                         StragglerModel stragglers, int bits, boolean corrected) {
            return new FedAvg(objective, schedule, stragglers, StragglerPolicy.DROP);
        }
    },
    /** DFedAvg, the decentralised baseline of §VI-B. */
    DFEDAVG("dfedavg") {
        @Override
        public FederatedAlgorithm create(TransitionMatrix walk, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                                         StragglerModel stragglers, int bits, boolean corrected) {
            return new DFedAvg(graph, objective, schedule, stragglers, StragglerPolicy.DROP);
        }
    },
    /** DSGD, the one-step baseline of §VI-B (the schedule's K is ignored). */
    DSGD("dsgd") {
        @Override
        public FederatedAlgorithm create(TransitionMatrix walk, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                                         StragglerModel stragglers, int bits, boolean corrected) {
            return new rwdp.algo.federated.DSGD(graph, objective, schedule, stragglers);
        }
    };

    private final String label;

    FederatedAlgorithms(String label) {
        this.label = label;
    }

    /** Returns the name the command line and the claims use ("dfedrw", "qdfedrw", ...). */
    public String label() {
        return label;
    }

    /**
     * Returns the algorithm on an experiment's walk matrix, graph and local objectives (Wang et al.,
     * §VI-B); {@code bits} and {@code corrected} apply to QDFedRW only.
     */
    public abstract FederatedAlgorithm create(TransitionMatrix walk, Graph graph, LocalObjective objective, TrainingSchedule schedule,
                                              StragglerModel stragglers, int bits, boolean corrected);

    /** Returns the names, as "dfedrw | qdfedrw | fedavg | dfedavg | dsgd". */
    public static String names() {
        StringBuilder b = new StringBuilder();
        for (FederatedAlgorithms a : values()) {
            b.append(b.length() == 0 ? "" : " | ").append(a.label);
        }
        return b.toString();
    }

    /**
     * Returns the algorithm called {@code name}; a bad argument names the known ones.
     *
     * @throws InvalidArgumentException when name is no known algorithm
     */
    public static FederatedAlgorithms parse(String name) {
        for (FederatedAlgorithms a : values()) {
            if (a.label.equals(name)) {
                return a;
            }
        }
        throw new InvalidArgumentException("unknown algorithm '" + name + "'; expected " + names());
    }

    @Override
    public String toString() {
        return label;
    }
}
