package rwdp.bounds.skipping;

import rwdp.check.InvalidArgumentException;
import rwdp.latency.LatencyModel;
import rwdp.numerics.GoldenSection;

/**
 * Latency of the skipping scheme (Yakimenka et al., §VI-A): Lemma 1 (expected total latency)
 * and Lemma 2 (the timeout minimising the mean time between token updates).
 */
public final class SkipLatency {
    private SkipLatency() {}

    /**
     * The optimum of Lemma 2.
     *
     * @param tSkip                  the optimal timeout (+∞: never skip)
     * @param p                      the skip probability Pr[T > t_skip] there
     * @param meanTimeBetweenUpdates the minimal objective value
     * @param infimumAtInfinity      whether the minimum is the limit t_skip → ∞
     */
    public record Timeout(double tSkip, double p, double meanTimeBetweenUpdates, boolean infimumAtInfinity) {}

    private static void checkChi(double chi) {
        if (!(chi >= 0) || Double.isInfinite(chi)) {
            throw new InvalidArgumentException("chi must be finite and >= 0, got " + chi);
        }
    }

    /**
     * Returns χ + ∫_0^{t} s dΦ_T(s) + t(1 − Φ_T(t)), the expected latency of one hop (Yakimenka et al., Lemma 1).
     *
     * @throws InvalidArgumentException when chi is negative or infinite, or tSkip &lt;= 0
     */
    public static double perHop(LatencyModel model, double chi, double tSkip) {
        checkChi(chi);
        if (!(tSkip > 0)) {
            throw new InvalidArgumentException("t_skip must be > 0 (or infinity), got " + tSkip);
        }
        return chi + model.expectedTruncated(tSkip);
    }

    /**
     * Returns h_max (χ + ∫_0^{t_skip} t dΦ_T(t) + t_skip(1 − Φ_T(t_skip))) (Yakimenka et al., Lemma 1).
     *
     * @throws InvalidArgumentException when hmax &lt; 0, chi is negative or infinite, or tSkip &lt;= 0
     */
    public static double expectedTotal(LatencyModel model, double chi, double tSkip, long hmax) {
        if (hmax < 0) {
            throw new InvalidArgumentException("h_max must be >= 0, got " + hmax);
        }
        return hmax * perHop(model, chi, tSkip);
    }

    /** Returns the Lemma 2 objective (per-hop latency)/Φ_T(t_skip), the mean time between two updates (Yakimenka et al., Lemma 2). */
    public static double meanTimeBetweenUpdates(LatencyModel model, double chi, double tSkip) {
        double f = model.cdf(tSkip);
        return f <= 0 ? Double.POSITIVE_INFINITY : perHop(model, chi, tSkip) / f;
    }

    /**
     * Returns the timeout with skip probability p, t = Φ_T^{-1}(1 − p) (+∞ for p = 0) (Yakimenka et al., §III-A).
     *
     * @throws InvalidArgumentException when p is outside [0, 1)
     */
    public static double timeoutFor(LatencyModel model, double p) {
        if (!(p >= 0 && p < 1)) {
            throw new InvalidArgumentException("skip probability p must be in [0, 1), got " + p);
        }
        return p == 0 ? Double.POSITIVE_INFINITY : model.quantile(1 - p);
    }

    /** The refinement of {@link #optimalTimeout}, on logit(Φ_T(t)): at most 200 steps, down to a bracket of 1e−12. */
    private static final GoldenSection.Settings REFINE = new GoldenSection.Settings(200, 1e-12, true, true);

    /**
     * Returns the minimiser of Lemma 2 (Yakimenka et al.) over t_skip ∈ (0, ∞]: the objective is
     * scanned on 4000 points uniform in logit(Φ_T(t)) from 1e−12 to 1 − 1e−12, refined by
     * golden-section search between the best point's neighbours, and compared with the limit
     * χ + E[T] at t_skip = ∞ (taken when it is not larger, up to 1e−12 relative).
     *
     * @throws InvalidArgumentException if χ is negative or not finite
     */
    public static Timeout optimalTimeout(LatencyModel model, double chi) {
        checkChi(chi);
        double atInf = chi + model.mean();
        int grid = 4000;
        double lo = logit(1e-12);
        double hi = logit(1 - 1e-12);
        double bestX = lo;
        double bestV = Double.POSITIVE_INFINITY;
        int best = -1;
        for (int k = 0; k <= grid; k++) {
            double x = lo + (hi - lo) * k / grid;
            double v = objective(model, chi, x);
            if (v < bestV) {
                bestV = v;
                bestX = x;
                best = k;
            }
        }
        double a = lo + (hi - lo) * Math.max(0, best - 1) / grid;
        double b = lo + (hi - lo) * Math.min(grid, best + 1) / grid;
        double xm = GoldenSection.minimize(x -> objective(model, chi, x), a, b, REFINE).midpoint();
        double vm = objective(model, chi, xm);
        if (vm < bestV) {
            bestV = vm;
            bestX = xm;
        }
        if (atInf <= bestV * (1 + 1e-12)) {
            return new Timeout(Double.POSITIVE_INFINITY, 0, atInf, true);
        }
        double u = 1 / (1 + Math.exp(-bestX));
        double t = model.quantile(u);
        return new Timeout(t, model.survival(t), meanTimeBetweenUpdates(model, chi, t), false);
    }

    private static double logit(double u) {
        return Math.log(u / (1 - u));
    }

    private static double objective(LatencyModel model, double chi, double x) {
        double u = 1 / (1 + Math.exp(-x));
        double t = model.quantile(u);
        if (!(t > 0)) {
            return Double.POSITIVE_INFINITY;
        }
        return meanTimeBetweenUpdates(model, chi, t);
    }
}
