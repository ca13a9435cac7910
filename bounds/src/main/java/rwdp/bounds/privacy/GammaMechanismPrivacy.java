package rwdp.bounds.privacy;

import java.util.function.DoubleUnaryOperator;
import rwdp.check.InvalidArgumentException;
import rwdp.numerics.Bisection;
import rwdp.numerics.GoldenSection;

/**
 * Privacy of the Gamma mechanism R(L) ~ Gamma(L/θ, θ) of Ayache et al. (§IV) on inputs
 * L ∈ [inf L, sup L]. With U = R/θ ~ Gamma(s = L/θ, 1) the privacy loss of the ordered pair
 * (L, L') at output z is ℓ(z) = ((L − L')/θ) ln(z/θ) − ln Γ(L/θ) + ln Γ(L'/θ), monotone in z, so
 * ℓ ≥ ε exactly on one side of the threshold u* with
 * ln u* = (θ/(L − L')) (ε + ln Γ(L/θ) − ln Γ(L'/θ)). Everything is computed from ln u* and
 * {@link LogIncompleteGamma}, so θ from 1e-3 to 1e6 and shapes far below 1 stay accurate.
 * Every quantity depends on (L, L', θ) only through the shapes L/θ and L'/θ.
 */
public final class GammaMechanismPrivacy {
    /** Default number of grid points per axis of the pair search of {@link #exactDelta}. */
    public static final int DEFAULT_GRID = 33;
    /** Smallest θ/sup L the inverse problems search (shape sup L/θ = 1e6). */
    public static final double MIN_THETA_OVER_LMAX = 1e-6;
    /** Largest θ/sup L the inverse problems search (shape sup L/θ = 1e-6). */
    public static final double MAX_THETA_OVER_LMAX = 1e6;

    private GammaMechanismPrivacy() {}

    /**
     * The input range and noise of one question.
     *
     * @param epsilon ε ≥ 0
     * @param theta   θ &gt; 0
     * @param lMin    inf L &gt; 0
     * @param lMax    sup L &gt; inf L
     */
    public record Params(double epsilon, double theta, double lMin, double lMax) {
        /**
         * Checks the parameters.
         *
         * @throws InvalidArgumentException when epsilon is negative or infinite, theta is not positive and finite,
         *     lMin is not positive and finite, lMax is not finite and above lMin, lMax/lMin exceeds
         *     {@link #MAX_RANGE_RATIO}, or lMin/theta underflows or lMax/theta overflows
         */
        public Params {
            if (!(epsilon >= 0) || Double.isInfinite(epsilon)) {
                throw new InvalidArgumentException("epsilon must be >= 0 and finite, got " + epsilon);
            }
            if (!(theta > 0) || Double.isInfinite(theta)) {
                throw new InvalidArgumentException("theta must be positive and finite, got " + theta);
            }
            checkRange(lMin, lMax);
            // The shapes L/theta enter ln Gamma and the incomplete gamma functions: 0 or infinity has no meaning there.
            if (!(lMin / theta >= Double.MIN_NORMAL)) {
                throw new InvalidArgumentException("theta = " + theta + " is too large for l-min = " + lMin + ": the shape l-min/theta"
                        + " underflows to " + lMin / theta + "; use theta <= " + lMin / Double.MIN_NORMAL);
            }
            if (!Double.isFinite(lMax / theta)) {
                throw new InvalidArgumentException("theta = " + theta + " is too small for l-max = " + lMax + ": the shape l-max/theta"
                        + " overflows; use theta >= " + lMax / Double.MAX_VALUE);
            }
        }
    }

    /** The widest input range sup L/inf L the bounds accept (their θ search spans 1e12 more and stays in range). */
    public static final double MAX_RANGE_RATIO = 1e280;

    /** The worst ordered pair and its δ. */
    public record PairDelta(double delta, double l, double lPrime) {}

    /**
     * The answer of an inverse problem.
     *
     * @param theta     the smallest θ reaching the target (NaN when unreachable)
     * @param delta     δ at that θ
     * @param reachable whether some θ ≤ {@link #MAX_THETA_OVER_LMAX}·sup L reaches the target
     * @param floor     the smallest δ seen: min of the θ → ∞ limit (closed form) and the scanned values
     */
    public record ThetaSearch(double theta, double delta, boolean reachable, double floor) {}

