package rwdp.bounds.dfedrw;

import rwdp.check.InvalidArgumentException;

/**
 * The convergence bounds of Wang et al., Thm. 1 (DFedRW) and Thm. 2 (QDFedRW), for the step
 * size η^k = 1/(R k^q), as pure functions of documented parameters:
 * E[f(w̄^k)] − f(w*) ≤ (½||w^0 − w*||² + ψ(n, λ_P) + κ(δ, γ̂) + λ(n) [+ ψ(d, s)]) / k^{1−q}.
 * The seed prints the denominator of (15) as "k_1 − a"; it is k^{1−q}, as in (16).
 *
 * @param n        number of devices
 * @param q        step-size decay, 1/2 < q < 1 for the theorems
 * @param rate     R of η^k = 1/(R k^q)
 * @param lambdaP  λ_P = (max(|λ_2|, |λ_n|) + 1)/2 of the walk (Def. 4), in (0, 1)
 * @param gradBound D, the sup of the local gradient norms on W (Lemma 4)
 * @param delta2   δ², the local dissimilarity (Def. 1), ≥ 1
 * @param gammaHat γ̂, the random-walk inexactness (Lemma 1), in [0, 1]
 * @param w0Dist   ||w^0 − w*||
 * @param kBar     K̄, the first index of the ψ(n, λ_P) sum (≥ 1; ln 1 = 0 so 1 and 2 agree)
 */
