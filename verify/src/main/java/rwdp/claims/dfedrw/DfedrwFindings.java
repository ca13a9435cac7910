package rwdp.claims.dfedrw;

import java.util.Map;
import rwdp.claims.Effects;
import rwdp.claims.LabelRules.Effect;

/**
 * The effect of each finding on Wang et al.'s conclusions (rule 8 of the labelling rules), with the run's number behind it;
 * {@code dfedrw.headline} and {@code dfedrw.fmnist-iid-dfedrw} carry theirs in their registration.
 */
final class DfedrwFindings {
    private DfedrwFindings() {}

    /** Returns the effects by claim id (built per call: nothing static outlives a run). */
    static Map<String, Effects.Of> effects() {
        return Map.of(
            "dfedrw.thm1", Effects.withEffectSize(Effect.CHANGES,
                    "Theorem 1's bound fails for step-size constants its statement admits, so its rate needs a condition on R the paper does not state")
                    .noStatedParameters("Theorem 1 quantifies over every schedule η^k = O(1/k^q) with 1/2 < q < 1; the counterexample is one admissible schedule"),
            "dfedrw.thm2", Effects.withEffectSize(Effect.CHANGES,
                    "as printed ψ(d, s) is infinite, so Theorem 2 gives no O(1/k^(1−q)) rate for QDFedRW")
                    .noStatedParameters("Theorem 2 is stated for every q < 1, quantiser level s and dimension d"),
            "dfedrw.alg2-as-printed", Effects.withEffectSize(Effect.CHANGES,
                    "QDFedRW as printed does not compute the aggregation (11): its devices never reach consensus")
                    .noStatedParameters("eq. (14) is stated for every start model and neighbourhood; the counterexample is the smallest admissible one"),
            "dfedrw.fmnist-dirichlet", Effects.withNumber(Effect.NONE,
                    "nothing is contradicted: no paired gap separates from 0 (widest interval half-width %.3f accuracy)", "widest_half_width"));
    }
}