    static void checkRange(double lMin, double lMax) {
        if (!(lMin > 0) || Double.isInfinite(lMin)) {
            throw new InvalidArgumentException("l-min must be positive and finite, got " + lMin);
        }
        if (!(lMax > lMin) || Double.isInfinite(lMax)) {
            throw new InvalidArgumentException("l-max must be finite and larger than l-min, got l-min=" + lMin + ", l-max=" + lMax);
        }
        if (!(lMax / lMin <= MAX_RANGE_RATIO)) {
            throw new InvalidArgumentException("l-min=" + lMin + " and l-max=" + lMax + " span a ratio l-max/l-min above "
                    + MAX_RANGE_RATIO + ", more than the shapes L/theta can span in doubles;"
                    + " use a narrower range (a larger l-min or a smaller l-max)");
        }
    }

    /** Returns ln Γ(s) − ln Γ(s'), computed without cancelling the −ln s poles of tiny shapes. */
    static double logGammaRatio(double s, double sp) {
        if (s < 0.5 && sp < 0.5) {
            return Math.log(sp / s) + LogIncompleteGamma.logGamma1p(s) - LogIncompleteGamma.logGamma1p(sp);
        }
        return LogIncompleteGamma.logGamma(s) - LogIncompleteGamma.logGamma(sp);
    }

    /**
     * Returns ln u*, the log of the scale-1 output where the privacy loss of (L, L') equals ε (L ≠ L').
     *
     * @throws InvalidArgumentException when l/theta = lPrime/theta (the loss is identically 0)
     */
    public static double logThreshold(double epsilon, double theta, double l, double lPrime) {
        double s = l / theta;
        double sp = lPrime / theta;
        if (s == sp) {
            throw new InvalidArgumentException("the privacy loss of L = L' is identically 0: no threshold");
        }
        return (epsilon + logGammaRatio(s, sp)) / (s - sp);
    }

    /**
     * Returns ln P_{Z ~ R(L)}[ℓ(Z) ≥ ε], the log of the privacy-loss tail of the ordered pair
     * (L, L') (Ayache et al., Lemma 6 / Appendix D); −∞ for L = L' and ε &gt; 0.
     */
    public static double logLossTail(double epsilon, double theta, double l, double lPrime) {
        if (l == lPrime) {
            return epsilon > 0 ? Double.NEGATIVE_INFINITY : 0;
        }
        double lnu = logThreshold(epsilon, theta, l, lPrime);
        double s = l / theta;
        return l > lPrime ? LogIncompleteGamma.logQ(s, lnu) : LogIncompleteGamma.logP(s, lnu);
    }

    /** Returns P_{Z ~ R(L)}[ℓ(Z) ≥ ε] for the ordered pair (L, L') (Ayache et al., Appendix D). */
    public static double lossTail(double epsilon, double theta, double l, double lPrime) {
        return Math.exp(logLossTail(epsilon, theta, l, lPrime));
    }

    /**
     * Returns Lemma 3 of Ayache et al. exactly as printed (arXiv:2009.01790, Lemma 3):
     * max{1 − P(sup L/θ, (e^ε G)^{θ/D}), P(inf L/θ, (G/e^ε)^{θ/D})}, G = Γ(sup L/θ)/Γ(inf L/θ),
     * D = sup L − inf L, with the thresholds kept in log form.
     */
    public static double lemma3Delta(Params p) {
        double sMax = p.lMax() / p.theta();
        double sMin = p.lMin() / p.theta();
        double logG = logGammaRatio(sMax, sMin);
        double exponent = p.theta() / (p.lMax() - p.lMin());
        double first = -Math.expm1(LogIncompleteGamma.logP(sMax, exponent * (p.epsilon() + logG)));
        double second = Math.exp(LogIncompleteGamma.logP(sMin, exponent * (logG - p.epsilon())));
        return Math.max(first, second);
    }

