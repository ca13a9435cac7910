package rwdp.bench;

import java.util.SplittableRandom;
import rwdp.algo.SgdSettings;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.model.GaussianMixture;
import rwdp.model.LogisticLoss;

/**
 * The Ayache et al. §V set-up shared by the RW-SGD step benchmarks: an ER graph with N = 100,
 * p = 0.3, d = 10 Gaussian-mixture data (μ = 1, v = 10) and the scaled logistic loss.
 */
final class RwSgdState {
    static final int NODES = 100;
    static final double EDGE_PROBABILITY = 0.3;
    static final int DIMENSION = 10;

    final Graph graph;
    final LogisticLoss loss;
    final SgdSettings settings;

    RwSgdState() {
        graph = GraphGenerators.erdosRenyi(NODES, EDGE_PROBABILITY, 1);
        GaussianMixture.Sample s = new GaussianMixture(1.0, 10.0, DIMENSION, 1).draw(NODES);
        loss = LogisticLoss.onePerNode(s.features(), s.labels(), NODES, 1.0);
        settings = new SgdSettings(10.0, 0.75);
    }

    static SplittableRandom rng() {
        return new SplittableRandom(42);
    }
}
