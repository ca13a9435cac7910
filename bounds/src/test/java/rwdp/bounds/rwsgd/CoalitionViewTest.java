package rwdp.bounds.rwsgd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import rwdp.check.InvalidArgumentException;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/**
 * A coalition's view (Cyffers et al., App. D) against brute-force enumeration of the walk, against the whole
 * transcript when the coalition is every other node, and against its members' own views.
 */
class CoalitionViewTest {
    /** A lazy, non-symmetric 5-node walk: every transition possible, so segments of every shape occur. */
    private static final double[][] W5 = {
        {0.2, 0.2, 0.2, 0.2, 0.2},
        {0.25, 0.1, 0.25, 0.2, 0.2},
        {0.3, 0.2, 0.1, 0.3, 0.1},
        {0.1, 0.3, 0.2, 0.2, 0.2},
        {0.2, 0.1, 0.3, 0.3, 0.1},
    };
    private static final int[] PAIR = {1, 3};

    private static ViewSetting setting(int[] coalition, int start, int steps, double sigma) {
        return new ViewSetting(TransitionMatrix.fromDense("test", W5), 0, coalition, start, steps, sigma);
    }

    @Test
    void coalitionLawsAreTheEnumeratedJointLawAndFactorise() {
        // The joint law of the observed segments' counts, grouped by everything the coalition sees (which member
        // received the token and when, where it went next, and the sender when known), is the product of the laws
        // conditioned on first node, length, receiving member (and sender): the Markov property, for a set.
        for (boolean known : new boolean[] {false, true}) {
            for (int start : new int[] {0, 1, 2}) {
                SegmentLaws laws = SegmentLaws.of(setting(PAIR, start, 6, 1), known);
                int checked = 0;
                for (PathEnumeration.Observation o : PathEnumeration.observations(W5, 0, PAIR, start, 6, known)) {
                    for (Map.Entry<List<Integer>, Double> e : o.joint().entrySet()) {
                        double product = 1;
                        for (int j = 0; j < o.segments().size(); j++) {
                            int[] seg = o.segments().get(j);
                            double[] pi = laws.law(seg[0], known ? seg[2] : -1, seg[3], seg[1]);
                            int k = e.getKey().get(j);
                            product *= k < pi.length ? pi[k] : 0;
                        }
                        assertEquals(e.getValue(), product, 1e-12, "start " + start + ", sender known " + known);
                        checked++;
                    }
                }
                assertTrue(checked > 100, "enumeration too small: " + checked);
            }
        }
    }

    @Test
    void coalitionViewMatchesEnumerationAndDominatesEachMember() {
        // T = 4 keeps the coalition's view to at most two observed segments, which the enumeration integrates on a grid.
        double sigma = 0.7;
        ViewSetting s = setting(PAIR, 2, 4, sigma);
        PrivacyLossSample sample = ViewMonteCarlo.sample(s, SegmentLaws.of(s), 200_000, 7);
        for (double e : new double[] {0.2, 0.8, 1.6}) {
            double exact = PathEnumeration.viewDelta(W5, 0, PAIR, 2, 4, sigma, e, 400, false);
            double se = Math.sqrt(Math.max(exact, 1e-6) / sample.runs());
            assertEquals(exact, sample.deltaEstimate(e), 5 * se + 1e-4 * exact, "ε = " + e);
            assertTrue(sample.deltaUpper(e, 1e-6) >= exact, "upper bound below the enumerated δ at ε = " + e);
            // Pooling views can only add information: the coalition's δ(ε) is at least each member's.
            for (int v : PAIR) {
                double alone = PathEnumeration.viewDelta(W5, 0, v, 2, 4, sigma, e, 400, false);
                assertTrue(exact >= alone * (1 - 1e-9) && exact > alone, "coalition " + exact + " vs member " + v + " " + alone);
            }
        }
    }