    /**
     * Returns the tight δ(ε) of the ordered pair (L, L'): the hockey-stick divergence
     * ∫ max(0, p_L − e^ε p_L') = P_L[ℓ ≥ ε] − e^ε P_L'[ℓ ≥ ε] (ours, beyond the paper; spec "Exact δ").
     */
    public static double pairDelta(double epsilon, double theta, double l, double lPrime) {
        if (l == lPrime) {
            return 0;
        }
        double lnu = logThreshold(epsilon, theta, l, lPrime);
        double s = l / theta;
        double sp = lPrime / theta;
        double a;
        double b;
        if (l > lPrime) {
            a = LogIncompleteGamma.logQ(s, lnu);
            b = LogIncompleteGamma.logQ(sp, lnu);
        } else {
            a = LogIncompleteGamma.logP(s, lnu);
            b = LogIncompleteGamma.logP(sp, lnu);
        }
        double gap = epsilon + b - a;
        if (a == Double.NEGATIVE_INFINITY || gap >= 0) {
            return 0;
        }
        return Math.exp(a) * -Math.expm1(gap);
    }

    /**
     * Returns ln of {@link #lemma3Delta}, computed in log space so that it stays finite where δ
     * itself underflows to 0 (e.g. large ε: δ = 8.6e-896 is ln δ ≈ −2062).
     *
     * @throws InvalidArgumentException never for valid {@code p} (checked by {@link Params})
     */
    public static double logLemma3Delta(Params p) {
        double sMax = p.lMax() / p.theta();
        double sMin = p.lMin() / p.theta();
        double logG = logGammaRatio(sMax, sMin);
        double exponent = p.theta() / (p.lMax() - p.lMin());
        double first = LogIncompleteGamma.log1mexp(LogIncompleteGamma.logP(sMax, exponent * (p.epsilon() + logG)));
        double second = LogIncompleteGamma.logP(sMin, exponent * (logG - p.epsilon()));
        return Math.max(first, second);
    }

    /**
     * Returns ln of {@link #pairDelta}, in log space: ln P_L[ℓ ≥ ε] + ln(1 − e^{ε + ln P_L'[ℓ ≥ ε] − ln P_L[ℓ ≥ ε]});
     * −∞ for L = L'.
     */
    public static double logPairDelta(double epsilon, double theta, double l, double lPrime) {
        if (l == lPrime) {
            return Double.NEGATIVE_INFINITY;
        }
        double lnu = logThreshold(epsilon, theta, l, lPrime);
        double s = l / theta;
        double sp = lPrime / theta;
        double a = l > lPrime ? LogIncompleteGamma.logQ(s, lnu) : LogIncompleteGamma.logP(s, lnu);
        double b = l > lPrime ? LogIncompleteGamma.logQ(sp, lnu) : LogIncompleteGamma.logP(sp, lnu);
        double gap = epsilon + b - a;
        if (a == Double.NEGATIVE_INFINITY || gap >= 0) {
            return Double.NEGATIVE_INFINITY;
        }
        return a + LogIncompleteGamma.log1mexp(gap);
    }

    /**
     * Returns ln of the exact δ (the same pair search as {@link #exactDelta(Params, int)}, run on
     * {@link #logPairDelta}), for δ below the double range; the pair is the worst one found.
     *
     * @throws InvalidArgumentException when {@code grid} &lt; 2
     */
    public static PairDelta logExactDelta(Params p, int grid) {
        return search(p, grid, (l, lp) -> logPairDelta(p.epsilon(), p.theta(), l, lp), Double.NEGATIVE_INFINITY);
    }

    /**
     * Returns ln of {@link #lemma3Floor}, in log space (ours).
     *
     * @throws InvalidArgumentException for an invalid range
     */
    public static double logLemma3Floor(double epsilon, double lMin, double lMax) {
        return ExponentialLimits.lemma3Floor(epsilon, lMin, lMax, LogIncompleteGamma::log1mexp, x -> x, Double.NEGATIVE_INFINITY);
    }

    /**
     * Returns ln of {@link #exactFloor}, in log space (ours).
     *
     * @throws InvalidArgumentException for an invalid range
     */
    public static double logExactFloor(double epsilon, double lMin, double lMax) {
        return ExponentialLimits.bothOrders(epsilon, lMin, lMax, ExponentialLimits::logHockeyStick);
    }

    /** The δ (or ln δ) of one ordered pair. */
    private interface PairFunction {
        double of(double l, double lPrime);
    }

    /** Returns the exact δ with the default pair grid (see {@link #exactDelta(Params, int)}). */
    public static PairDelta exactDelta(Params p) {
        return exactDelta(p, DEFAULT_GRID);
    }

