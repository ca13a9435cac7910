package rwdp.cli.cyffers;

import java.util.Map;
import rwdp.bounds.privacy.NoiseCalibration;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.cli.common.UserException;

/**
 * What {@code bound pndp} reports beyond the losses (Cyffers et al., Sec. 4.2): the (ε, δ)-DP conversions of the mean
 * and max (Mironov 2017; Balle et al. 2020) under --delta, and the σ meeting --target-epsilon.
 *
 * @param params    alpha, sigma and T of the losses
 * @param alpha     --alpha as given
 * @param sigma     --sigma as given
 * @param series    whether the losses are the exact series (--method series)
 * @param targetMax whether --target-epsilon calibrates the max (else the mean)
 * @param delta     --delta, or null
 * @param target    --target-epsilon, or null
 */
record PndpConversions(PndpParams params, double alpha, double sigma, boolean series, boolean targetMax, Double delta,
        Double target) {

    /**
     * Puts the negative-pair warning, the (epsilon, delta) conversions of --delta, the calibration of --target-epsilon and
     * the warnings, {@code warning} (the admissibility warning, or null) first.
     *
     * @param mean the mean loss to convert, or NaN for none
     * @param max  the max loss to convert, or NaN for none
     * @throws UserException when a loss to convert is negative, or the target's statistic is 0
     */
    void put(Map<String, Object> out, String warning, double mean, double max, long negative) {
        PndpParams p = params;
        String method = series ? "series" : "closed";
        if (negative > 0) {
            out.put("negative_pairs", negative);
            String neg = negative + " pair(s) have a negative closed-form loss: Theorem 3's alpha T ln T/(sigma^2 n^2) term "
                    + "undercounts the exact series (H_T > ln T) and drops its tail, so values near 0 can dip below it; "
                    + "a privacy loss is never negative: use --method series for exact values";
            warning = warning == null ? neg : warning + "; " + neg;
        }
        if (delta != null) {
            for (String which : new String[] {"mean", "max"}) {
                double value = which.equals("mean") ? mean : max;
                if (Double.isNaN(value)) {
                    continue;
                }
                requireNonNegative(value, which, method);
                double unit = value / p.rate();
                NoiseCalibration.Calibration mi = NoiseCalibration.guarantee(unit, sigma, delta, RdpConversion::mironov);
                NoiseCalibration.Calibration im = NoiseCalibration.guarantee(unit, sigma, delta, RdpConversion::refined);
                out.put(which + "_dp_mironov", mi.epsilon());
                out.put(which + "_dp_mironov_alpha", mi.alpha());
                out.put(which + "_dp_improved", Math.max(0, im.epsilon()));
                out.put(which + "_dp_improved_alpha", im.alpha());
            }
            out.put("delta", delta);
        }
        if (target != null) {
            String slack = putTarget(out, targetMax ? max : mean, method);
            if (slack != null) {
                warning = warning == null ? slack : warning + "; " + slack;
            }
        }
        if (warning != null) {
            out.put("warning", warning);
        }
    }

    /** Puts the sigma that makes the statistic's loss {@code value} meet --target-epsilon; returns a slack warning or null. */
    private String putTarget(Map<String, Object> out, double value, String method) {
        String stat = targetMax ? "max" : "mean";
        requireNonNegative(value, stat, method);
        if (!(value > 0)) {
            throw new UserException("the " + stat + " loss is 0: every sigma meets the target");
        }
        double unit = value / params.rate();
        String slack = null;
        if (delta != null) {
            NoiseCalibration.Calibration cal = NoiseCalibration.sigmaForDp(unit, target, delta, RdpConversion::improved);
            NoiseCalibration.Calibration cm = NoiseCalibration.sigmaForDp(unit, target, delta, RdpConversion::mironov);
            boolean floor = cal.sigma() == NoiseCalibration.MIN_SIGMA;
            out.put("sigma_for_target", cal.sigma());
            out.put("sigma_for_target_alpha", cal.alpha());
            out.put("sigma_for_target_mironov", cm.sigma());
            out.put("epsilon_at_sigma_for_target", cal.epsilon());
            out.put("sigma_for_target_set_by", floor ? "search_floor" : "target");
            if (floor || cm.sigma() == NoiseCalibration.MIN_SIGMA) {
                slack = "--target-epsilon " + target + " is met with slack by every sigma >= " + NoiseCalibration.MIN_SIGMA
                        + " (the lower end of the calibration's search): sigma_for_target" + (floor ? "" : "_mironov")
                        + " is that end, not a calibrated value";
            }
        } else {
            NoiseCalibration.RdpCalibration cal = NoiseCalibration.calibrateRdp(unit, alpha, target);
            out.put("sigma_for_target", cal.sigma());
            out.put("epsilon_at_sigma_for_target", cal.epsilon());
            out.put("sigma_for_target_set_by", cal.theoremBound() ? "theorem3_range" : "target");
            if (cal.theoremBound()) {
                slack = "--target-epsilon " + target + " is met with slack: the sigma it asks for, "
                        + NoiseCalibration.sigmaForRdp(unit, alpha, target) + ", is outside Theorem 3's range sigma^2 >= 2 alpha"
                        + " (alpha - 1) at --alpha " + alpha + "; sigma_for_target is the smallest sigma in the range, where the "
                        + stat + " loss is " + cal.epsilon();
            }
        }
        out.put("target_statistic", stat);
        out.put("target_epsilon", target);
        return slack;
    }

    private static void requireNonNegative(double value, String which, String method) {
        if (value < 0) {
            throw new UserException("the " + which + " closed-form loss is negative (" + value + "), not a privacy guarantee: "
                    + "use --method series" + (method.equals("series") ? "" : " for the exact values"));
        }
    }
}
