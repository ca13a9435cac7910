package rwdp.cli.ayache;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.bounds.privacy.GammaMechanismPrivacy;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;

/** {@code rwdp bound gamma-theta}: the smallest θ reaching a target (ε, δ). */
@Command(name = "gamma-theta", mixinStandardHelpOptions = true,
        description = {"Smallest noise θ for which the Gamma mechanism on [l-min, l-max] is (ε, δ)-LDP, by Lemma 3",
            "(theta_lemma3) and by the exact δ (theta_exact); θ is searched in [1e-6, 1e6]·l-max (relative precision 1e-10).",
            "theta_lemma3 and delta_lemma3_at_theta are the string \"not reached\" when only the exact δ reaches the target",
            "(Lemma 3's smallest δ, smallest_delta_lemma3, is above it). When no θ reaches it, prints the",
            "smallest reachable δ on stderr and exits 2."})
public final class GammaThetaCommand implements Callable<Integer> {
    @Option(names = "--epsilon", required = true, description = "ε ≥ 0.")
    double epsilon;

    @Option(names = "--delta", required = true, description = "Target δ in (0, 1).")
    double delta;

    @Option(names = "--l-min", required = true, description = "inf L > 0.")
    double lMin;

    @Option(names = "--l-max", required = true, description = "sup L > l-min.")
    double lMax;

    @Override
    public Integer call() {
        new GammaMechanismPrivacy.Params(epsilon, 1, lMin, lMax);
        if (!(delta > 0 && delta < 1)) {
            throw new UserException("--delta must be in (0, 1), got " + delta);
        }
        GammaMechanismPrivacy.ThetaSearch ex = GammaMechanismPrivacy.thetaForExact(epsilon, delta, lMin, lMax);
        if (!ex.reachable()) {
            throw new UserException(String.format("no theta reaches delta=%g at epsilon=%g on [%g, %g]: the smallest reachable"
                    + " delta is %.6g (exact; theta -> infinity), %.6g by Lemma 3", delta, epsilon, lMin, lMax, ex.floor(),
                    GammaMechanismPrivacy.thetaForLemma3(epsilon, delta, lMin, lMax).floor()));
        }
        GammaMechanismPrivacy.ThetaSearch l3 = GammaMechanismPrivacy.thetaForLemma3(epsilon, delta, lMin, lMax);
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("theta_lemma3", l3.reachable() ? (Object) l3.theta() : "not reached");
        out.put("theta_exact", ex.theta());
        out.put("delta_lemma3_at_theta", l3.reachable() ? (Object) l3.delta() : "not reached");
        out.put("delta_exact_at_theta", ex.delta());
        out.put("smallest_delta_lemma3", l3.floor());
        out.put("smallest_delta_exact", ex.floor());
        Outputs.printJson(out);
        return 0;
    }
}
