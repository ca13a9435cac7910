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
        int n = op.n();
        double[] est = new double[probes];
        IntStream.range(0, probes).parallel().forEach(i -> {
            SplittableRandom rng = Rngs.stream(seed, i);
            double[] z = new double[n];
            for (int v = 0; v < n; v++) {
                z[v] = rng.nextBoolean() ? 1 : -1;
            }
            MatrixFunctions.project(z);
            double[] fz = op.apply(z);
            double q = 0;
            for (int v = 0; v < n; v++) {
                q += z[v] * fz[v];
            }
            est[i] = q;
        });
        return est;
    }
}
