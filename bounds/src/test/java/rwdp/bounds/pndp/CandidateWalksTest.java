package rwdp.bounds.pndp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.ForkJoinPool;
import org.junit.jupiter.api.Test;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.Solver;

/**
 * The candidates' longer walks ({@link CandidateWalks}) on slowly mixing graphs, against every pair from the dense
 * eigendecomposition: with no exact row allowed the max's upper end is theirs alone, and it must contain the exact max
 * and come close to it (so the containment has teeth); with 8 rows it closes where the candidates fit.
 */
class CandidateWalksTest {
    private static PndpSetting setting(Graph g, int seed, PndpSetting.Sender sender) {
        TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        // The series and the closed form alternately; T = 3000 is past these graphs' mixing, so the tails matter.
        return new PndpSetting(g, w, new PndpParams(2, 2.5, 3000),
                seed % 2 == 0 ? PndpSetting.Method.SERIES : PndpSetting.Method.CLOSED, sender);
    }

    @Test
    void theCandidatesWalksContainTheExactMaxAndComeCloseToItOnSlowlyMixingGraphs() {
        int tested = 0;
        int closed = 0;
        for (String family : new String[] {"geometric:400,0.1,%d", "er:400,0.02,%d", "grid:20,%d"}) {
            for (int seed = 1; seed <= 4; seed++) {
                Graph g = GraphSpec.parse(String.format(family, family.startsWith("grid") ? 18 + seed : seed)).build();
                if (!g.isConnected()) {
                    continue;
                }
                for (PndpSetting.Sender sender : PndpSetting.Sender.values()) {
                    PndpSetting s = setting(g, seed, sender);
                    double exact = PndpAccountant.stats(PndpAccountant.pairwise(s, Solver.EIGEN)).max();
                    MatrixFunctionOperator op = PndpAccountant.operator(s);
                    int steps = PndpAccountant.certifiedSteps(s);
                    PairStatistics.Certified walksOnly = CertifiedStatistics.compute(s, op, steps, 0);
                    String at = String.format(family, seed) + " " + sender + " " + walksOnly;
                    assertTrue(walksOnly.candidateWalkSteps() > 0, "the candidates' walks ran: " + at);
                    assertTrue(walksOnly.maxLo() <= exact && exact <= walksOnly.maxHi(), "max " + exact + " " + at);
                    // Measured: 1e-10 to 4e-5 above the exact max on these graphs, where walks of S steps alone left 0.1-1.
                    assertTrue(walksOnly.maxHi() - exact <= 1e-3 * exact, "upper end " + walksOnly.maxHi() + " against " + exact + " " + at);
                    PairStatistics.Certified rows = CertifiedStatistics.compute(s, op, steps, 8);
                    assertTrue(rows.maxLo() <= exact && exact <= rows.maxHi(), "max " + exact + " " + rows);
                    if (rows.candidateSenders() <= 8) {
                        assertTrue(rows.maxHi() - rows.maxLo() <= 1e-8 * exact, "closes: " + rows);
                        closed++;
                    }
                    tested++;
                }
            }
        }
        assertTrue(tested >= 20, "only " + tested + " settings");
        assertTrue(closed >= tested / 2, "closed on " + closed + " of " + tested);
    }

    /**
     * With every node a candidate and no threshold the passes bound every pair u ≠ v (and, given a diagonal bound, every
     * f_uu: the known sender's loss includes it) directly: against the walks' own exact series, summed to T.
     */
    @Test
    void withEveryNodeACandidateTheBoundHoldsOverEveryPairAndTheDiagonal() {
        long T = 400;
        for (String spec : new String[] {"geometric:200,0.14,1", "er:200,0.04,3"}) {
            Graph g = GraphSpec.parse(spec).build();
            TransitionMatrix w = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
            int n = w.n();
            double[][] f = PndpAccountant.exactSeries(w, T);
            double offDiagonal = Double.NEGATIVE_INFINITY;
            double withDiagonal = Double.NEGATIVE_INFINITY;
            for (int u = 0; u < n; u++) {
                for (int v = 0; v < n; v++) {
                    double x = f[u][v] - PndpParams.harmonic(T) / n;
                    withDiagonal = Math.max(withDiagonal, x);
                    if (u != v) {
                        offDiagonal = Math.max(offDiagonal, x);
                    }
                }
            }
            PndpSetting s = new PndpSetting(g, w, new PndpParams(2, 2.5, T), PndpSetting.Method.SERIES, PndpSetting.Sender.ANONYMOUS);
            rwdp.spectral.SpectralInterval iv = PndpAccountant.operator(s).interval();
            double lambda = Math.max(Math.abs(iv.lower()), Math.abs(iv.upper()));
            int[] everyone = java.util.stream.IntStream.range(0, n).toArray();
            int steps = PndpAccountant.certifiedSteps(s);
            CandidateWalks.Narrowed pairs = CandidateWalks.narrow(w, everyone, steps, T, lambda, Double.NEGATIVE_INFINITY, 0, null);
            CandidateWalks.Narrowed diagonal = CandidateWalks.narrow(w, everyone, steps, T, lambda, Double.NEGATIVE_INFINITY, 0,
                    u -> Double.POSITIVE_INFINITY);
            assertEquals(n, pairs.candidates().length, spec);
            assertTrue(offDiagonal <= pairs.hi() && pairs.hi() - offDiagonal <= 1e-3 * offDiagonal,
                    spec + ": pairs " + offDiagonal + " against " + pairs.hi() + " after walks of " + pairs.steps());
            assertTrue(withDiagonal <= diagonal.hi() && diagonal.hi() - withDiagonal <= 1e-3 * withDiagonal,
                    spec + ": with the diagonal " + withDiagonal + " against " + diagonal.hi());
            assertTrue(withDiagonal > offDiagonal * 1.1, spec + ": the diagonal decides");
        }
    }

    @Test
    void theSameBoundsForAnyThreadCount() throws Exception {
        PndpSetting s = setting(GraphSpec.parse("geometric:400,0.1,3").build(), 3, PndpSetting.Sender.ANONYMOUS);
        MatrixFunctionOperator op = PndpAccountant.operator(s);
        int steps = PndpAccountant.certifiedSteps(s);
        PairStatistics.Certified common = CertifiedStatistics.compute(s, op, steps, 0);
        ForkJoinPool one = new ForkJoinPool(1);
        try {
            PairStatistics.Certified single = one.submit(() -> CertifiedStatistics.compute(s, op, steps, 0)).get();
            assertEquals(common, single);
        } finally {
            one.shutdown();
        }
    }
}
