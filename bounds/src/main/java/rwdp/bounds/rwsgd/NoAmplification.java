package rwdp.bounds.rwsgd;

import rwdp.bounds.privacy.GaussianPrivacyCurve;
import rwdp.check.InvalidArgumentException;

/**
 * The exact privacy of RW DP-SGD (Cyffers et al., Alg. 1) without any amplification by the walk:
 * the loss of the whole transcript (every node visited and every model x_t), which contains v's
 * view of eq. (7) and so bounds it from above.
 *
 * <p>Derivation. The walk y₀..y_T does not depend on the data, so the transcript's likelihood ratio
 * is that of the models given the path. Given the path, each of the K updates of u is a Gaussian
 * mechanism: in units of γC it moves the model by +1 (D) or −1 (D') with noise of standard
 * deviation 2σ, i.e. μ = 2/(2σ) = 1/σ; every other update is the same under D and D'. By Gaussian
 * DP composition (Dong, Roth and Su, JRSS-B 2022, Cor. 3.3) the path-conditional view is exactly
 * (√K/σ)-GDP, and mixing over the path (a data-independent variable that is part of the view):
 * δ(ε) = Σ_k P(K = k) δ_{√k/σ}(ε), with δ_μ the GDP curve and K's law from {@link UpdateCountLaw}.
 * This is exact for the transcript, hence a deterministic, valid upper bound for v. Cost: that of
 * {@link UpdateCountLaw}, then T + 1 GDP curves per δ(ε).
 */
public final class NoAmplification {
    private final double[] law;
    private final double sigma;

    private NoAmplification(double[] law, double sigma) {
        this.law = law;
        this.sigma = sigma;
    }

    /** Returns the no-amplification accountant of {@code s} (Cyffers et al., Alg. 1; the law of K computed exactly). */
    public static NoAmplification of(ViewSetting s) {
        return new NoAmplification(UpdateCountLaw.of(s), s.sigma());
    }

    /**
     * Returns the accountant of a given law of K, P(K = k) at index k, and noise multiplier σ.
     *
     * @throws InvalidArgumentException if the law is empty, has a negative entry or does not sum to 1 within 1e-9,
     *                                  or σ is not finite and &gt; 0
     */
    public static NoAmplification ofLaw(double[] law, double sigma) {
        double sum = 0;
        for (double p : law) {
            if (!(p >= 0)) {
                throw new InvalidArgumentException("a probability must be >= 0, got " + p);
            }
            sum += p;
        }
        if (law.length == 0 || Math.abs(sum - 1) > 1e-9) {
            throw new InvalidArgumentException("the law of K must sum to 1, got " + sum);
        }
        if (!(sigma > 0) || Double.isInfinite(sigma)) {
            throw new InvalidArgumentException("noise multiplier sigma must be finite and > 0, got " + sigma);
        }
        return new NoAmplification(law.clone(), sigma);
    }

    /** Returns P(K = k) for k = 0..T. */
    public double[] law() {
        return law.clone();
    }

    /**
     * Returns δ(ε) = Σ_k P(K = k) δ_{√k/σ}(ε), the exact curve of the transcript.
     *
     * @throws InvalidArgumentException if ε is not finite and ≥ 0
     */
    public double delta(double epsilon) {
        if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
            throw new InvalidArgumentException("epsilon must be finite and >= 0, got " + epsilon);
        }
        double d = 0;
        for (int k = 1; k < law.length; k++) {
            if (law[k] > 0) {
                d += law[k] * GaussianPrivacyCurve.ofComposition(k, sigma).delta(epsilon);
            }
        }
        return d;
    }

    /**
     * Returns the smallest ε ≥ 0 with δ(ε) ≤ δ, by bisection to 1e-9 relative (δ(ε) decreases in ε).
     *
     * @throws InvalidArgumentException if δ is not in (0, 1)
     */
    public double epsilon(double delta) {
        return Bisection.smallestEpsilon(this::delta, delta);
    }
}