    @Test
    void everyOtherNodeColludingSeesTheWholeTranscript() {
        // With every node but u in the coalition, each segment is a run of u's own updates (k = m, no hidden count),
        // so the view is the transcript: the no-amplification mixture, computed exactly by a different recursion.
        double sigma = 1.3;
        ViewSetting s = setting(new int[] {1, 2, 3, 4}, 0, 12, sigma);
        double exact = NoAmplification.of(s).epsilon(1e-3);
        PrivacyLossSample sample = ViewMonteCarlo.sample(s, SegmentLaws.of(s), 200_000, 5);
        double lo = sample.epsilonLower(1e-3, 1e-6);
        double up = sample.epsilonUpper(1e-3, 1e-6);
        assertTrue(lo <= exact && exact <= up, lo + " ≤ " + exact + " ≤ " + up);
        assertEquals(exact, sample.epsilonEstimate(1e-3), 0.03 * exact);
        // One segment's law is a point mass at k = m.
        double[] pi = SegmentLaws.of(s).law(0, -1, 2, 3);
        assertEquals(1, pi[3], 1e-15);
    }

    @Test
    void aCoalitionOfOneIsTheSingleObserver() {
        ViewSetting one = setting(new int[] {3}, 2, 6, 0.8);
        ViewSetting pair = new ViewSetting(TransitionMatrix.fromDense("test", W5), 0, 3, 2, 6, 0.8);
        SegmentLaws a = SegmentLaws.of(one, true);
        SegmentLaws b = SegmentLaws.of(pair, true);
        assertEquals(a.logRatio(1, 4, 3, 0.4), b.logRatio(1, 4, 3, 3, 0.4), 0);
        PrivacyLossSample x = ViewMonteCarlo.sample(one, SegmentLaws.of(one), 2_000, 9);
        PrivacyLossSample y = ViewMonteCarlo.sample(pair, SegmentLaws.of(pair), 2_000, 9);
        assertEquals(x.epsilonEstimate(1e-2), y.epsilonEstimate(1e-2), 0);
    }

    @Test
    void theoremThreeForACoalitionIsTheSumAndFirstPassageIsBelowIt() {
        // App. D: eq. (18) sums the members' pair losses; eq. (17), the first arrival in the coalition, is at most that
        // (a first-passage probability is at most a visit probability), and both compose over the same count law.
        Graph g = GraphGenerators.ring(12);
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        int[] f = {3, 5, 9};
        ViewSetting s = new ViewSetting(w, 0, f, 0, 240, 6);
        Theorem3Guarantee union = Theorem3Guarantee.of(g, s);
        double sum = 0;
        for (int v : f) {
            sum += Theorem3Guarantee.of(g, new ViewSetting(w, 0, v, 0, 240, 6)).perContribution();
        }
        assertEquals(sum, union.perContribution(), 1e-12 * sum);
        Theorem3Guarantee first = Theorem3Guarantee.firstPassage(s);
        assertTrue(first.perContribution() < union.perContribution(), first + " vs " + union);
        double[] law = UpdateCountLaw.of(s);
        assertTrue(first.guarantee(law, 1e-3).epsilon() < union.guarantee(law, 1e-3).epsilon());
    }

    @Test
    void refusesAMalformedCoalition() {
        assertThrows(InvalidArgumentException.class, () -> setting(new int[] {0, 1}, 2, 4, 1));
        assertThrows(InvalidArgumentException.class, () -> setting(new int[] {3, 1}, 2, 4, 1));
        assertThrows(InvalidArgumentException.class, () -> setting(new int[] {1, 1}, 2, 4, 1));
        assertThrows(InvalidArgumentException.class, () -> setting(new int[] {}, 2, 4, 1));
        SegmentLaws laws = SegmentLaws.of(setting(PAIR, 2, 4, 1));
        assertThrows(InvalidArgumentException.class, () -> laws.logRatio(2, 1, 0.3));
        assertThrows(InvalidArgumentException.class, () -> laws.law(2, -1, 4, 1));
    }
}
