package rwdp.algo;

import java.util.SplittableRandom;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.model.Loss;
import rwdp.model.Vectors;

/**
 * Asynchronous gossip SGD [Ram et al.], the baseline of Ayache et al. §V: each iteration
 * activates one uniformly random edge (i, j); both endpoints take a local step
 * w ← Π_W(w − γ_k ∇f(w)) on their own loss and then both hold the average of the two models.
 * Every node starts from its own uniform point of the ball. A step allocates nothing.
 */
public final class GossipSgd implements DecentralizedSgd {
    private final Loss loss;
    private final SgdSettings settings;
    private final SplittableRandom rng;
    private final int[] edgeU;
    private final int[] edgeV;
    private final double[][] models;
    private final double[] grad;
    private final double[] mean;
    private final double[] weightedSum;
    private final double[] modelSum;
    private double gammaSum;
    private long k;

    /**
     * Creates gossip SGD on {@code graph} for {@code loss}, seeded through {@code rng}.
     *
     * @throws InvalidArgumentException when graph does not have loss.nodes() nodes or is not connected
     */
    public GossipSgd(Loss loss, Graph graph, SgdSettings settings, SplittableRandom rng) {
        if (graph.n() != loss.nodes()) {
            throw new InvalidArgumentException("the graph has " + graph.n() + " nodes but the data " + loss.nodes());
        }
        if (!graph.isConnected()) {
            throw new InvalidArgumentException("the graph is disconnected: gossip cannot reach consensus");
        }
        this.loss = loss;
        this.settings = settings;
        this.rng = rng;
        int m = (int) graph.edgeCount();
        this.edgeU = new int[m];
        this.edgeV = new int[m];
        int e = 0;
        for (int i = 0; i < graph.n(); i++) {
            for (int k2 = 0; k2 < graph.degree(i); k2++) {
                int j = graph.neighbor(i, k2);
                if (i < j) {
                    edgeU[e] = i;
                    edgeV[e] = j;
                    e++;
                }
            }
        }
        int d = loss.dimension();
        this.models = new double[graph.n()][d];
        for (double[] w : models) {
            Vectors.uniformInBall(w, settings.radius(), rng);
        }
        this.grad = new double[d];
        this.mean = new double[d];
        this.weightedSum = new double[d];
        this.modelSum = new double[d];
        for (double[] w : models) {
            Vectors.axpy(1, w, modelSum);
        }
    }

    @Override
    public void step() {
        k++;
        int e = rng.nextInt(edgeU.length);
        int i = edgeU[e];
        int j = edgeV[e];
        double gamma = settings.stepSize(k);
        // The network mean is kept as a running sum so a step costs O(d), not O(N d).
        Vectors.axpy(gamma / models.length, modelSum, weightedSum);
        gammaSum += gamma;
        double[] wi = models[i];
        double[] wj = models[j];
        Vectors.axpy(-1, wi, modelSum);
        Vectors.axpy(-1, wj, modelSum);
        localStep(i, gamma);
        localStep(j, gamma);
        for (int c = 0; c < wi.length; c++) {
            double a = 0.5 * (wi[c] + wj[c]);
            wi[c] = a;
            wj[c] = a;
            modelSum[c] += 2 * a;
        }
    }

    private void localStep(int node, double gamma) {
        double[] w = models[node];
        loss.gradient(node, w, grad);
        Vectors.axpy(-gamma, grad, w);
        Vectors.projectOntoBall(w, settings.radius());
    }

    private void networkMean(double[] out) {
        java.util.Arrays.fill(out, 0);
        for (double[] w : models) {
            Vectors.axpy(1.0 / models.length, w, out);
        }
    }

    @Override
    public long updates() {
        return 2 * k;
    }

    @Override
    public int updatesPerStep() {
        return 2;
    }

    /** Returns the model of node {@code i} (a view: do not modify). */
    public double[] model(int i) {
        return models[i];
    }

    /** Returns the mean over nodes of f(w_node) − f* (Ayache et al., §V error of gossip). */
    @Override
    public double iterateError(double fStar) {
        double s = 0;
        for (double[] w : models) {
            s += loss.average(w) - fStar;
        }
        return s / models.length;
    }

    /** Returns f(w̄_k) − f* for the step-size-weighted average of the network-mean model. */
    @Override
    public double averageError(double fStar) {
        if (k == 0) {
            networkMean(mean);
        } else {
            for (int c = 0; c < mean.length; c++) {
                mean[c] = weightedSum[c] / gammaSum;
            }
        }
        return loss.average(mean) - fStar;
    }
}
