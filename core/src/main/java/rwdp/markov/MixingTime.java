package rwdp.markov;

import rwdp.check.InvalidArgumentException;

/**
 * Mixing times of an irreducible aperiodic chain: the exact total-variation mixing time
 * t_mix(ε) = min{t : max_i ||P^t(i, ·) - π||_TV ≤ ε}, and the spectral upper bound of
 * Levin and Peres, Theorem 12.4 (reversible chains):
 * t_mix(ε) ≤ ⌈ln(1/(ε π_min)) / γ*⌉, γ* the absolute spectral gap.
 */
public final class MixingTime {
    private MixingTime() {}

    /** The size up to which {@link #exact} is cheap (it costs n * nnz per step). */
    public static final int EXACT_LIMIT = 512;

    /** Returns the worst-start total-variation distance to π after {@code t} steps. */
    public static double distance(TransitionMatrix p, int t) {
        double[][] rows = powerRows(p, t);
        return worstTv(rows, p.stationary());
    }

    /**
     * Returns the exact t_mix(ε), or -1 when it exceeds {@code tMax} steps. Iterates every
     * starting distribution e_i P^t with sparse products.
     *
     * @throws InvalidArgumentException when eps is outside (0, 1)
     */
    public static long exact(TransitionMatrix p, double eps, long tMax) {
        if (!(eps > 0 && eps < 1)) {
            throw new InvalidArgumentException("mixing tolerance must be in (0, 1), got " + eps);
        }
        int n = p.n();
        double[] pi = p.stationary();
        double[][] rows = new double[n][n];
        for (int i = 0; i < n; i++) {
            rows[i][i] = 1;
        }
        double[] tmp = new double[n];
        for (long t = 0; t <= tMax; t++) {
            if (worstTv(rows, pi) <= eps) {
                return t;
            }
            for (int i = 0; i < n; i++) {
                p.leftMultiply(rows[i], tmp);
                System.arraycopy(tmp, 0, rows[i], 0, n);
            }
        }
        return -1;
    }

    /**
     * Returns the spectral bound ⌈ln(1/(ε π_min)) / γ*⌉ on t_mix(ε) (Levin and Peres,
     * Thm. 12.4); +∞ when the absolute spectral gap is 0 (periodic or reducible chain).
     *
     * @throws InvalidArgumentException when eps is outside (0, 1)
     */
    public static double spectralBound(TransitionMatrix p, double eps) {
        if (!(eps > 0 && eps < 1)) {
            throw new InvalidArgumentException("mixing tolerance must be in (0, 1), got " + eps);
        }
        return spectralBound(p, p.spectrum().absoluteSpectralGap(), eps);
    }

    /**
     * Returns the same bound as {@link #spectralBound(TransitionMatrix, double)} from a given
     * absolute spectral gap (e.g. from rwdp.spectral.SpectralExtremes) (Levin and Peres, Thm. 12.4).
     *
     * @throws InvalidArgumentException when eps is outside (0, 1)
     */
    public static double spectralBound(TransitionMatrix p, double gap, double eps) {
        if (!(eps > 0 && eps < 1)) {
            throw new InvalidArgumentException("mixing tolerance must be in (0, 1), got " + eps);
        }
        if (!(gap > 1e-14) || !p.isIrreducible()) {
            return Double.POSITIVE_INFINITY;
        }
        double piMin = Double.POSITIVE_INFINITY;
        for (double x : p.stationary()) {
            piMin = Math.min(piMin, x);
        }
        return Math.ceil(Math.log(1 / (eps * piMin)) / gap);
    }

    private static double[][] powerRows(TransitionMatrix p, int t) {
        int n = p.n();
        double[][] rows = new double[n][n];
        double[] tmp = new double[n];
        for (int i = 0; i < n; i++) {
            rows[i][i] = 1;
            for (int s = 0; s < t; s++) {
                p.leftMultiply(rows[i], tmp);
                System.arraycopy(tmp, 0, rows[i], 0, n);
            }
        }
        return rows;
    }

    private static double worstTv(double[][] rows, double[] pi) {
        double worst = 0;
        for (double[] row : rows) {
            double s = 0;
            for (int j = 0; j < pi.length; j++) {
                s += Math.abs(row[j] - pi[j]);
            }
            worst = Math.max(worst, s / 2);
        }
        return worst;
    }
}
