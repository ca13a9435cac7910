package rwdp.claims.audit;

import rwdp.model.PerSampleLoss;

/**
 * The canary of a privacy audit: node {@code canary} holds one sample whose gradient is
 * {@code gradient}·e₁ everywhere, every other node's is 0, in dimension 1 (the worst-case
 * neighbouring datasets D and D' differ in its sign; everything else is known to the attacker).
 *
 * @param n        nodes
 * @param canary   the node whose data differs between D and D'
 * @param gradient its gradient, ±C (or ±k)
 */
public record CanaryLoss(int n, int canary, double gradient) implements PerSampleLoss {
    @Override
    public int nodes() {
        return n;
    }

    @Override
    public int dimension() {
        return 1;
    }

    @Override
    public double value(int node, double[] w) {
        return node == canary ? gradient * w[0] : 0;
    }

    @Override
    public void gradient(int node, double[] w, double[] out) {
        out[0] = node == canary ? gradient : 0;
    }

    @Override
    public double smoothness(int node) {
        return 0;
    }

    @Override
    public int samples(int node) {
        return 1;
    }

    @Override
    public void sampleGradient(int node, int s, double[] w, double[] out) {
        out[0] = node == canary ? gradient : 0;
    }

    @Override
    public double ridge() {
        return 0;
    }

    @Override
    public double strongConvexity() {
        return 0;
    }
}
