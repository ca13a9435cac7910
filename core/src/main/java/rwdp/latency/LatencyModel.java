package rwdp.latency;

import java.util.SplittableRandom;

/**
 * The law of a node's computation time T (Yakimenka et al., §III-A: i.i.d. T_r^(v) with CDF
 * Φ_T). Implementations are immutable; {@link #sample} is driven by the caller's seeded
 * generator so every simulation is reproducible.
 */
public interface LatencyModel extends java.io.Serializable {
    /** Returns the spec this model was parsed from, e.g. {@code gamma:0.25,1}. */
    String spec();

    /** Returns Φ_T(t) = Pr[T ≤ t] (Yakimenka et al., Lemma 1). */
    double cdf(double t);

    /** Returns Pr[T > t] = 1 − Φ_T(t), the skip probability p of timeout t (Yakimenka et al., §III-A). */
    default double survival(double t) {
        return 1 - cdf(t);
    }

    /** Returns the density of T at t (used by quadrature checks of Yakimenka et al., Lemma 1). */
    double density(double t);

    /** Returns the smallest t with Φ_T(t) ≥ u, for u in [0, 1); +∞ for u = 1. */
    double quantile(double u);

    /** Returns E[T]. */
    double mean();

    /** Returns ∫_0^t s dΦ_T(s) = E[T; T ≤ t] through the law's own functions (Yakimenka et al., Lemma 1). */
    double partialMean(double t);

    /** Returns a draw of T from {@code rng} (allocation-free for the built-in models). */
    double sample(SplittableRandom rng);

    /**
     * Returns E[min(T, t)] = ∫_0^t s dΦ_T(s) + t(1 − Φ_T(t)), the mean computation time of one hop with
     * timeout t (Yakimenka et al., Lemma 1); E[T] for t = +∞.
     */
    default double expectedTruncated(double t) {
        if (t == Double.POSITIVE_INFINITY) {
            return mean();
        }
        double s = survival(t);
        return partialMean(t) + (s == 0 ? 0 : t * s);
    }
}