public record DfedrwConvergenceBound(int n, double q, double rate, double lambdaP, double gradBound, double delta2,
                                     double gammaHat, double w0Dist, long kBar) {

    /**
     * Checks the constants of Wang et al.'s theorems.
     *
     * @throws InvalidArgumentException when n &lt; 1, q is outside (0, 1), rate is not positive and finite, lambdaP
     *     is outside (0, 1), gradBound is negative or infinite, delta2 &lt; 1, gammaHat or w0Dist is negative, or kBar
     *     &lt; 1
     */
    public DfedrwConvergenceBound {
        if (n < 1) {
            throw new InvalidArgumentException("number of devices n must be >= 1, got " + n);
        }
        if (!(q > 0 && q < 1)) {
            throw new InvalidArgumentException("step-size decay q must be in (0, 1) (the theorems need 1/2 < q < 1), got " + q);
        }
        if (!(rate > 0) || Double.isInfinite(rate)) {
            throw new InvalidArgumentException("R must be positive and finite, got " + rate);
        }
        if (!(lambdaP > 0 && lambdaP < 1)) {
            throw new InvalidArgumentException("lambda_P must be in (0, 1) (an irreducible aperiodic walk), got " + lambdaP);
        }
        if (!(gradBound >= 0) || Double.isInfinite(gradBound)) {
            throw new InvalidArgumentException("gradient bound D must be >= 0 and finite, got " + gradBound);
        }
        if (!(delta2 >= 1)) {
            // Def. 1: delta(w)^2 >= E_i ||grad F_i(w)||^2 / ||grad f(w)||^2 >= 1 (Jensen), equality on identical devices.
            throw new InvalidArgumentException("delta^2 must be >= 1 (Def. 1 bounds E_i||grad F_i||^2/||grad f||^2, which is >= 1),"
                    + " got " + delta2);
        }
        if (!(gammaHat >= 0) || !(w0Dist >= 0)) {
            throw new InvalidArgumentException("gamma-hat and ||w0 - w*|| must be >= 0, got " + gammaHat + ", " + w0Dist);
        }
        if (kBar < 1) {
            throw new InvalidArgumentException("K-bar must be >= 1, got " + kBar);
        }
    }

    /** Returns ψ(n, λ_P) = (1+n) 2D² Σ_{k≥K̄} ln k (η^k)² / ln(1/λ_P) (Wang et al., Thm. 1). */
    public CertifiedSum psi() {
        return StepSizeSeries.logSquaredSteps(q, rate, kBar).times((1 + n) * 2 * gradBound * gradBound / Math.log(1 / lambdaP));
    }

    /** Returns κ(δ, γ̂) = (δ² + γ̂²) D²/4 Σ_k (η^k)² (Wang et al., Thm. 1). */
    public CertifiedSum kappa() {
        return StepSizeSeries.squaredSteps(q, rate).times((delta2 + gammaHat * gammaHat) * gradBound * gradBound / 4);
    }

    /** Returns λ(n) = Σ_k n η^k / (2k) (Wang et al., Thm. 1). */
    public CertifiedSum lambda() {
        return StepSizeSeries.lambdaN(n, q, rate);
    }

    /** Returns the numerator ½||w^0 − w*||² + ψ + κ + λ of Thm. 1 (certified interval). */
    public CertifiedSum numerator() {
        CertifiedSum a = psi();
        CertifiedSum b = kappa();
        CertifiedSum c = lambda();
        double h = 0.5 * w0Dist * w0Dist;
        if (!a.finite() || !b.finite() || !c.finite()) {
            return CertifiedSum.divergent();
        }
        return new CertifiedSum(h + a.lower() + b.lower() + c.lower(), h + a.upper() + b.upper() + c.upper(),
                Math.min(a.terms(), Math.min(b.terms(), c.terms())));
    }

    /**
     * Returns the Thm. 1 bound on E[f(w̄^k)] − f(w*) after k steps (Wang et al., eq. (15)).
     *
     * @throws InvalidArgumentException when k &lt; 1
     */
    public CertifiedSum theorem1(long k) {
        if (k < 1) {
            throw new InvalidArgumentException("step count k must be >= 1, got " + k);
        }
        return numerator().times(1 / Math.pow(k, 1 - q));
    }

    /** Returns the name of the largest of the terms ½||w0−w*||², ψ, κ, λ. */
    public String dominantTerm() {
        double[] v = {0.5 * w0Dist * w0Dist, psi().value(), kappa().value(), lambda().value()};
        String[] names = {"initial distance", "psi(n, lambda_P)", "kappa(delta, gamma)", "lambda(n)"};
        int best = 0;
        for (int i = 1; i < v.length; i++) {
            if (v[i] > v[best]) {
                best = i;
            }
        }
        return names[best];
    }

    /**
     * Returns τ^k = min{k, max{⌈ln(2ζk)/ln(1/λ_P)⌉, K_P}} (Wang et al., Thm. 2); ζ and K_P are the
     * Jordan-form constants of Lemma 2 that the paper leaves unspecified.
     */
    public int tau(long k, double zeta, int kP) {
        double m = Math.ceil(Math.log(2 * zeta * k) / Math.log(1 / lambdaP));
        return (int) Math.min(k, Math.max(m, kP));
    }

    /**
     * Returns ψ_k(d, s) = (1+n) D σ √d s/2 · Σ_{j=1}^{k} η^j τ^j, the quantisation term of Thm. 2
     * summed to the horizon k. As printed the sum runs over all j and diverges (τ^j ≥ 1 and
     * Σ η^j = ∞ for q < 1), so only this finite-horizon form is a number.
     *
     * @throws InvalidArgumentException when d &lt; 1, s &lt;= 0, sigma &lt; 0, zeta &lt;= 0 or kP &lt; 1
     */
    public double psiQuantised(long k, int d, double s, double sigma, double zeta, int kP) {
        if (d < 1 || !(s > 0) || !(sigma >= 0) || !(zeta > 0) || kP < 1) {
            throw new InvalidArgumentException("need d >= 1, s > 0, sigma >= 0, zeta > 0 and K_P >= 1");
        }
        double sum = 0;
        for (long j = 1; j <= k; j++) {
            sum += tau(j, zeta, kP) / (rate * Math.pow(j, q));
        }
        return (1 + n) * gradBound * sigma * Math.sqrt(d) * s / 2 * sum;
    }

    /** Returns the finite-horizon Thm. 2 bound (numerator + ψ_k(d, s)) / k^{1−q} (Wang et al., eq. (16)). */
    public CertifiedSum theorem2(long k, int d, double s, double sigma, double zeta, int kP) {
        double extra = psiQuantised(k, d, s, sigma, zeta, kP);
        CertifiedSum num = numerator();
        double f = 1 / Math.pow(k, 1 - q);
        return new CertifiedSum((num.lower() + extra) * f, (num.upper() + extra) * f, num.terms());
    }
}
