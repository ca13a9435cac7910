package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.spectral.SpectralFunction;

/**
 * What the PNDP accountant is asked about: a connected graph, its symmetric doubly stochastic W
 * (Cyffers et al., Assumption 2), the privacy parameters, closed form or exact series, and
 * whether the observer knows the sender (App. B.1).
 *
 * @param graph       the communication graph (its BFS distances group the losses)
 * @param w           the transition matrix on that graph
 * @param params      α, σ, T
 * @param series      true: the exact finite-T series (eq. (15) composed T/n times); false: Theorem 3's closed form
 * @param senderKnown true: ε̃_{u→v} = max over w ∈ N(v)∖{v} of ε_{u→w} (App. B.1)
 */
public record PndpSetting(Graph graph, TransitionMatrix w, PndpParams params, boolean series, boolean senderKnown)
        implements java.io.Serializable {
    /**
     * Checks the setting.
     *
     * @throws InvalidArgumentException when graph, w or params is null, graph and w differ in size, or the graph has
     *     fewer than 2 nodes
     */
    public PndpSetting {
        if (graph == null || w == null || params == null) {
            throw new InvalidArgumentException("graph, weights and parameters are required");
        }
        if (graph.n() != w.n()) {
            throw new InvalidArgumentException("graph has " + graph.n() + " nodes but W has " + w.n());
        }
        if (graph.n() < 2) {
            throw new InvalidArgumentException("the graph needs at least 2 nodes, got " + graph.n());
        }
        if (!series) {
            PndpParams.requireTheorem3Steps(params.T());
        }
    }

    /** Returns the spectral function whose matrix f(W − J/n) the losses are affine in. */
    public SpectralFunction function() {
        return series ? SpectralFunction.partialLogSeries(params.T()) : SpectralFunction.logResolvent();
    }

    /** Returns the pair-independent offset a in ε_{u→v} = a + b·f(W − J/n)_uv (Cyffers et al., Thm. 3 / eq. (15)). */
    public double offset() {
        int n = w.n();
        return series ? PndpAccountant.contributions(params, n) * params.rate() * PndpAccountant.harmonic(params.T()) / n
                : PndpAccountant.constant(params, n);
    }

    /** Returns the slope b in ε_{u→v} = a + b·f(W − J/n)_uv: N_u α/σ² with N_u = T/n. */
    public double slope() {
        return PndpAccountant.contributions(params, w.n()) * params.rate();
    }

    /** Returns "closed" or "series". */
    public String methodName() {
        return series ? "series" : "closed";
    }
}
