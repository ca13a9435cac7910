package rwdp.spectral;

import rwdp.check.InvalidArgumentException;

/**
 * A real function f applied to the non-stationary spectrum of a symmetric doubly stochastic W,
 * i.e. the matrix f(W − J/n) with f(0) = 0 (Cyffers et al., App. B, eq. (15)-(16)).
 */
public interface SpectralFunction {
    /** Returns f(x) for an eigenvalue x in [−1, 1) of W − J/n. */
    double apply(double x);

    /** Returns a short name for reports. */
    String name();

    /**
     * Returns f(x) = −ln(1 − x) = Σ_{t≥1} x^t/t, so f(W − J/n) = L(W) = −ln(I − W + J/n)
     * (Cyffers et al., Thm. 3 and eq. (16)).
     */
    static SpectralFunction logResolvent() {
        return new SpectralFunction() {
            @Override
            public double apply(double x) {
                return -Math.log1p(-x);
            }

            @Override
            public String name() {
                return "-ln(1-x)";
            }
        };
    }

    /**
     * Returns the partial sum g_T(x) = Σ_{t=1..T} x^t/t, so f(W − J/n) + H_T J/n = Σ_{t≤T} W^t/t, the
     * exact finite-T series of Cyffers et al., App. B eq. (15).
     */
    static SpectralFunction partialLogSeries(long T) {
        if (T < 1) {
            throw new InvalidArgumentException("number of steps T must be >= 1, got " + T);
        }
        return new SpectralFunction() {
            @Override
            public double apply(double x) {
                return partialLogSum(x, T);
            }

            @Override
            public String name() {
                return "sum_{t<=" + T + "} x^t/t";
            }
        };
    }

    /** Returns Σ_{t=1..T} x^t/t for |x| ≤ 1 (x ≠ 1), summing the shorter of the series and its tail. */
    static double partialLogSum(double x, long T) {
        double ax = Math.abs(x);
        // Terms below 1e-18 of the first no longer change a double: the tail beyond them is dropped.
        long needed = ax == 0 ? 1 : ax >= 1 ? Long.MAX_VALUE : (long) Math.ceil(Math.log(1e-18) / Math.log(ax)) + 1;
        if (T <= needed || ax >= 1) {
            double s = 0;
            double p = 1;
            for (long t = 1; t <= T; t++) {
                p *= x;
                s += p / t;
            }
            return s;
        }
        // Σ_{t≤T} = −ln(1 − x) − Σ_{t>T} x^t/t; the tail is summed until negligible.
        double tail = 0;
        double p = Math.pow(x, T);
        for (long t = T + 1; t <= T + needed; t++) {
            p *= x;
            double term = p / t;
            tail += term;
            if (Math.abs(term) < 1e-300) {
                break;
            }
        }
        return -Math.log1p(-x) - tail;
    }
}
