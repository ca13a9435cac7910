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
            "divergence), worst_pair [L, L'], and the θ → ∞ limits delta_floor_lemma3 / delta_floor_exact."})
public final class GammaDeltaCommand implements Callable<Integer> {
    @Option(names = "--epsilon", required = true, description = "ε ≥ 0.")
    double epsilon;

    @Option(names = "--theta", required = true, description = "Noise parameter θ > 0 (variance θ L).")
    double theta;

    @Option(names = "--l-min", required = true, description = "inf L > 0, the smallest possible input.")
    double lMin;

    @Option(names = "--l-max", required = true, description = "sup L > l-min, the largest possible input.")
    double lMax;

    @Option(names = "--grid", defaultValue = "33", description = "Grid points per axis of the pair search (default: ${DEFAULT-VALUE}).")
    int grid;

    @Override
    public Integer call() {
        GammaMechanismPrivacy.Params p = new GammaMechanismPrivacy.Params(epsilon, theta, lMin, lMax);
        if (grid < 2 || grid > 1000) {
            throw new UserException("--grid must be between 2 and 1000, got " + grid);
        }
        GammaMechanismPrivacy.PairDelta ex = GammaMechanismPrivacy.exactDelta(p, grid);
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
        Outputs.printJson(out);
        return 0;
    }
}
