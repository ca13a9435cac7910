package rwdp.claims.ayache;

import java.util.Map;
import rwdp.claims.Effects;
import rwdp.claims.LabelRules.Effect;

/** The effect of each finding on Ayache and El Rouayheb's conclusions (rule 8 of the labelling rules), with the run's number behind it. */
final class AyacheFindings {
    private AyacheFindings() {}

    /** Returns the effects by claim id (built per call: nothing static outlives a run). */
    static Map<String, Effects.Of> effects() {
        return Map.of(
            "ayache.eq13-regulariser", Effects.withEffectSize(Effect.MINOR,
                    "a misprint: with the regulariser ½||w||² the local losses average to eq. (12) and L_i = 1 + N||x_i||²/4, the value every later result uses")
                    .noStatedParameters("eq. (13) is a formula in N; it fails for every N ≥ 2, §V's N = 100 included"),
            "ayache.alg3-given-noise", Effects.withEffectSize(Effect.CHANGES,
                    "given its noise, Alg. 3 plateaus at a biased point, so eq. (10)'s rate holds only on average over the noise, not for the run a user gets")
                    .stated(ev -> ev.stated("N (Fig. 3)", 20, 20).stated("p", 0.3, 0.3).stated("v", 10, 10)),
            "ayache.fig2-rw-beats-gossip", Effects.withEffectSize(Effect.MINOR,
                    "the random walks beat gossip only where d is large; §V gives no d, so the figure's conclusion holds in part of its possible settings"),
            "ayache.fig3-privacy-level", Effects.withEffectSize(Effect.MINOR,
                    "the (3, 0.03) level of Fig. 3's caption is reachable only where the L range is narrow (large d); §V gives no d"),
            "ayache.fig2-importance-sampling", Effects.withEffectSize(Effect.CHANGES,
                    "§V's reason for Alg. 2 (importance sampling wins in the high-variance regime) is not reproduced at N = 100"));
    }
}
