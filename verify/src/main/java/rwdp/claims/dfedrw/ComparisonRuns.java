package rwdp.claims.dfedrw;

import rwdp.experiment.FederatedExperiment;
import rwdp.data.Partition;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import rwdp.algo.federated.TrainingTrace;
import rwdp.claims.CheckContext;
import rwdp.random.MeanInterval;
import rwdp.random.SummaryStats;

/**
 * The shared runs of the comparison experiments of Wang et al., §VI-B: the base experiment, the
 * job list run in parallel, the paired grids over partitions, straggler shares and algorithms, and
 * the per-seed measures (rounds to the target, final accuracy) with their paired Student-t intervals.
 */
final class ComparisonRuns {
    private ComparisonRuns() {}

    static final String[] ALGORITHMS = {"dfedrw", "dfedavg", "fedavg", "dsgd"};

    /** One run to make. */
    record Job(FederatedExperiment experiment, String algorithm, int bits, boolean corrected, long dataSeed, long runSeed) {
        Job(FederatedExperiment experiment, String algorithm, int bits, long dataSeed, long runSeed) {
            this(experiment, algorithm, bits, false, dataSeed, runSeed);
        }
    }

    static TrainingTrace[] runAll(List<Job> jobs) {
        TrainingTrace[] out = new TrainingTrace[jobs.size()];
        IntStream.range(0, jobs.size()).parallel().forEach(i -> {
            Job j = jobs.get(i);
            if (j == null) {
                return;
            }
            FederatedExperiment.Setup s = j.experiment().build(j.dataSeed());
            out[i] = j.experiment().run(s, j.algorithm(), j.bits(), j.corrected(), j.runSeed());
        });
        return out;
    }

    /** The base experiment of the comparison claims (quick: smaller set, fewer rounds and seeds). */
    static FederatedExperiment base(CheckContext ctx) {
        FederatedExperiment d = FederatedExperiment.defaults();
        return new FederatedExperiment(d.graph(), d.weights(), d.nodeWeights(), d.data(), d.partition(), d.model(), d.dimension(), d.classes(),
                d.separation(), ctx.profile().pick(1500, 4000), ctx.profile().pick(200, 1000), d.batch(),
                d.schedule().withRounds(ctx.profile().pick(40, 100)), 0);
    }

    static int seeds(CheckContext ctx) {
        return ctx.profile().pick(5, 10);
    }

    /** Returns the mean over seeds of the rounds to reach {@code target} (T + 1 when never reached). */
    static double meanRounds(TrainingTrace[] traces, int from, int count, double target, int rounds) {
        double s = 0;
        for (int i = from; i < from + count; i++) {
            int r = traces[i].roundsToAccuracy(target);
            s += r < 0 ? rounds + 1 : r;
        }
        return s / count;
    }

    /** Returns the mean over seeds of the accuracy averaged over the last 5 evaluations. */
    static double meanFinal(TrainingTrace[] traces, int from, int count) {
        double s = 0;
        for (int i = from; i < from + count; i++) {
            double[] a = traces[i].accuracy();
            int k = Math.min(5, a.length);
            double m = 0;
            for (int e = a.length - k; e < a.length; e++) {
                m += a[e];
            }
            s += m / k;
        }
        return s / count;
    }

    /** The reference: FedAvg on IID data without stragglers; target = 90% of its final accuracy. */
    static double target(CheckContext ctx, FederatedExperiment base) {
        List<Job> jobs = new ArrayList<>();
        for (int r = 0; r < seeds(ctx); r++) {
            jobs.add(new Job(base.withPartition(Partition.iid()), "fedavg", 0, ctx.seed("data" + r), ctx.seed("reference" + r)));
        }
        TrainingTrace[] t = runAll(jobs);
        return 0.9 * meanFinal(t, 0, t.length);
    }

    record Grid(List<Partition> partitions, double[] stragglers, List<String> algorithms, int seeds, TrainingTrace[] traces) {
        Grid {
            stragglers = stragglers.clone();
            traces = traces.clone();
        }

        /** Returns a copy of the straggler fractions. */
        @Override
        public double[] stragglers() {
            return stragglers.clone();
        }

        /** Returns a copy of the traces, in the order of index. */
        @Override
        public TrainingTrace[] traces() {
            return traces.clone();
        }

        int index(int p, int h, int a) {
            return ((p * stragglers.length + h) * algorithms.size() + a) * seeds;
        }
    }

    static Grid grid(CheckContext ctx, FederatedExperiment base, List<Partition> partitions, double[] hs, List<String> algs, String tag,
                     int seeds) {
        return grid(ctx, base, partitions, hs, algs, tag, seeds, (h, a) -> true);
    }

    /** Which (h, algorithm) cells of a grid to run; the others stay null. */
    interface Needed {
        boolean test(double h, String algorithm);
    }

    static Grid grid(CheckContext ctx, FederatedExperiment base, List<Partition> partitions, double[] hs, List<String> algs, String tag,
                     int seeds, Needed needed) {
        List<Job> jobs = new ArrayList<>();
        for (Partition p : partitions) {
            for (double h : hs) {
                for (String a : algs) {
                    for (int r = 0; r < seeds; r++) {
                        if (!needed.test(h, a)) {
                            jobs.add(null);
                            continue;
                        }
                        // Same data and run seed for every algorithm: paired comparison.
                        jobs.add(new Job(base.withPartition(p).withStragglers(h), a, 8, ctx.seed("data" + r),
                                ctx.seed(tag + p + "/" + r)));
                    }
                }
            }
        }
        return new Grid(partitions, hs, algs, seeds, runAll(jobs));
    }

    /** Returns the per-seed rounds to target (T + 1 when not reached). */
    static double[] roundsPerSeed(TrainingTrace[] traces, int from, int count, double target, int rounds) {
        double[] r = new double[count];
        for (int i = 0; i < count; i++) {
            int v = traces[from + i].roundsToAccuracy(target);
            r[i] = v < 0 ? rounds + 1 : v;
        }
        return r;
    }

    /** Returns the per-seed accuracy averaged over the last 5 evaluations. */
    static double[] finalPerSeed(TrainingTrace[] traces, int from, int count) {
        double[] r = new double[count];
        for (int i = 0; i < count; i++) {
            r[i] = meanFinal(traces, from + i, 1);
        }
        return r;
    }

    /**
     * Returns the Student-t 95% interval of the mean paired difference a − b (few seeds, so not the
     * normal approximation); a degenerate interval when all differences agree.
     */
    static SummaryStats paired(double[] a, double[] b) {
        return paired(a, b, 0.95);
    }

    /** Returns the two-sided Student-t interval at confidence {@code level} of the mean paired difference a − b. */
    static SummaryStats paired(double[] a, double[] b, double level) {
        double[] d = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            d[i] = a[i] - b[i];
        }
        SummaryStats z = SummaryStats.of(d, level);
        double t = MeanInterval.studentQuantile(level, d.length - 1);
        double half = t * z.sd() / Math.sqrt(d.length);
        return new SummaryStats(z.n(), z.mean(), z.sd(), z.mean() - half, z.mean() + half, level);
    }

    static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }
}
