package rwdp.bounds.pndp;

import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.SpectralFunction;

/**
 * What the PNDP accountant is asked about: a connected graph, its symmetric doubly stochastic W
 * (Cyffers et al., Assumption 2, checked here, once), the privacy parameters, closed form or exact series, and
 * whether the observer knows the sender (App. B.1).
 *
 * @param graph  the communication graph (its BFS distances group the losses)
 * @param w      the transition matrix on that graph
 * @param params α, σ, T
 * @param method Theorem 3's closed form or the exact finite-T series (eq. (15) composed T/n times)
 * @param sender anonymous (eq. (7)) or known: ε̃_{u→v} = max over w ∈ N(v)∖{v} of ε_{u→w} (App. B.1)
 */
public record PndpSetting(Graph graph, TransitionMatrix w, PndpParams params, Method method, Sender sender)
        implements java.io.Serializable {
    /** How the loss of a pair is computed (Cyffers et al., Thm. 3 and App. B). */
    public enum Method {
        /** Theorem 3: ε = α T ln T/(σ² n²) + α T L(W)_uv/(σ² n), L(W) = −ln(I − W + J/n). */
        CLOSED,
        /** The exact finite-T series N_u α/σ² Σ_{t≤T} (W^t)_uv/t with N_u = T/n. */
        SERIES;

        /** Returns the method's name for reports: closed or series. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** What the observer knows of the sender (Cyffers et al., eq. (7) and App. B.1). */
    public enum Sender {
        /** The observer does not know who sent the token. */
        ANONYMOUS,
        /** The observer knows the sender: the loss is the max over the observer's other neighbours. */
        KNOWN;

        /** Returns the sender's name for reports: anonymous or known. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** Which statistic over the ordered pairs a calibration targets (Cyffers et al., §7: the mean privacy loss). */
    public enum Statistic {
        /** The mean over the ordered pairs u ≠ v. */
        MEAN,
        /** The max over the ordered pairs u ≠ v. */
        MAX;

        /** Returns the statistic's name for reports: mean or max. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /**
     * Checks the setting, W included (symmetric, doubly stochastic, irreducible): once, here.
     *
     * @throws InvalidArgumentException when graph, w, params, method or sender is null, graph and w differ in size, the
     *     graph has fewer than 2 nodes, W is not symmetric doubly stochastic on a connected graph, or the closed form
     *     is asked for fewer than 2 steps
     */
    public PndpSetting {
        if (graph == null || w == null || params == null || method == null || sender == null) {
            throw new InvalidArgumentException("graph, weights, parameters, method and sender are required");
        }
        if (graph.n() != w.n()) {
            throw new InvalidArgumentException("graph has " + graph.n() + " nodes but W has " + w.n());
        }
        if (graph.n() < 2) {
            throw new InvalidArgumentException("the graph needs at least 2 nodes, got " + graph.n());
        }
        MatrixFunctions.requireSymmetricDoublyStochastic(w);
        if (method == Method.CLOSED) {
            PndpParams.requireTheorem3Steps(params.T());
        }
    }

    /** Returns whether the losses are the exact series ({@link Method#SERIES}). */
    public boolean series() {
        return method == Method.SERIES;
    }

    /** Returns the steps t that F = Σ_t A^t/t sums: T for the series (eq. (15)), unbounded (Long.MAX_VALUE) for Theorem 3's closed form. */
    public long horizon() {
        return series() ? params.T() : Long.MAX_VALUE;
    }

    /** Returns whether the observer knows the sender ({@link Sender#KNOWN}). */
    public boolean senderKnown() {
        return sender == Sender.KNOWN;
    }

    /** Returns the spectral function whose matrix f(W − J/n) the losses are affine in. */
    public SpectralFunction function() {
        return series() ? SpectralFunction.partialLogSeries(params.T()) : SpectralFunction.logResolvent();
    }

    /** Returns the pair-independent offset a in ε_{u→v} = a + b·f(W − J/n)_uv (Cyffers et al., Thm. 3 / eq. (15)). */
    public double offset() {
        int n = w.n();
        return series() ? params.contributions(n) * params.rate() * PndpParams.harmonic(params.T()) / n : params.constant(n);
    }

    /** Returns the slope b in ε_{u→v} = a + b·f(W − J/n)_uv: N_u α/σ² with N_u = T/n. */
    public double slope() {
        return params.contributions(w.n()) * params.rate();
    }

    /** Returns the affine map f ↦ a + b·f of the losses, {@link #offset} and {@link #slope} computed once. */
    PairLoss loss() {
        return new PairLoss(offset(), slope());
    }

    /** Returns "closed" or "series". */
    public String methodName() {
        return method.label();
    }
}
