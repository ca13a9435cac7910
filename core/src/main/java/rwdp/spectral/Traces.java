package rwdp.spectral;

import java.util.SplittableRandom;
import java.util.stream.IntStream;
import rwdp.check.InvalidArgumentException;
import rwdp.markov.TransitionMatrix;
import rwdp.random.Rngs;

/**
 * The trace of f(W − J/n): exact from the dense spectrum, or Hutchinson's stochastic estimate (Hutchinson, Commun.
 * Stat. Simul. Comput. 18 (1989) 1059–1076) from Rademacher probes projected on 1⊥ through the row operator.
 */
public final class Traces {
    private Traces() {}

    /**
     * Returns trace(f(W − J/n)) = Σ_{λ ≠ 1} f(λ) from the dense symmetric eigenvalues of W − J/n.
     *
     * @throws InvalidArgumentException when W is not symmetric doubly stochastic on a connected graph
     */
    public static double exact(TransitionMatrix w, SpectralFunction f) {
        return DenseSpectralFunction.trace(w, f);
    }

    /**
     * Returns {@code probes} independent Hutchinson estimates zᵀ f(W − J/n) z, probe i a Rademacher vector drawn from
     * stream i of {@code seed} and projected on 1⊥ (each unbiased for the trace on 1⊥, which is the whole trace since
     * f(0) = 0), computed in parallel; the same for any thread count.
     *
     * @throws InvalidArgumentException when probes &lt; 1
     */
    public static double[] hutchinson(MatrixFunctionOperator op, int probes, long seed) {
        if (probes < 1) {
            throw new InvalidArgumentException("need at least 1 Hutchinson probe, got " + probes);
        }
        // The probes go through the block kernel as the rows do (one random read serves the block): the single-vector
        // path took most of `bound pndp --sample 100` at 10⁶ nodes (issue 31). Each estimate depends on its probe alone.
        double[] est = new double[probes];
        int width = op.senderBlock();
        int blocks = (probes + width - 1) / width;
        IntStream range = IntStream.range(0, blocks);
        (width == MatrixFunctionOperator.DEFAULT_BLOCK ? range.parallel() : range).forEach(b -> {
            int from = b * width;
            int to = Math.min(probes, from + width);
            double[][] z = new double[to - from][];
            for (int i = from; i < to; i++) {
                z[i - from] = probe(op.n(), seed, i);
            }
            BlockWorkspace ws = op.workspace(z.length);
            op.applyInto(z, ws);
            for (int c = 0; c < z.length; c++) {
                double[] fz = ws.row(c);
                double q = 0;
                for (int v = 0; v < fz.length; v++) {
                    q += z[c][v] * fz[v];
                }
                est[from + c] = q;
            }
        });
        return est;
    }

    /** Returns probe i of {@code seed}: a Rademacher vector from stream i, projected on 1⊥. */
    private static double[] probe(int n, long seed, int i) {
        SplittableRandom rng = Rngs.stream(seed, i);
        double[] z = new double[n];
        for (int v = 0; v < n; v++) {
            z[v] = rng.nextBoolean() ? 1 : -1;
        }
        MatrixFunctions.project(z);
        return z;
    }
}
