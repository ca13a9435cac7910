package rwdp.bounds.privacy;

import rwdp.check.InvalidArgumentException;
import rwdp.numerics.Bisection;

/**
 * The noise σ that meets a target pairwise privacy loss. Every PNDP loss of Theorem 3 (and of
 * the exact series) is (α/σ²)·s with s the loss at α = σ = 1, so a target fixes σ (Cyffers et
 * al., §7: "we use the mean privacy loss over all pairs of nodes to set the noise level").
 */
public final class NoiseCalibration {
    /** The smallest σ {@link #sigmaForDp} searches; a target that σ already meets is answered with σ = this. */
    public static final double MIN_SIGMA = 1e-3;

    private NoiseCalibration() {}

    /**
     * Returns σ with (α/σ²)·s = target, the RDP-level calibration (Cyffers et al., Thm. 3).
     *
     * @throws InvalidArgumentException when unitLoss &lt;= 0, alpha &lt;= 1 or targetRdp &lt;= 0
     */
    public static double sigmaForRdp(double unitLoss, double alpha, double targetRdp) {
        if (!(unitLoss > 0) || !(alpha > 1) || !(targetRdp > 0)) {
            throw new InvalidArgumentException("need a positive unit loss, alpha > 1 and a positive target, got "
                    + unitLoss + ", " + alpha + ", " + targetRdp);
        }
        return Math.sqrt(alpha * unitLoss / targetRdp);
    }

    /**
     * A Rényi-level calibration.
     *
     * @param sigma        the smallest σ in Theorem 3's range σ² ≥ 2α(α − 1) whose loss meets the target
     * @param epsilon      the loss (α/σ²)·s at that σ: the target, or less when the range binds
     * @param theoremBound whether Theorem 3's range, not the target, set σ (the target is met with slack)
     */
    public record RdpCalibration(double sigma, double epsilon, boolean theoremBound) {}

    /**
     * Returns the smallest σ with σ² ≥ 2α(α − 1) (Cyffers et al., Thm. 3) and (α/σ²)·s ≤ target:
     * {@link #sigmaForRdp} when that lies in the range, else √(2α(α − 1)) with the loss there.
     *
     * @throws InvalidArgumentException unless s &gt; 0, α &gt; 1 and target &gt; 0
     */
    public static RdpCalibration calibrateRdp(double unitLoss, double alpha, double targetRdp) {
        double sigma = sigmaForRdp(unitLoss, alpha, targetRdp);
        double smallest = Math.sqrt(2 * alpha * (alpha - 1));
        if (sigma >= smallest) {
            return new RdpCalibration(sigma, targetRdp, false);
        }
        return new RdpCalibration(smallest, alpha * unitLoss / (smallest * smallest), true);
    }

    /** A calibrated noise level with the α at which the conversion is met. */
    public record Calibration(double sigma, double alpha, double epsilon) {}

    /**
     * Returns the smallest σ whose (ε, δ)-DP guarantee, min over α in (1, (1 + √(1 + 2σ²))/2] of
     * conversion((α/σ²)·s, α, δ), is at most {@code targetEps} (bisection on ln σ; the guarantee
     * decreases in σ) over [{@link #MIN_SIGMA}, 1e6]. α stays in Theorem 3's admissible range
     * σ² ≥ 2α(α − 1). When σ = {@link #MIN_SIGMA} already meets the target, that σ is returned
     * (with its smaller ε): the answer is then "at most MIN_SIGMA", not a calibrated value.
     *
     * @throws InvalidArgumentException unless s &gt; 0, target &gt; 0 and δ ∈ (0, 1), or when σ = 1e6 misses the target
     */
    public static Calibration sigmaForDp(double unitLoss, double targetEps, double delta, RdpConversion.Conversion conversion) {
        if (!(unitLoss > 0) || !(targetEps > 0) || !(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("need a positive unit loss, a positive target epsilon and delta in (0, 1)");
        }
        double lo = Math.log(MIN_SIGMA);
        double hi = Math.log(1e6);
        if (guarantee(unitLoss, Math.exp(hi), delta, conversion).epsilon() > targetEps) {
            throw new InvalidArgumentException("target epsilon " + targetEps + " is out of reach even with sigma = 1e6");
        }
        Calibration floor = guarantee(unitLoss, MIN_SIGMA, delta, conversion);
        if (floor.epsilon() <= targetEps) {
            return floor;
        }
        hi = Bisection.search(lo, hi, 200, Bisection.width(1e-12),
                mid -> !(guarantee(unitLoss, Math.exp(mid), delta, conversion).epsilon() > targetEps)).hi();
        return guarantee(unitLoss, Math.exp(hi), delta, conversion);
    }

    /**
     * Returns the (ε, δ) guarantee of noise σ, optimised over the admissible α (Cyffers et al., §4.2; Thm. 3).
     *
     * @throws InvalidArgumentException when unitLoss is negative or infinite
     */
    public static Calibration guarantee(double unitLoss, double sigma, double delta, RdpConversion.Conversion conversion) {
        if (!(unitLoss >= 0) || Double.isInfinite(unitLoss)) {
            // A negative loss (Theorem 3's ln T closed form can dip below 0) is no guarantee to convert.
            throw new InvalidArgumentException("the loss to convert must be >= 0 and finite, got " + unitLoss
                    + "; a negative closed-form value is not a privacy loss: use the exact series");
        }
        double aMax = maxAlpha(sigma);
        double aMin = Math.min(1 + 1e-6, aMax);
        RdpConversion.Optimum o = RdpConversion.optimise(a -> a * unitLoss / (sigma * sigma), aMin, aMax, delta, conversion);
        return new Calibration(sigma, o.alpha(), o.epsilon());
    }

    /** Returns the largest α with σ² ≥ 2α(α − 1): (1 + √(1 + 2σ²))/2, the top of Theorem 3's range (Cyffers et al., Thm. 3). */
    public static double maxAlpha(double sigma) {
        return (1 + Math.sqrt(1 + 2 * sigma * sigma)) / 2;
    }
}
