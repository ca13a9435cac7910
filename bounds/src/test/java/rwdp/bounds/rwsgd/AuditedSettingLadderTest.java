package rwdp.bounds.rwsgd;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import rwdp.bounds.audit.LastVisitView;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/**
 * The ladder of the audited RW DP-SGD settings (T = 40, σ = 1.2, δ = 1e-3, u → v = 0 → 1): the last visit (a lower
 * bound) ≤ the view's upper bound ≤ no amplification ≤ Theorem 3 as a guarantee, and the sizes an independent
 * recomputation reported (issue 30): no amplification about half of Theorem 3 at T/n, the view a quarter to a third.
 */
class AuditedSettingLadderTest {
    private static final double DELTA = 1e-3;

    private static void ladder(GraphSpec spec, WeightScheme.Kind kind, int start) {
        Graph g = spec.build();
        TransitionMatrix w = WeightScheme.of(kind).build(g);
        ViewSetting s = new ViewSetting(w, 0, 1, start, 40, 1.2);
        double last = LastVisitView.of(w.toDenseArray(), 0, 1, start, 40, 1.2).epsilon(DELTA);
        PrivacyLossSample view = ViewMonteCarlo.sample(s, SegmentLaws.of(s), 60_000, 7);
        double up = view.epsilonUpper(DELTA, 1e-6);
        double lo = view.epsilonLower(DELTA, 1e-6);
        double none = NoAmplification.of(s).epsilon(DELTA);
        Theorem3Guarantee th = Theorem3Guarantee.of(g, s);
        double mean = th.atMeanCount(DELTA);
        double guarantee = th.guarantee(UpdateCountLaw.of(s), DELTA).epsilon();
        String all = spec + ": last visit " + last + ", view [" + lo + ", " + up + "], no amplification " + none
                + ", Thm 3 at T/n " + mean + ", Thm 3 guarantee " + guarantee;
        assertTrue(last <= up && lo <= up && up <= none && none <= guarantee && mean <= guarantee, all);
        assertTrue(none / mean > 0.45 && none / mean < 0.6, "no amplification / Thm 3: " + all);
        assertTrue(lo / mean > 0.2 && up / mean < 0.4, "view / Thm 3: " + all);
    }

    @Test
    void completeFiveSimple() {
        ladder(GraphSpec.complete(5), WeightScheme.Kind.SIMPLE, 4);
    }

    @Test
    void ringSixMetropolis() {
        ladder(GraphSpec.ring(6), WeightScheme.Kind.METROPOLIS, 3);
    }
}
