package rwdp.cli.yakimenka;

import java.util.Locale;
import picocli.CommandLine.Option;
import rwdp.algo.SkippingScheme;
import rwdp.bounds.privacy.GaussianMechanismCalibration;
import rwdp.cli.common.Deltas;
import rwdp.cli.common.Labelled;
import rwdp.cli.common.UserException;

/**
 * The Gaussian noise of Yakimenka et al.'s updates, calibrated to (ε, δ) per update (footnote 4, sensitivity 2k):
 * {@code --epsilon}, {@code --delta} and {@code --calibration}, declared once for every skipping command.
 */
final class NoiseOptions {
    /** How σ is calibrated to (ε, δ). */
    enum Calibration implements Labelled {
        /** The paper's σ = 2k√(2 ln(1.25/δ))/ε (Dwork and Roth, Thm. A.1), a theorem for ε &lt; 1 only. */
        CLASSICAL,
        /** The smallest σ that is (ε, δ)-DP (Balle and Wang, ICML 2018, Thm. 8 and Alg. 1). */
        ANALYTIC;
    }

    @Option(names = "--epsilon", defaultValue = "1", description = "epsilon of the noise calibration (default: ${DEFAULT-VALUE}).")
    double epsilon;

    @Option(names = "--delta", defaultValue = "1e-6", description = "delta in (0, 1) of the noise calibration (default: ${DEFAULT-VALUE}).")
    double delta;

    @Option(names = "--calibration", defaultValue = "classical", paramLabel = "classical|analytic",
            description = {"Noise for (epsilon, delta): classical = the paper's k sqrt(8 ln(1.25/delta))/epsilon (a theorem for",
                "epsilon < 1 only); analytic = the smallest sigma (Balle and Wang, ICML 2018) (default: classical)."})
    Calibration calibration;

    /**
     * Refuses an epsilon or delta the calibration cannot take, naming the option: delta below the smallest normal double
     * (2.2e-308), where 1.25/delta overflows and the noise would be blamed on epsilon.
     *
     * @throws UserException when epsilon is not finite and &gt; 0, or delta is outside [2.2e-308, 1)
     */
    void check() {
        if (!(epsilon > 0) || Double.isInfinite(epsilon)) {
            throw new UserException("--epsilon must be finite and > 0, got " + epsilon);
        }
        Deltas.check("--delta", delta);
    }

    /**
     * Returns σ/k for (ε, δ) under --calibration, sensitivity 2k (Yakimenka et al., footnote 4; Balle and Wang 2018).
     *
     * @throws UserException when {@link #check} refuses epsilon or delta
     */
    double sigmaOverK() {
        check();
        return calibration == Calibration.CLASSICAL ? GaussianMechanismCalibration.classicalSigma(2, epsilon, delta)
                : GaussianMechanismCalibration.analyticSigma(2, epsilon, delta);
    }

    /**
     * Returns the noise σ of the simulation's updates at k = 1: the classical form by the scheme's own evaluation (the
     * numbers of earlier runs, to the bit), else the analytic one.
     *
     * @throws UserException when {@link #check} refuses epsilon or delta
     */
    double simulationSigma() {
        check();
        return calibration == Calibration.CLASSICAL ? SkippingScheme.gaussianSigma(1, epsilon, delta) : sigmaOverK();
    }

    /**
     * Refuses a σ/k whose square overflows a double (an --epsilon so small, e.g. 1e-300, that the Rényi curve 4aα/σ² is
     * 0 in floating point and the conversion's order has no upper end), naming the smallest --epsilon that keeps it.
     *
     * @throws UserException when (σ/k)² is not finite
     */
    void requireSquarable(double sigmaOverK) {
        if (!Double.isFinite(sigmaOverK * sigmaOverK)) {
            // σ/k is proportional to 1/ε for small ε, so ε·(σ/k)/1e154 keeps (σ/k)² below 1e308.
            double least = epsilon * sigmaOverK / 1e154;
            throw new UserException(String.format(Locale.ROOT, "--epsilon %s is too small: the noise sigma/k = %.3g it calibrates "
                    + "overflows a double when squared; use --epsilon >= %.2g", epsilon, sigmaOverK, least));
        }
    }

    /**
     * Returns the warning for the classical calibration outside its theorem's range ε &lt; 1, or null: whether σ is still
     * (ε, δ)-DP per update comes from the exact δ(ε) (Balle and Wang 2018, Thm. 8).
     */
    String classicalWarning() {
        if (calibration != Calibration.CLASSICAL || epsilon < 1) {
            return null;
        }
        double sigma = GaussianMechanismCalibration.classicalSigma(2, epsilon, delta);
        double exact = GaussianMechanismCalibration.exactDelta(2, sigma, epsilon);
        String head = String.format(Locale.ROOT, "epsilon = %s is outside the classical Gaussian mechanism's "
                + "theorem (epsilon < 1); the exact delta of this sigma at epsilon is %.4g, so ", epsilon, exact);
        return head + (exact <= delta
                ? "each update is still (epsilon, delta)-DP, but --calibration analytic gives the smallest sigma that is"
                : "each update is NOT (epsilon, delta)-DP (the NDP level below still follows from sigma); use --calibration analytic");
    }
}
