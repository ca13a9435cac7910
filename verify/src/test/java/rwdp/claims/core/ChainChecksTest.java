package rwdp.claims.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.LongRange;
import org.junit.jupiter.api.Test;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Verdict;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.markov.WeightScheme.Kind;

/** The foundation claims' helpers on chains small enough to work out by hand. */
class ChainChecksTest {
    private static final Graph PATH3 = GraphSpec.path(3).build();

    @Test
    void targetLawsFromTheirDefinitions() {
        // path 0-1-2: degrees 1, 2, 1 and |E| = 2, so deg/2|E| = 1/4, 1/2, 1/4.
        double[] deg = {0.25, 0.5, 0.25};
        assertArrayEquals(deg, ChainChecks.target(WeightScheme.of(Kind.SIMPLE), PATH3, null), 1e-15);
        assertArrayEquals(deg, ChainChecks.target(WeightScheme.of(Kind.LAZY_SIMPLE), PATH3, null), 1e-15);
        for (Kind k : List.of(Kind.MH_UNIFORM, Kind.METROPOLIS, Kind.HAMILTON)) {
            assertArrayEquals(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, ChainChecks.target(WeightScheme.of(k), PATH3, null), 1e-15, k.label());
        }
        // mh-weighted: L / ΣL with L = 1, 2, 3, 4 on a path of 4.
        assertArrayEquals(new double[] {0.1, 0.2, 0.3, 0.4},
                ChainChecks.target(WeightScheme.of(Kind.MH_WEIGHTED), GraphSpec.path(4).build(), new double[] {1, 2, 3, 4}), 1e-15);
    }

    @Test
    void stationarityDefectOfATwoStateChain() {
        // P = [[0.7, 0.3], [0.2, 0.8]] has π = (0.2, 0.3)/0.5 = (0.4, 0.6); the uniform law maps to (0.45, 0.55).
        TransitionMatrix p = TransitionMatrix.fromDense("two", new double[][] {{0.7, 0.3}, {0.2, 0.8}});
        assertEquals(0, ChainChecks.stationarityDefect(p, new double[] {0.4, 0.6}), 1e-15);
        assertEquals(0.05, ChainChecks.stationarityDefect(p, new double[] {0.5, 0.5}), 1e-15);
    }

    @Test
    void wrongLawIsUniformAgainstDegreeAndAbsentOnRegularGraphs() {
        WeightScheme simple = WeightScheme.of(Kind.SIMPLE);
        WeightScheme mh = WeightScheme.of(Kind.MH_UNIFORM);
        ChainChecks.Case degreeTarget = new ChainChecks.Case(GraphSpec.path(3), simple, simple.build(PATH3, null), new double[] {0.25, 0.5, 0.25});
        assertArrayEquals(new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0}, ChainChecks.wrongLaw(degreeTarget), 1e-15);
        ChainChecks.Case uniformTarget = new ChainChecks.Case(GraphSpec.path(3), mh, mh.build(PATH3, null), new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0});
        assertArrayEquals(new double[] {0.25, 0.5, 0.25}, ChainChecks.wrongLaw(uniformTarget), 1e-15);
        Graph ring = GraphSpec.ring(5).build();
        assertNull(ChainChecks.wrongLaw(new ChainChecks.Case(GraphSpec.ring(5), simple, simple.build(ring, null), new double[] {0.2, 0.2, 0.2, 0.2, 0.2})));
    }

    @Test
    void casesSkipTheLazyRingOffRings() {
        List<ChainChecks.Case> cases = ChainChecks.cases(List.of(GraphSpec.path(4), GraphSpec.ring(5)),
                List.of(WeightScheme.of(Kind.LAZY_RING), WeightScheme.of(Kind.SIMPLE)), 1);
        // 2 graphs x 2 schemes, less lazy-ring on the path.
        assertEquals(3, cases.size());
        assertEquals("simple on path:4", cases.get(0).label());
        assertEquals(Kind.LAZY_RING, cases.get(1).scheme().kind());
        assertEquals("ring:5", cases.get(1).graph());
    }

    @Test
    void exactStationarityHoldsForTheRightLawsAndFailsForAWrongOne() {
        List<WeightScheme> all = List.of(WeightScheme.of(Kind.SIMPLE), WeightScheme.of(Kind.LAZY_SIMPLE), WeightScheme.of(Kind.MH_UNIFORM),
                WeightScheme.of(Kind.MH_WEIGHTED), WeightScheme.of(Kind.METROPOLIS), WeightScheme.of(Kind.HAMILTON));
        List<ChainChecks.Case> cases = ChainChecks.cases(List.of(GraphSpec.path(5), GraphSpec.star(6)), all, 7);
        Outcome ok = ChainChecks.exactStationarity(cases, 1e-10);
        assertEquals(Verdict.HOLDS, ok.verdict());
        assertEquals(Power.Level.STRONG, ok.evidence().power().level());
        // The simple walk on path:3 with the uniform law as its "target": πP = (1/6, 2/3, 1/6), defect 1/3.
        WeightScheme simple = WeightScheme.of(Kind.SIMPLE);
        ChainChecks.Case wrong = new ChainChecks.Case(GraphSpec.path(3), simple, simple.build(PATH3, null), new double[] {1 / 3.0, 1 / 3.0, 1 / 3.0});
        assertEquals(1 / 3.0, ChainChecks.stationarityDefect(wrong.matrix(), wrong.target()), 1e-15);
        assertEquals(Verdict.VIOLATED, ChainChecks.exactStationarity(List.of(wrong), 1e-10).verdict());
    }

    @Property(tries = 200)
    void nodeWeightsLieInOneToTen(@ForAll @IntRange(min = 1, max = 200) int n, @ForAll @LongRange(min = 0, max = 1L << 40) long seed) {
        double[] w = ChainChecks.randomNodeWeights(n, new SplittableRandom(seed));
        assertEquals(n, w.length);
        for (double x : w) {
            assertTrue(x >= 1 && x < 10, "weight " + x);
        }
    }
}
