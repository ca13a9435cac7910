package rwdp.claims.yakimenka;

import java.util.Locale;
import java.util.Map;
import rwdp.claims.Effects;
import rwdp.claims.Evidence;
import rwdp.claims.LabelRules.Effect;

/** The effect of each finding on Yakimenka et al.'s conclusions (rule 8 of the labelling rules), with the run's number behind it. */
final class YakimenkaFindings {
    private YakimenkaFindings() {}

    /** Returns the widest "CI half-width" the evidence records (the Fig. 4 checks record one per latency model). */
    static double widestHalfWidth(Evidence ev) {
        double w = Double.NaN;
        for (Map.Entry<String, Object> e : ev.values().entrySet()) {
            if (e.getKey().endsWith("CI half-width") && e.getValue() instanceof Number n) {
                w = Double.isNaN(w) ? n.doubleValue() : Math.max(w, n.doubleValue());
            }
        }
        return w;
    }

    /** Returns the effects by claim id (built per call: nothing static outlives a run). */
    static Map<String, Effects.Of> effects() {
        return Map.of(
            "yakimenka.fig2", Effects.withEffectSize(Effect.MINOR,
                    "the reversals under exponential latency are a few percent of the compared value at most, so the curves look "
                            + "superposed, and §VI-C1 itself names exponential latency as the exception; the gamma and Pareto II conclusions stand")
                    .stated(ev -> ev.stated("n (the counterexample's; Fig. 2 draws 10 and 500)", 10, 10)
                            .stated("p", "1e-4, 1/2, 7/10", "1e-4, 1/2, 7/10").stated("latency models", "gamma, exponential, Pareto II",
                                    "gamma, exponential, Pareto II")),
            "yakimenka.fig2-ring-exp", Effects.withEffectSize(Effect.MINOR,
                    "the reversal appears only at d = 1000 at the longest latencies and is about 0.5% of the bound"),
            "yakimenka.fig3", Effects.withEffectSize(Effect.CHANGES,
                    "for Skip-Ring at small d, the §VI-C1 housing data's d = 13 included, the larger network gives the higher ε_skip, the "
                            + "reverse of the figure's conclusion"),
            "yakimenka.chernoff-step", Effects.withEffectSize(Effect.MINOR,
                    "a step of the proofs of Theorems 2 and 3 fails for small expected counts only; the theorems' end guarantee "
                            + "held on every case tried (yakimenka.thm2-end-guarantee), so no stated ε_skip is shown wrong")
                    .noStatedParameters("the step is a formula in h_max/n, p and δ' that the theorems use for all of them; "
                            + "a failing case anywhere in that domain breaks the proof"),
            "yakimenka.fig4", new Effects.Of(Effect.NONE, ev -> String.format(Locale.ROOT,
                    "nothing is contradicted: the undecided differences stay inside intervals of half-width up to %.4g on substitute data",
                    widestHalfWidth(ev)), null),
            "yakimenka.fig4-housing", new Effects.Of(Effect.NONE, ev -> String.format(Locale.ROOT,
                    "nothing is contradicted: the differences not separated stay inside intervals of half-width up to %.4g",
                    widestHalfWidth(ev)), null));
    }
}