    /**
     * Returns the tight δ(ε) of the Gamma mechanism on [inf L, sup L]: the supremum of
     * {@link #pairDelta} over ordered pairs, searched on a {@code grid}×{@code grid} grid (extreme
     * pair included) and refined by golden-section coordinate search from the best grid pair.
     */
    public static PairDelta exactDelta(Params p, int grid) {
        PairDelta d = search(p, grid, (l, lp) -> pairDelta(p.epsilon(), p.theta(), l, lp), 0);
        return new PairDelta(Math.max(0, d.delta()), d.l(), d.lPrime());
    }

    private static PairDelta search(Params p, int grid, PairFunction f, double none) {
        if (grid < 2) {
            throw new InvalidArgumentException("the pair grid needs at least 2 points per axis, got " + grid);
        }
        // Start from the extreme pair so that ties (δ = 1 for tiny θ) report it.
        double up = f.of(p.lMax(), p.lMin());
        double down = f.of(p.lMin(), p.lMax());
        double best = Math.max(up, down);
        double bl = up >= down ? p.lMax() : p.lMin();
        double blp = up >= down ? p.lMin() : p.lMax();
        for (int a = 0; a < grid; a++) {
            double l = at(p, a, grid);
            for (int b = 0; b < grid; b++) {
                if (a == b) {
                    continue;
                }
                double lp = at(p, b, grid);
                double d = f.of(l, lp);
                if (d > best) {
                    best = d;
                    bl = l;
                    blp = lp;
                }
            }
        }
        // Refine: alternate golden-section searches on L (axis 0) and on L' (axis 1), staying on the same side of L = L'.
        double step = (p.lMax() - p.lMin()) / (grid - 1);
        double[] pair = {bl, blp};
        for (int round = 0; round < 4; round++) {
            for (int axis = 0; axis < 2; axis++) {
                int a = axis;
                double other = pair[1 - a];
                double moved = golden(x -> along(f, a, x, other), clamp(p, pair[a] - step), clamp(p, pair[a] + step), other);
                double d = along(f, a, moved, other);
                if (d > best) {
                    best = d;
                    pair[a] = moved;
                }
            }
        }
        return new PairDelta(Math.max(none, best), pair[0], pair[1]);
    }

    /** Returns f at the pair whose coordinate {@code axis} (0: L, 1: L') is x and whose other coordinate is {@code other}. */
    private static double along(PairFunction f, int axis, double x, double other) {
        return axis == 0 ? f.of(x, other) : f.of(other, x);
    }

    private static double at(Params p, int k, int grid) {
        return k == grid - 1 ? p.lMax() : p.lMin() + (p.lMax() - p.lMin()) * k / (grid - 1);
    }

    private static double clamp(Params p, double x) {
        return Math.max(p.lMin(), Math.min(p.lMax(), x));
    }

    /** The pair search's refinement: 40 golden-section steps (ties keep the right part), each reusing one point. */
    private static final GoldenSection.Settings REFINE = new GoldenSection.Settings(40, 0, false, false);

    private static double golden(DoubleUnaryOperator f, double lo, double hi, double avoid) {
        // Maximise on [lo, hi] but on one side of 'avoid' (the diagonal, where δ = 0).
        if (avoid > lo && avoid < hi) {
            double left = f.applyAsDouble(lo);
            double right = f.applyAsDouble(hi);
            if (left >= right) {
                hi = avoid;
            } else {
                lo = avoid;
            }
        }
        double best = GoldenSection.maximize(f, lo, hi, REFINE).midpoint();
        double[] cands = {lo, hi, best};
        double bx = best;
        double bv = f.applyAsDouble(best);
        for (double x : cands) {
            if (x != avoid) {
                double v = f.applyAsDouble(x);
                if (v > bv) {
                    bv = v;
                    bx = x;
                }
            }
        }
        return bx;
    }

    /**
     * Returns lim_{θ→∞} of {@link #lemma3Delta}: R(L)'s output tends to (a monotone function of)
     * an Exp(rate L) draw, so with r = sup L/inf L the two terms tend to
     * 1 − exp(−(ln r − ε)/(1 − 1/r)) (when ε &lt; ln r, else 0) and r^{−1/(r−1)} e^{−ε/(r−1)}.
     * No θ gives a smaller Lemma 3 δ (ours; spec "inverse problems").
     */
    public static double lemma3Floor(double epsilon, double lMin, double lMax) {
        return ExponentialLimits.lemma3Floor(epsilon, lMin, lMax, x -> -Math.expm1(x), Math::exp, 0);
    }

