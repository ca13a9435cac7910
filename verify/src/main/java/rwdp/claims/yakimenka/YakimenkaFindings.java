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
            "yakimenka.fig4", new Effects.Of(Effect.NONE, YakimenkaFindings::onSubstitute, null),
            "yakimenka.fig4-housing", new Effects.Of(Effect.NONE, YakimenkaFindings::onSubstitute, null));
    }

    /**
     * Returns why a Fig. 4 comparison on substitute data changes none of the paper's conclusions: its undecided differences
     * stay inside their intervals, and a difference against the paper is about the stand-in, not the paper's data (rule 7).
     */
    static String onSubstitute(Evidence ev) {
        String against = ev.cells().entrySet().stream().filter(e -> e.getValue() == rwdp.claims.Verdict.VIOLATED)
                .map(e -> String.format(Locale.ROOT, "%s (difference %.4g)", e.getKey(), ev.values().get(e.getKey() + " area(p=0.7) − area(p=1e-4)")))
                .collect(java.util.stream.Collectors.joining(", "));
        return String.format(Locale.ROOT, "nothing is contradicted on the paper's data: the undecided differences stay inside intervals of "
                + "half-width up to %.4g%s", widestHalfWidth(ev), against.isEmpty() ? ""
                : "; against the paper on the substitute only, which is context: " + against);
    }
}
