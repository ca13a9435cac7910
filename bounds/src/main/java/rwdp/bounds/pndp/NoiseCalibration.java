package rwdp.bounds.pndp;

import rwdp.bounds.privacy.RdpConversion;
import rwdp.check.InvalidArgumentException;

/**
 * The noise σ that meets a target pairwise privacy loss. Every PNDP loss of Theorem 3 (and of
 * the exact series) is (α/σ²)·s with s the loss at α = σ = 1, so a target fixes σ (Cyffers et
 * al., §7: "we use the mean privacy loss over all pairs of nodes to set the noise level").
 */
public final class NoiseCalibration {
    private NoiseCalibration() {}

    /** Returns σ with (α/σ²)·s = target, the RDP-level calibration (Cyffers et al., Thm. 3). */
    public static double sigmaForRdp(double unitLoss, double alpha, double targetRdp) {
        if (!(unitLoss > 0) || !(alpha > 1) || !(targetRdp > 0)) {
            throw new InvalidArgumentException("need a positive unit loss, alpha > 1 and a positive target, got "
                    + unitLoss + ", " + alpha + ", " + targetRdp);
        }
        return Math.sqrt(alpha * unitLoss / targetRdp);
    }

    /** A calibrated noise level with the α at which the conversion is met. */
    public record Calibration(double sigma, double alpha, double epsilon) {}

    /**
     * Returns the smallest σ whose (ε, δ)-DP guarantee, min over α in (1, (1 + √(1 + 2σ²))/2] of
     * conversion((α/σ²)·s, α, δ), is at most {@code targetEps} (bisection on ln σ; the guarantee
     * decreases in σ). α stays in Theorem 3's admissible range σ² ≥ 2α(α − 1).
     */
    public static Calibration sigmaForDp(double unitLoss, double targetEps, double delta, RdpConversion.Conversion conversion) {
        if (!(unitLoss > 0) || !(targetEps > 0) || !(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("need a positive unit loss, a positive target epsilon and delta in (0, 1)");
        }
        double lo = Math.log(1e-3);
        double hi = Math.log(1e6);
        if (guarantee(unitLoss, Math.exp(hi), delta, conversion).epsilon() > targetEps) {
            throw new InvalidArgumentException("target epsilon " + targetEps + " is out of reach even with sigma = 1e6");
        }
        for (int it = 0; it < 200 && hi - lo > 1e-12; it++) {
            double mid = 0.5 * (lo + hi);
            if (guarantee(unitLoss, Math.exp(mid), delta, conversion).epsilon() > targetEps) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return guarantee(unitLoss, Math.exp(hi), delta, conversion);
    }

    /** Returns the (ε, δ) guarantee of noise σ, optimised over the admissible α (Cyffers et al., §4.2; Thm. 3). */
    public static Calibration guarantee(double unitLoss, double sigma, double delta, RdpConversion.Conversion conversion) {
        if (!(unitLoss >= 0) || Double.isInfinite(unitLoss)) {
            // A negative loss (Theorem 3's ln T closed form can dip below 0) is no guarantee to convert.
            throw new InvalidArgumentException("the loss to convert must be >= 0 and finite, got " + unitLoss
                    + "; a negative closed-form value is not a privacy loss: use the exact series");
        }
        double aMax = PndpParams.maxAlpha(sigma);
        double aMin = Math.min(1 + 1e-6, aMax);
        RdpConversion.Optimum o = RdpConversion.optimise(a -> a * unitLoss / (sigma * sigma), aMin, aMax, delta, conversion);
        return new Calibration(sigma, o.alpha(), o.epsilon());
    }
}