    /**
     * Returns lim_{θ→∞} of the extreme-pair hockey-stick divergence: the tight δ(ε) between
     * Exp(rate sup L) and Exp(rate inf L), both orders (ours; the exponential limit of
     * {@link #lemma3Floor}).
     */
    public static double exactFloor(double epsilon, double lMin, double lMax) {
        return ExponentialLimits.bothOrders(epsilon, lMin, lMax, ExponentialLimits::hockeyStick);
    }

    /** A δ(ε, θ) function of one of the two bounds. */
    @FunctionalInterface
    public interface DeltaFunction {
        double delta(Params p);
    }

    /** Returns the smallest θ with Lemma 3's δ ≤ {@code delta} (Ayache et al., Fig. 1(b)). */
    public static ThetaSearch thetaForLemma3(double epsilon, double delta, double lMin, double lMax) {
        return smallestTheta(epsilon, delta, lMin, lMax, GammaMechanismPrivacy::lemma3Delta,
                lemma3Floor(epsilon, lMin, lMax));
    }

    /** Returns the smallest θ with the exact δ ≤ {@code delta} (pair grid 9 during the search, default at the end). */
    public static ThetaSearch thetaForExact(double epsilon, double delta, double lMin, double lMax) {
        ThetaSearch coarse = smallestTheta(epsilon, delta, lMin, lMax, p -> exactDelta(p, 9).delta(),
                exactFloor(epsilon, lMin, lMax));
        if (!coarse.reachable()) {
            return coarse;
        }
        // The coarse grid can miss a worse interior pair: re-check with the default grid and nudge θ up.
        double theta = coarse.theta();
        for (int i = 0; i < 200; i++) {
            double d = exactDelta(new Params(epsilon, theta, lMin, lMax)).delta();
            if (d <= delta) {
                return new ThetaSearch(theta, d, true, coarse.floor());
            }
            theta *= 1.001;
        }
        return coarse;
    }

    /**
     * Returns the smallest θ (relative precision 1e-10) with f(θ) ≤ {@code delta}: a scan of
     * 241 log-spaced θ in [1e-6, 1e6]·sup L from below, then bisection on ln θ between the first
     * grid point that reaches the target and the one before it. The scan matters: Lemma 3's δ is
     * not monotone in θ (it dips below its θ → ∞ limit), so plain bisection could miss the answer.
     * When nothing reaches the target, {@code floor} is the smallest δ seen on the scan.
     *
     * @throws InvalidArgumentException when delta is outside (0, 1), lMin is not positive and finite, lMax is not
     *     finite and above lMin, or lMax/lMin exceeds {@link #MAX_RANGE_RATIO}
     */
    public static ThetaSearch smallestTheta(double epsilon, double delta, double lMin, double lMax, DeltaFunction f,
                                            double limit) {
        checkRange(lMin, lMax);
        if (!(delta > 0 && delta < 1)) {
            throw new InvalidArgumentException("target delta must be in (0, 1), got " + delta);
        }
        double lo = Math.log(MIN_THETA_OVER_LMAX * lMax);
        double hi = Math.log(MAX_THETA_OVER_LMAX * lMax);
        int points = 241;
        double prev = Double.NaN;
        double smallest = limit;
        for (int k = 0; k < points; k++) {
            double x = lo + (hi - lo) * k / (points - 1);
            double d = f.delta(new Params(epsilon, Math.exp(x), lMin, lMax));
            smallest = Math.min(smallest, d);
            if (d <= delta) {
                if (k == 0) {
                    return new ThetaSearch(Math.exp(x), d, true, smallest);
                }
                // The δ at the upper end, kept as the search moves it (never evaluated twice).
                double[] db = {d};
                double b = Bisection.search(prev, x, Integer.MAX_VALUE, (a, c) -> !(c - a > 1e-10), mid -> {
                    double dm = f.delta(new Params(epsilon, Math.exp(mid), lMin, lMax));
                    if (dm <= delta) {
                        db[0] = dm;
                        return true;
                    }
                    return false;
                }).hi();
                return new ThetaSearch(Math.exp(b), db[0], true, Math.min(smallest, db[0]));
            }
            prev = x;
        }
        return new ThetaSearch(Double.NaN, smallest, false, smallest);
    }
}
