package rwdp.claims.cyffers;

import java.util.Map;
import rwdp.claims.Effects;
import rwdp.claims.LabelRules.Effect;

/** The effect of each finding on Cyffers et al.'s conclusions (rule 8 of the labelling rules), with the run's number behind it. */
final class CyffersFindings {
    private CyffersFindings() {}

    /** Returns the effects by claim id (built per call: nothing static outlives a run). */
    static Map<String, Effects.Of> effects() {
        return Map.of(
            "cyffers.appb-hamilton-remainder", Effects.withEffectSize(Effect.MINOR,
                    "Theorem 3's leading terms and L(W) are untouched; only the remainder's order changes, and it moves ε_{u→v} by at most "
                            + "N_u α/σ² · max|R_T| ≤ N_u α/(σ² n (T + 1)), negligible next to the ln T/n term")
                    .noStatedParameters("App. B's premise is about the Hamilton weights on any graph §4.1 allows; exact spectra of the graphs where it fails"),
            "cyffers.eq16", Effects.withEffectSize(Effect.MINOR,
                    "Theorem 3, stated inside O(·), is unaffected: eq. (16) understates eq. (15) by N_u α (H_T − ln T)/(σ² n) < N_u α γ/(σ² n), "
                            + "a constant that vanishes relative to the ln T/n term as T grows; a numerical use of eq. (16) at small T understates "
                            + "ε by the share below")
                    .noStatedParameters("eq. (16) is stated for every graph, T, α and σ; the counterexample is one admissible setting"),
            "cyffers.thm5", Effects.withEffectSize(Effect.CHANGES,
                    "Theorem 5's ring bound is below the loss it bounds for most pairs, so its privacy guarantee on the ring does not hold as printed")
                    .noStatedParameters("Theorem 5 is stated for every ring size n, pair u ≠ v, T, α and σ"),
            "cyffers.thm4", Effects.withEffectSize(Effect.CHANGES,
                    "Theorem 4's T-free star bound fails once T passes a threshold: the star's loss grows like α ln T/(σ² n), so §6.2's "
                            + "conclusion that the star leaks a T-independent amount does not hold")
                    .noStatedParameters("Theorem 4 is stated for every n, T and small κ (App. E.2 takes κ = 1/T², swept with 0.01 and 1/3)"));
    }
}
