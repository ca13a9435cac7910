package rwdp.bounds.privacy;

import org.apache.commons.math3.special.Gamma;
import rwdp.check.InvalidArgumentException;

/**
 * Logarithms of the regularised incomplete gamma functions P(s, x) = γ(s, x)/Γ(s) and
 * Q(s, x) = 1 − P(s, x), with the argument given as ln x. The Gamma mechanism's privacy-loss
 * threshold x* (Ayache et al., Lemma 3) under- and overflows in doubles for shapes far below 1
 * (large θ); working with ln x and ln P keeps full relative accuracy there. Series for x &lt; s + 1,
 * Lentz's continued fraction otherwise (Numerical Recipes §6.2), both with the prefactor
 * x^s e^{−x}/Γ(s) kept in log form.
 */
public final class LogIncompleteGamma {
    private static final double EPS = 1e-17;
    private static final double TINY = 1e-300;
    private static final int MAX_TERMS = 100_000_000;

    private LogIncompleteGamma() {}

    /** Returns ln P(s, e^{lnx}), the log of the regularised lower incomplete gamma function. */
    public static double logP(double s, double lnx) {
        checkShape(s);
        if (lnx == Double.NEGATIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        double x = Math.exp(lnx);
        if (x < s + 1) {
            return logSeries(s, lnx, x);
        }
        return log1mexp(logContinuedFraction(s, lnx, x));
    }

    /** Returns ln Q(s, e^{lnx}), the log of the regularised upper incomplete gamma function. */
    public static double logQ(double s, double lnx) {
        checkShape(s);
        if (lnx == Double.NEGATIVE_INFINITY) {
            return 0;
        }
        double x = Math.exp(lnx);
        if (x < s + 1) {
            return log1mexp(logSeries(s, lnx, x));
        }
        return logContinuedFraction(s, lnx, x);
    }

    /** Returns ln Γ(s) accurately for every s &gt; 0 (through ln Γ(1 + s) − ln s below 1/2). */
    public static double logGamma(double s) {
        return s < 0.5 ? Gamma.logGamma1p(s) - Math.log(s) : Gamma.logGamma(s);
    }

    /** Returns ln Γ(1 + s) accurately for every s ≥ 0. */
    public static double logGamma1p(double s) {
        return s <= 1.5 ? Gamma.logGamma1p(s) : Gamma.logGamma(1 + s);
    }

    /**
     * Returns ln(1 − e^a) for a ≤ 0 without cancellation (Mächler 2012).
     *
     * @throws InvalidArgumentException when a &gt; 0
     */
    public static double log1mexp(double a) {
        if (a > 0) {
            throw new InvalidArgumentException("log1mexp needs a <= 0, got " + a);
        }
        return a > -0.6931471805599453 ? Math.log(-Math.expm1(a)) : Math.log1p(-Math.exp(a));
    }

    private static double logSeries(double s, double lnx, double x) {
        double sum = 1;
        double term = 1;
        for (int n = 1; n < MAX_TERMS; n++) {
            term *= x / (s + n);
            sum += term;
            if (term < sum * EPS) {
                break;
            }
        }
        double logP = s * lnx - x - logGamma1p(s) + Math.log(sum);
        return Math.min(0, logP);
    }

    private static double logContinuedFraction(double s, double lnx, double x) {
        if (x == Double.POSITIVE_INFINITY) {
            return Double.NEGATIVE_INFINITY;
        }
        double b = x + 1 - s;
        double c = 1 / TINY;
        double d = 1 / b;
        double h = d;
        for (int i = 1; i < MAX_TERMS; i++) {
            double an = -i * (i - s);
            b += 2;
            d = an * d + b;
            if (Math.abs(d) < TINY) {
                d = TINY;
            }
            c = b + an / c;
            if (Math.abs(c) < TINY) {
                c = TINY;
            }
            d = 1 / d;
            double del = d * c;
            h *= del;
            if (Math.abs(del - 1) < 1e-15) {
                break;
            }
        }
        double logQ = s * lnx - x - logGamma(s) + Math.log(h);
        return Math.min(0, logQ);
    }

    private static void checkShape(double s) {
        if (!(s > 0) || Double.isInfinite(s)) {
            throw new InvalidArgumentException("gamma shape must be positive and finite, got " + s);
        }
    }
}
