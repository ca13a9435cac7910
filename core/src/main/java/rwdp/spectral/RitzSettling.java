package rwdp.spectral;

/**
 * Extreme Ritz values move monotonically towards λ₂ and λ_min: every 10 steps from step 40 on
 * this compares them with the previous check and says when both moved less than the tolerances
 * (relative to 1 − λ₂ at the top, absolute at the bottom); {@link #drift()} is the last move.
 */
final class RitzSettling {
    private final double hiTolerance;
    private final double loTolerance;
    private double lastHi = Double.NaN;
    private double lastLo = Double.NaN;
    private double drift;
    private boolean converged;

    RitzSettling(double hiTolerance, double loTolerance) {
        this.hiTolerance = hiTolerance;
        this.loTolerance = loTolerance;
    }

    private boolean settled(double[] alpha, double[] beta, int steps) {
        if (steps < 40 || steps % 10 != 0) {
            return false;
        }
        double hiNow = Tridiagonal.sturmExtreme(alpha, beta, steps, true);
        double loNow = Tridiagonal.sturmExtreme(alpha, beta, steps, false);
        if (!Double.isNaN(lastHi)) {
            drift = Math.max(hiNow - lastHi, lastLo - loNow);
            if (hiNow - lastHi <= hiTolerance * (1 - hiNow) && lastLo - loNow <= loTolerance) {
                return true;
            }
        }
        lastHi = hiNow;
        lastLo = loNow;
        return false;
    }

    /**
     * Says whether the recurrence stops after this step: at an invariant subspace (β below 1e-8: exact Ritz
     * values, no drift), at the step limit ({@code last}: drift from the last check, not converged), or once the
     * extremes settled.
     */
    boolean stop(double[] alpha, double[] beta, int steps, double betaK, boolean last) {
        if (betaK < 1e-8) {
            drift = 0;
            converged = true;
            return true;
        }
        if (last) {
            return true;
        }
        converged = settled(alpha, beta, steps);
        return converged;
    }

    double drift() {
        return drift;
    }

    /** Whether the run stopped because the extremes settled or the Krylov space was invariant. */
    boolean converged() {
        return converged;
    }
}
