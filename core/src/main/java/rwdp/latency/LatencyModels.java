package rwdp.latency;

import java.util.Locale;
import org.apache.commons.math3.distribution.LogNormalDistribution;
import org.apache.commons.math3.distribution.UniformRealDistribution;
import org.apache.commons.math3.distribution.WeibullDistribution;
import rwdp.check.InvalidArgumentException;

/** Parses latency specs (Yakimenka et al., §VI-B models, plus any commons-math3 law). */
public final class LatencyModels {
    /** The accepted forms, for help texts and error messages. */
    public static final String FORMS = "exp:MEAN, gamma:SHAPE,SCALE, lomax:SHAPE,SCALE, weibull:SHAPE,SCALE, "
            + "lognormal:MU,SIGMA, uniform:LOW,HIGH";

    private LatencyModels() {}

    /** Returns the exponential model of mean 1 (Yakimenka et al., §VI-B). */
    public static LatencyModel paperExponential() {
        return new ExponentialLatency(1);
    }

    /** Returns the gamma model of shape 1/4 and scale 1 (Yakimenka et al., §VI-B). */
    public static LatencyModel paperGamma() {
        return new GammaLatency(0.25, 1);
    }

    /** Returns the Pareto II (Lomax) model of shape 3 and scale 2 (Yakimenka et al., §VI-B). */
    public static LatencyModel paperLomax() {
        return new LomaxLatency(3, 2);
    }

    /**
     * Returns the model described by {@code spec}, one of {@link #FORMS}.
     *
     * @throws InvalidArgumentException when spec is null, does not parse as one of {@link #FORMS}, has a parameter
     *     that is not a finite number, a nonzero one below {@link Double#MIN_NORMAL} in magnitude, or a wrong number of
     *     them, or names a law whose parameters are out of range
     */
    public static LatencyModel parse(String spec) {
        if (spec == null) {
            throw new InvalidArgumentException("missing latency spec; expected one of " + FORMS);
        }
        String s = spec.strip().toLowerCase(Locale.ROOT);
        int colon = s.indexOf(':');
        if (colon < 0) {
            throw new InvalidArgumentException("latency spec '" + spec + "' does not parse; expected one of " + FORMS);
        }
        String kind = s.substring(0, colon);
        String[] parts = s.substring(colon + 1).split(",", -1);
        double[] v = new double[parts.length];
        for (int i = 0; i < parts.length; i++) {
            try {
                v[i] = Double.parseDouble(parts[i].strip());
            } catch (NumberFormatException e) {
                throw new InvalidArgumentException("latency spec '" + spec + "': '" + parts[i] + "' is not a number");
            }
            if (!Double.isFinite(v[i])) {
                throw new InvalidArgumentException("latency spec '" + spec + "': parameters must be finite");
            }
            // A subnormal number (below 2.2e-308) keeps fewer than 15 significant digits, and the laws' quadratures and
            // solvers divide by their parameters: uniform:0,1e-320 had no distinct quadrature nodes left.
            if (v[i] != 0 && Math.abs(v[i]) < Double.MIN_NORMAL) {
                throw new InvalidArgumentException("latency spec '" + spec + "': '" + parts[i].strip() + "' is below "
                        + Double.MIN_NORMAL + " in magnitude (a subnormal double, with too few digits); use 0 or a larger value");
            }
        }
        return switch (kind) {
            case "exp", "exponential" -> new ExponentialLatency(arity(spec, v, 1)[0]);
            case "gamma" -> new GammaLatency(arity(spec, v, 2)[0], v[1]);
            case "lomax", "pareto2" -> new LomaxLatency(arity(spec, v, 2)[0], v[1]);
            case "weibull" -> {
                arity(spec, v, 2);
                positive(spec, v);
                yield new DistributionLatency(s, new WeibullDistribution(null, v[0], v[1]));
            }
            case "lognormal" -> {
                arity(spec, v, 2);
                if (!(v[1] > 0)) {
                    throw new InvalidArgumentException("latency spec '" + spec + "': SIGMA must be > 0");
                }
                yield new DistributionLatency(s, new LogNormalDistribution(null, v[0], v[1]));
            }
            case "uniform" -> {
                arity(spec, v, 2);
                if (!(v[0] >= 0 && v[1] > v[0])) {
                    throw new InvalidArgumentException("latency spec '" + spec + "': need 0 <= LOW < HIGH");
                }
                yield new DistributionLatency(s, new UniformRealDistribution(null, v[0], v[1]));
            }
            default -> throw new InvalidArgumentException("unknown latency model '" + kind + "'; expected one of " + FORMS);
        };
    }

    private static double[] arity(String spec, double[] v, int k) {
        if (v.length != k) {
            throw new InvalidArgumentException("latency spec '" + spec + "' needs " + k + " parameter" + (k > 1 ? "s" : "")
                    + "; expected one of " + FORMS);
        }
        return v;
    }

    private static void positive(String spec, double[] v) {
        for (double x : v) {
            if (!(x > 0)) {
                throw new InvalidArgumentException("latency spec '" + spec + "': parameters must be > 0");
            }
        }
    }
}
