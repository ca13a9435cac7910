package rwdp.markov;

import java.util.SplittableRandom;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import rwdp.graph.Graph;
import rwdp.graph.GraphGenerators;

class TransitionMatrixProperties {

    @Provide
    Arbitrary<WeightScheme> schemes() {
        return Arbitraries.of(WeightScheme.Kind.SIMPLE, WeightScheme.Kind.LAZY_SIMPLE, WeightScheme.Kind.MH_UNIFORM,
                WeightScheme.Kind.MH_WEIGHTED, WeightScheme.Kind.METROPOLIS, WeightScheme.Kind.HAMILTON).map(WeightScheme::of);
    }

    private static double[] weights(int n, long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        double[] l = new double[n];
        for (int i = 0; i < n; i++) {
            l[i] = 0.01 + 100 * r.nextDouble() * r.nextDouble();
        }
        return l;
    }

    /** The stationary law from the scheme's definition, computed without the matrix. */
    private static double[] target(WeightScheme w, Graph g, double[] l) {
        int n = g.n();
        double[] t = new double[n];
        double s = 0;
        for (int i = 0; i < n; i++) {
            t[i] = switch (w.kind()) {
                case SIMPLE, LAZY_SIMPLE -> g.degree(i);
                case MH_WEIGHTED -> l[i];
                default -> 1;
            };
            s += t[i];
        }
        for (int i = 0; i < n; i++) {
            t[i] /= s;
        }
        return t;
    }

    @Property(tries = 300)
    boolean rowsAreProbabilityVectorsAndTheTargetIsStationary(@ForAll("schemes") WeightScheme w,
            @ForAll @IntRange(min = 2, max = 60) int n, @ForAll @DoubleRange(min = 0.05, max = 1) double p,
            @ForAll long seed) {
        Graph g = GraphGenerators.erdosRenyi(n, p, seed);
        if (g.minDegree() == 0) {
            return true;
        }
        double[] l = weights(n, seed);
        TransitionMatrix m = w.build(g, l);
        if (m.rowSumDefect() > 1e-12) {
            return false;
        }
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < m.rowLength(i); k++) {
                if (m.probability(i, k) < 0) {
                    return false;
                }
            }
        }
        double[] pi = target(w, g, l);
        double[] out = m.leftMultiply(pi, new double[n]);
        for (int j = 0; j < n; j++) {
            if (Math.abs(out[j] - pi[j]) > 1e-12) {
                return false;
            }
        }
        return true;
    }

    @Property(tries = 150)
    boolean metropolisIsSymmetricDoublyStochasticAndAperiodic(@ForAll @IntRange(min = 2, max = 60) int n,
            @ForAll @DoubleRange(min = 0.05, max = 1) double p, @ForAll long seed) {
        Graph g = GraphGenerators.erdosRenyi(n, p, seed);
        TransitionMatrix m = WeightScheme.of(WeightScheme.Kind.METROPOLIS).build(g);
        return m.asymmetry() == 0 && m.columnSumDefect() <= 1e-12
                && (!g.isConnected() || (m.isIrreducible() && m.period() == 1));
    }

    @Property(tries = 100)
    boolean spectrumIsInTheUnitIntervalWithLeadingOne(@ForAll("schemes") WeightScheme w,
            @ForAll @IntRange(min = 2, max = 40) int n, @ForAll @DoubleRange(min = 0.1, max = 1) double p,
            @ForAll long seed) {
        Graph g = GraphGenerators.erdosRenyi(n, p, seed);
        if (!g.isConnected()) {
            return true;
        }
        TransitionMatrix m = w.build(g, weights(n, seed));
        Spectrum s = m.spectrum();
        double[] re = s.real();
        boolean bounded = re[0] <= 1 + 1e-10 && re[re.length - 1] >= -1 - 1e-10;
        // Connected + reversible => 1 is a simple eigenvalue: λ2 < 1.
        return bounded && Math.abs(re[0] - 1) < 1e-10 && s.lambda2() < 1 - 1e-12
                && s.lambdaP() >= 0.5 && s.lambdaP() <= 1;
    }

    @Property(tries = 80)
    boolean solverStationaryMatchesTheLinearSolveOnRandomDenseChains(@ForAll @IntRange(min = 2, max = 25) int n,
            @ForAll long seed) {
        // A random dense positive chain is (almost surely) not reversible, so stationary() goes
        // through the LU route; check πP = π directly.
        SplittableRandom r = new SplittableRandom(seed);
        double[][] d = new double[n][n];
        for (int i = 0; i < n; i++) {
            double s = 0;
            for (int j = 0; j < n; j++) {
                d[i][j] = r.nextDouble() + 1e-3;
                s += d[i][j];
            }
            for (int j = 0; j < n; j++) {
                d[i][j] /= s;
            }
            double rest = 1;
            for (int j = 1; j < n; j++) {
                rest -= d[i][j];
            }
            d[i][0] = rest;
        }
        TransitionMatrix m = TransitionMatrix.fromDense("dense", d);
        double[] pi = m.stationary();
        double[] out = m.leftMultiply(pi, new double[n]);
        double sum = 0;
        for (int j = 0; j < n; j++) {
            if (Math.abs(out[j] - pi[j]) > 1e-12 || pi[j] <= 0) {
                return false;
            }
            sum += pi[j];
        }
        return Math.abs(sum - 1) < 1e-12;
    }
}
