package rwdp.cli.ayache;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.bounds.privacy.GammaMechanismPrivacy;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;

/** {@code rwdp bound gamma-delta}: Lemma 3's δ and the exact δ of the Gamma mechanism. */
@Command(name = "gamma-delta", mixinStandardHelpOptions = true,
        description = {"δ(ε) of the Gamma mechanism R(L) ~ Gamma(L/θ, θ) on L in [l-min, l-max] (Ayache et al., Lemma 3).",
            "Prints delta_lemma3 (Lemma 3 as printed), delta_exact (the tight δ: sup over pairs of the hockey-stick",
            "divergence), worst_pair [L, L'], and the θ → ∞ limits delta_floor_lemma3 / delta_floor_exact; log10_delta_lemma3,",
            "log10_delta_exact, log10_delta_floor_lemma3 and log10_delta_floor_exact are the same four computed in log space,",
            "finite where δ underflows to 0 (large ε)."})
public final class GammaDeltaCommand implements Callable<Integer> {
    private static final double LN10 = Math.log(10);
    private static final double MAX_EPSILON = 1e12;

    @Option(names = "--epsilon", required = true, description = "ε ≥ 0 (at most 1e12).")
    double epsilon;

    @Option(names = "--theta", required = true, description = "Noise parameter θ > 0 (variance θ L).")
    double theta;

    @Option(names = "--l-min", required = true, description = "inf L > 0, the smallest possible input.")
    double lMin;

    @Option(names = "--l-max", required = true, description = "sup L > l-min, the largest possible input.")
    double lMax;

    @Option(names = "--grid", defaultValue = "33", description = "Grid points per axis of the pair search (default: ${DEFAULT-VALUE}).")
    int grid;

    private static double log10(double ln) {
        return ln / LN10 + 0.0;
    }

    @Override
    public Integer call() {
        GammaMechanismPrivacy.Params p = new GammaMechanismPrivacy.Params(epsilon, theta, lMin, lMax);
        if (epsilon > MAX_EPSILON) {
            // ε enters ln δ through ε + ln P_L' − ln P_L, three terms of size ε whose O(1) sum loses every digit beyond.
            throw new UserException("--epsilon must be at most " + MAX_EPSILON + " (beyond it ln delta = -epsilon + O(1) loses all"
                    + " precision in doubles), got " + epsilon);
        }
        if (grid < 2 || grid > 1000) {
            throw new UserException("--grid must be between 2 and 1000, got " + grid);
        }
        GammaMechanismPrivacy.PairDelta ex = GammaMechanismPrivacy.exactDelta(p, grid);
        GammaMechanismPrivacy.PairDelta logEx = GammaMechanismPrivacy.logExactDelta(p, grid);
        if (ex.delta() == 0) {
            // Every pair underflowed to 0: the log-space search still tells the worst pair apart.
            ex = new GammaMechanismPrivacy.PairDelta(0, logEx.l(), logEx.lPrime());
        }
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("delta_lemma3", GammaMechanismPrivacy.lemma3Delta(p));
        out.put("delta_exact", ex.delta());
        out.put("worst_pair", List.of(ex.l(), ex.lPrime()));
        out.put("epsilon", epsilon);
        out.put("theta", theta);
        out.put("l_min", lMin);
        out.put("l_max", lMax);
        out.put("delta_floor_lemma3", GammaMechanismPrivacy.lemma3Floor(epsilon, lMin, lMax));
        out.put("delta_floor_exact", GammaMechanismPrivacy.exactFloor(epsilon, lMin, lMax));
        // δ leaves the double range for large ε (8.6e-896 would print 0): the same values in log space, base 10.
        out.put("log10_delta_lemma3", log10(GammaMechanismPrivacy.logLemma3Delta(p)));
        out.put("log10_delta_exact", log10(logEx.delta()));
        out.put("log10_delta_floor_lemma3", log10(GammaMechanismPrivacy.logLemma3Floor(epsilon, lMin, lMax)));
        out.put("log10_delta_floor_exact", log10(GammaMechanismPrivacy.logExactFloor(epsilon, lMin, lMax)));
        for (Map.Entry<String, Object> e : out.entrySet()) {
            if (e.getKey().startsWith("log10_") && !Double.isFinite((Double) e.getValue())) {
                throw new UserException("--epsilon " + epsilon + " puts " + e.getKey().substring(6) + " below 10^(-1.8e308), beyond"
                        + " even its logarithm in doubles; use a smaller --epsilon");
            }
        }
        Outputs.printJson(out);
        return 0;
    }
}
