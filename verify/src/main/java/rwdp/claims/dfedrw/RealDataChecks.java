package rwdp.claims.dfedrw;

import rwdp.graph.GraphSpec;
import rwdp.markov.WeightScheme;
import rwdp.experiment.FederatedExperiment;
import rwdp.data.DataSource;
import rwdp.data.Partition;
import rwdp.model.ModelSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import rwdp.algo.federated.TrainingSchedule;
import rwdp.algo.federated.TrainingTrace;
import rwdp.claims.CheckContext;
import rwdp.claims.Claim;
import rwdp.claims.Paper;
import rwdp.claims.Evidence;
import rwdp.claims.Outcome;
import rwdp.claims.Power;
import rwdp.claims.Profile;
import rwdp.claims.RunCache;
import rwdp.claims.Table;
import rwdp.claims.Verdict;
import rwdp.data.DataUnavailableException;
import rwdp.data.FashionMnist;
import rwdp.data.LabeledData;
import rwdp.model.MiniBatchSgd;
import rwdp.model.MultiLayerPerceptron;
import rwdp.random.MeanInterval;
import rwdp.random.Rngs;
import rwdp.plot.Charts;

/**
 * Wang et al., §VI on the paper's own data: the 3FNN (784-200-200-10) on Fashion-MNIST (the
 * Debian package {@code dataset-fashion-mnist}; MNIST, the paper's other set, is not packaged),
 * 20 devices, 25% of them per round, K = 5, batch 50, η = 1/(R k̄^0.499). The quick profile
 * runs seeded subsets with fewer rounds and states the weaker threshold it tests.
 */
final class RealDataChecks {
    private RealDataChecks() {}

    /** Returns the claim of {@link #central3fnn}. */
    static Claim centralClaim() {
        return Claim.holds("dfedrw.fmnist-central-3fnn", Paper.DFEDRW.at("§VI-A"),
                "The 3FNN (784-200-200-10, ReLU, log-softmax) trained centrally by mini-batch SGD exceeds 85% test accuracy on Fashion-MNIST (quick: 70% after 2 epochs on 12,000 images, where seeds give 0.80 ± 0.02).",
                RealDataChecks::central3fnn)
                .quote("the 3FNN has two hidden layers with 200 units each. All hidden layers use ReLU activation.")
                .reading("a sanity check the paper implies but does not state: the network and data are the usual ones, so the centrally trained 3FNN reaches the accuracy such networks normally reach on Fashion-MNIST (above 85%)");
    }

    /** Returns the claim of {@link #iidComparison}. */
    static Claim iidClaim() {
        return Claim.inconclusive("dfedrw.fmnist-iid-dfedrw", Paper.DFEDRW.at("§VI-B, Fig. 3 (IID column)"),
                "With IID data (u = 100) and no stragglers, DFedRW ends more accurate on Fashion-MNIST with the 3FNN than FedAvg and than DFedAvg (final test accuracy at convergence, paired over seeds).",
                "Not decided: 'ends more accurate' is about the converged accuracies, and no profile trains to convergence. By the "
                        + "criterion stated in the evidence (an algorithm has converged when its accuracy's change over the last half "
                        + "of the rounds is below half a point and below the half-width of the gap's interval) every algorithm is still climbing at the "
                        + "profile's last round (quick T = 10, full T = 100; a converged 3FNN on Fashion-MNIST reaches far higher, see "
                        + "dfedrw.fmnist-central-3fnn), so the snapshot in which FedAvg is ahead (dfedrw.fmnist-iid-fedavg-ahead) does "
                        + "not decide the paper's sentence. The schedule is ambiguous as well: 'the number of local updates for the "
                        + "(D)FedAvg is 5' may mean 5 local epochs (300 SGD steps on a 3,000-image device at batch 50, and "
                        + "'correspondingly' 5 walk hops of an epoch each for DFedRW) rather than 5 SGD steps; only the step "
                        + "reading is run here (the epoch reading costs 60 times the training and DFedRW has no per-hop epoch), so "
                        + "its cell is open. Expected VIOLATED before issue 33, decided on the snapshots.",
                RealDataChecks::iidComparison)
                .quote("In the IID setting, both FedAvg and DFedAvg achieve similar test accuracy and convergence rates. DFedRW tests slightly more accurate than (D)FedAvg.")
                .reading("'tests slightly more accurate' as a higher final test accuracy at convergence (mean of the last 3 evaluations) "
                        + "than FedAvg and than DFedAvg, decided per baseline with a paired interval over seeds (family 99%) only where "
                        + "both algorithms have converged (the criterion is in the evidence); the paper's schedule (η = 1/(5 k̄^0.499), "
                        + "K = 5 read as 5 SGD steps, M = 5 of 20 devices, batch 50); the 5-epoch reading of K is a cell not run; the "
                        + "first sentence (FedAvg ≈ DFedAvg) is reported, not decided; quick: T = 10 rounds on 5,000 test images, "
                        + "full: T = 100 on all 10,000")
                .effect(rwdp.claims.LabelRules.Effect.NONE, RealDataChecks::iidEffect);
    }

    /** Returns dfedrw.fmnist-iid-dfedrw's effect on the paper's conclusions (rule 8), with the run's largest late change. */
    static String iidEffect(Evidence ev) {
        return String.format(Locale.ROOT,
                "no conclusion is drawn from unconverged runs: the largest accuracy change over the last half of the rounds is %.3f",
                ((Number) ev.values().get("largest_late_change")).doubleValue());
    }

    /** Returns the corrected statement of {@code dfedrw.fmnist-iid-dfedrw}, decided on that claim's own runs. */
    static Claim iidCorrectedClaim() {
        return Claim.holds("dfedrw.fmnist-iid-fedavg-ahead", Paper.DFEDRW.at("§VI-B, Fig. 3 (IID column), at the profile's round budget"),
                "With IID data (u = 100) and no stragglers, on Fashion-MNIST with the 3FNN and K = 5 SGD steps, after the profile's T rounds (quick 10, full 100; not converged) FedAvg is more accurate than DFedRW and DFedRW more accurate than DFedAvg (paired over seeds).",
                RealDataChecks::iidCorrected)
                .quote("In the IID setting, both FedAvg and DFedAvg achieve similar test accuracy and convergence rates. DFedRW tests slightly more accurate than (D)FedAvg.")
                .reading("a snapshot, not the paper's converged comparison (dfedrw.fmnist-iid-dfedrw): the order the runs of dfedrw.fmnist-iid-dfedrw show, decided on those very runs (the same seeds; computed once "
                        + "when both claims run): FedAvg − DFedRW > 0 and DFedRW − DFedAvg > 0, each by a paired interval over seeds "
                        + "(family 99%)");
    }

    /** Returns the claim of {@link #dirichletHeadline}. */
    static Claim dirichletClaim() {
        return Claim.inconclusive("dfedrw.fmnist-dirichlet", Paper.DFEDRW.at("§VI-B, Fig. 5"),
                "On Fashion-MNIST with the 3FNN and Dirichlet(α_d = 0.1) label skew (no stragglers), DFedRW ends more accurate than FedAvg, DFedAvg and DSGD.",
                "No paired difference separates from 0 (this run's means and intervals are in the evidence): Dirichlet splits "
                        + "differ a lot from seed to seed, and the 5 training seeds of the full profile (T = 100, about 6 minutes each on "
                        + "2 cores) or the 2 of the quick one (T = 8) are what the profiles afford. In the full-profile runs recorded in "
                        + "docs/dfedrw.md FedAvg is ahead on average, as on our synthetic data (dfedrw.headline).",
                RealDataChecks::dirichletHeadline)
                .quote("As shown in Fig. 5, DFedRW demonstrates superior accuracy on both datasets and exhibits the smallest oscillation amplitude.")
                .reading("'superior accuracy' as a higher final test accuracy (mean of the last 3 evaluations) than each baseline, decided per baseline with a paired interval over seeds; the oscillation is not tested");
    }

    /** Returns the claim of {@link #stragglerHeadline}. */
    static Claim headlineClaim() {
        return Claim.holds("dfedrw.fmnist-u0-h90", Paper.DFEDRW.at("§VI-B, Fig. 6 (right columns)"),
                "On Fashion-MNIST with the 3FNN, 100% non-IID shards (u = 0) and 90% stragglers, DFedRW ends more accurate than FedAvg, DFedAvg and DSGD.",
                RealDataChecks::stragglerHeadline)
                .quote("At the highest level of test heterogeneity [(u=0, h=90), repaired], DFedRW outperforms the baselines by an average of 38.8% and 37.5% in accuracy, respectively.")
                .reading("'outperforms' as a higher final test accuracy (mean of the last 3 evaluations) than each baseline, decided per baseline with a paired interval over seeds; we test the sign, not the 37.5-point size");
    }

    /** Returns the verdict of a check whose data package is missing (the kit's {@link Outcome#notRun}). */
    static Outcome missing(DataUnavailableException e) {
        return Outcome.notRun(e.debianPackage(), e.getMessage());
    }

    /**
     * Sanity (§VI-A implies it): the 3FNN trained centrally by mini-batch SGD reaches the test
     * accuracy such a network normally reaches on Fashion-MNIST, above 85% (full profile: all
     * 60,000 images, 10 epochs, the last 3 at a fifth of the rate); quick: 12,000 images, 2 epochs, threshold 70%.
     */
    static Outcome central3fnn(CheckContext ctx) {
        FashionMnist fm;
        try {
            fm = FashionMnist.load(null);
        } catch (DataUnavailableException e) {
            return missing(e);
        }
        Evidence ev = new Evidence();
        int train = ctx.profile().pick(12000, 60000);
        // Full: 10 epochs, the last 3 at a fifth of the rate. After 5 epochs at a constant 0.1 the accuracy still swings
        // by about 0.01 from epoch to epoch around 0.86 (run seed 7: 0.835, 0.859, 0.867, 0.850, 0.859), so a verdict on 85%
        // from the last epoch was decided by where the swing happened to end (INCONCLUSIVE at run seed 7).
        int epochs = ctx.profile().pick(2, 10);
        int decayFrom = ctx.profile().pick(Integer.MAX_VALUE, 8);
        // Quick: 70%, about 4.5 seed-to-seed sd below the 0.80 ± 0.02 two epochs give (at 75% run seed 11 fell within the
        // interval of the threshold): a broken network or a mis-read file stays far below either.
        double threshold = ctx.profile().pick(0.70, 0.85);
        double rate = 0.1;
        SplittableRandom rng = Rngs.root(ctx.seed("central"));
        LabeledData data = fm.train().subsample(train, rng);
        MultiLayerPerceptron net = MultiLayerPerceptron.threeFnn();
        double[] w = new double[net.parameters()];
        net.initialise(w, rng);
        MiniBatchSgd sgd = new MiniBatchSgd(net, data, 50);
        Table t = ev.table("3FNN trained centrally (batch 50, η = " + rate + (epochs >= decayFrom ? " then " + rate / 5 + " from epoch " + decayFrom : "") + ", " + train + " training images)",
                "epoch", "mean training loss", "test accuracy (10,000 images)");
        double acc = 0;
        double[] xs = new double[epochs];
        double[] ys = new double[epochs];
        for (int e = 1; e <= epochs; e++) {
            double loss = sgd.epoch(w, e >= decayFrom ? rate / 5 : rate, rng);
            acc = net.accuracy(w, fm.test());
            t.row(e, loss, acc);
            xs[e - 1] = e;
            ys[e - 1] = acc;
        }
        int nTest = fm.test().size();
        double z = rwdp.random.Quantiles.normal(0.5 + 0.99 / 2);
        double half = z * Math.sqrt(acc * (1 - acc) / nTest);
        ev.put("test_accuracy", acc).put("ci_lower", acc - half).put("ci_upper", acc + half).put("ci_level", 0.99)
                .put("threshold", threshold).put("epochs", epochs).put("training_images", train);
        Charts.Xy c = Charts.xy("3FNN on Fashion-MNIST, central SGD", "epoch", "test accuracy");
        c.add(new Charts.Series("3FNN", xs, ys, null, Charts.Style.LINE));
        c.save(ctx.figure("central-3fnn"));
        ev.figure(ctx.figureFile("central-3fnn"), "Test accuracy of the centrally trained 3FNN per epoch (Fashion-MNIST).");
        ev.note("Threshold: " + (ctx.quick() ? "70% after 2 epochs on a seeded 12,000-image subset (the quick profile's weaker reading of"
                + " the 85% the full network normally reaches)" : "85% after 10 epochs on all 60,000 images, the last 3 at η/5")
                + "; interval: binomial (normal approximation) over the 10,000 test images, 99%; one training seed.");
        ev.power(Power.strong("an under-trained or broken network (a wrong gradient, a mis-read IDX file) stays well below the threshold;"
                + " chance is 10%"));
        Verdict v = acc - half > threshold ? Verdict.HOLDS : acc + half < threshold ? Verdict.VIOLATED : Verdict.INCONCLUSIVE;
        return new Outcome(v, ev);
    }

    /** The experiment of §VI-B on Fashion-MNIST with the 3FNN; quick: seeded subsets. */
    static FederatedExperiment experiment(CheckContext ctx, Partition partition, double stragglers, double rate, int rounds) {
        int evalEvery = ctx.profile().pick(Math.max(1, rounds / 4), 10);
        return new FederatedExperiment(GraphSpec.complete(20), WeightScheme.of(WeightScheme.Kind.MH_UNIFORM), List.of(), DataSource.fashionMnist(null), partition,
                ModelSpec.threeFnn(), 784, 10, 0,
                60000, ctx.profile().pick(5000, 10000), 50,
                new TrainingSchedule(rounds, 5, 5, 0.25, rate, 0.499, Double.POSITIVE_INFINITY, evalEvery), stragglers);
    }

    /** Returns the accuracy averaged over the last {@code k} evaluations of {@code t} (the curves oscillate). */
    static double tail(TrainingTrace t, int k) {
        double[] a = t.accuracy();
        int m = Math.min(k, a.length);
        double s = 0;
        for (int e = a.length - m; e < a.length; e++) {
            s += a[e];
        }
        return s / m;
    }

    /**
     * Returns the interval {lower, upper} of the mean over seeds of {@code a} − {@code b} (b null:
     * of a): Student t over seeds when there are several, else the normal interval of the
     * test-set sampling of one run (binomial variances of the accuracies on {@code testSize} images).
     */
    static double[] interval(double[] a, double[] b, int testSize, double level) {
        int n = a.length;
        double[] d = new double[n];
        for (int s = 0; s < n; s++) {
            d[s] = b == null ? a[s] : a[s] - b[s];
        }
        if (n >= 2) {
            MeanInterval t = MeanInterval.studentT(d, level);
            return new double[] {t.lower(), t.upper()};
        }
        double var = a[0] * (1 - a[0]) / testSize + (b == null ? 0 : b[0] * (1 - b[0]) / testSize);
        double half = rwdp.random.Quantiles.normal(0.5 + level / 2) * Math.sqrt(var);
        return new double[] {d[0] - half, d[0] + half};
    }

    private static String intervalNote(CheckContext ctx, int seeds) {
        return seeds >= 2 ? "Interval: Student t over " + seeds + " seeds (data split and run)."
                : "Quick: one seeded run; its interval covers the sampling of the test images only, not run-to-run variation.";
    }

    /**
     * §VI-B, Fig. 3 (IID column): DFedRW against FedAvg and DFedAvg with IID data, no stragglers (η = 1/(5 k̄^0.499)).
     * Quick: 8 paired seeds, T = 10; full: 4 paired seeds, T = 100.
     */
    static Outcome iidComparison(CheckContext ctx) {
        return iid(ctx, ctx.as("dfedrw.fmnist-iid-dfedrw"), null);
    }

    /** The corrected order on the runs of {@link #iidComparison}: FedAvg ahead of DFedRW, DFedRW ahead of DFedAvg. */
    static Outcome iidCorrected(CheckContext ctx) {
        return iid(ctx, ctx.as("dfedrw.fmnist-iid-dfedrw"), new boolean[] {false, true});
    }

    private static Outcome iid(CheckContext ctx, CheckContext draws, boolean[] ahead) {
        // Quick: 8 seeds, where the FedAvg gap (about −0.03 at T = 10) keeps some 5 seed-to-seed sd beyond its half-width;
        // full: 4 seeds suffice for a gap of about −0.04 with a seed-to-seed sd near 0.004 at T = 100.
        return comparison(ctx, draws, Partition.shards(1), 0, 5, 8, 10, "IID (u = 100), h = 0", "iid",
                "Test accuracy per round, IID split, no stragglers (Fig. 3, IID column; Fashion-MNIST).",
                "IID split (u = 100) over 20 devices, no stragglers, η = 1/(5 k̄^0.499)",
                "paired intervals per baseline", new String[] {"dfedrw", "fedavg", "dfedavg"}, ahead, 4, 100, ahead == null);
    }

    static double[] toDouble(int[] r) {
        double[] d = new double[r.length];
        for (int i = 0; i < r.length; i++) {
            d[i] = r[i];
        }
        return d;
    }

    /**
     * §VI-B, Fig. 6 (right columns): under 100% non-IID shards (u = 0) and h = 90% stragglers,
     * DFedRW ends more accurate than FedAvg, DFedAvg and DSGD (R = 10 as the paper sets for
     * Fashion-MNIST with u = 0, h ≥ 50). Full: T = 100, 20 paired seeds; quick: T = 20, 12 paired seeds. With one quick seed
     * the interval covered the test images only; the FedAvg gap (quick about 0.19, full 0.13, per-seed sd 0.06-0.07) stood
     * only 2-2.5 sd of its mean beyond its half-width with 8 quick seeds (run seed 4: lower end 0.040) and 12 full ones
     * (run seed 1: 0.052), and full run seed 2 left 5 seeds unseparated.
     */
    static Outcome stragglerHeadline(CheckContext ctx) {
        return stragglerHeadline(ctx, ctx);
    }

    /** {@link #stragglerHeadline(CheckContext)} on the trainings drawn with the seeds of {@code draws} (shared with that claim). */
    static Outcome stragglerHeadline(CheckContext ctx, CheckContext draws) {
        return comparison(ctx, draws, Partition.shards(0), 0.9, 10, 12, 20, "shards u = 0, h = 90%", "u0-h90",
                "Test accuracy per round under 100% non-IID shards and 90% stragglers (Fig. 6, right; Fashion-MNIST).",
                "2 label shards per device (u = 0), each of the M = 5 walks / selected devices straggles with probability 0.9 (K' uniform "
                        + "in 1..4); DFedRW keeps the stragglers' partial walks, the baselines drop them; η = 1/(10 k̄^0.499) as §VI-B sets "
                        + "for Fashion-MNIST with u = 0, h ≥ 50",
                "the paper reports a gap of about 37.5 accuracy points here; a gap of a few points in either direction is resolved",
                ComparisonRuns.ALGORITHMS, null, 20, 100, false);
    }

    /**
     * §VI-B, Fig. 5: under Dirichlet(α_d = 0.1) label skew without stragglers, DFedRW ends more
     * accurate than FedAvg, DFedAvg and DSGD (η = 1/(5 k̄^0.499)). Full: T = 100, 5 seeds; quick:
     * T = 8, two seeds.
     */
    static Outcome dirichletHeadline(CheckContext ctx) {
        return dirichletHeadline(ctx, ctx);
    }

    /** {@link #dirichletHeadline(CheckContext)} on the trainings drawn with the seeds of {@code draws} (shared with that claim). */
    static Outcome dirichletHeadline(CheckContext ctx, CheckContext draws) {
        return comparison(ctx, draws, Partition.dirichlet(0.1), 0, 5, 2, 8, "Dirichlet α_d = 0.1, h = 0", "dir01",
                "Test accuracy per round under Dirichlet(0.1) label skew, no stragglers (Fig. 5; Fashion-MNIST).",
                "device label proportions drawn from Dirichlet(0.1) per class, no stragglers, η = 1/(5 k̄^0.499)",
                "a gap of a few accuracy points in either direction is resolved (the paper shows DFedRW ahead with the smallest oscillation)");
    }

    /** DFedRW against the three baselines in one setting of §VI-B; HOLDS when it ends more accurate than each. */
    static Outcome comparison(CheckContext ctx, CheckContext draws, Partition partition, double h, double rate, int quickSeeds, int quickRounds,
                              String label, String fig, String caption, String setting, String power) {
        return comparison(ctx, draws, partition, h, rate, quickSeeds, quickRounds, label, fig, caption, setting, power,
                ComparisonRuns.ALGORITHMS, null, 5, 100, false);
    }

    /** Traces of one comparison, by profile, the drawing claim's seed and the setting: an erratum and its corrected statement share them. */
    private record RunsKey(Profile profile, long seed, FederatedExperiment x, List<String> algs, int seeds)
            implements RunCache.Key<TrainingTrace[]> {}

    /**
     * Returns the traces of {@code algs} on {@code x} over {@code seeds} paired seeds (algorithm-major), drawn with the seeds
     * of {@code draws}; computed once per run and setting.
     */
    static TrainingTrace[] runs(CheckContext draws, FederatedExperiment x, String[] algs, int seeds) {
        return draws.cached(new RunsKey(draws.profile(), draws.seed(), x, List.of(algs), seeds), () -> {
            List<ComparisonRuns.Job> jobs = new ArrayList<>();
            for (String a : algs) {
                FederatedExperiment xa = a.equals("dsgd") ? x.withSchedule(x.schedule().withSteps(1)) : x;
                for (int s = 0; s < seeds; s++) {
                    jobs.add(new ComparisonRuns.Job(xa, a, 0, draws.seed("data" + s), draws.seed("run" + s)));
                }
            }
            return ComparisonRuns.runAll(jobs);
        });
    }

    /**
     * DFedRW ({@code algs[0]}) against the baselines {@code algs[1..]}, on runs drawn with the seeds of {@code draws};
     * {@code ahead[i - 1]} says whether the statement has DFedRW ahead of {@code algs[i]} (null: ahead of every one);
     * {@code fullSeeds} and {@code fullRounds} size the full profile. HOLDS when every gap is separated in the stated
     * direction, VIOLATED when one is separated against it, INCONCLUSIVE otherwise; with {@code untilConverged} a gap is
     * decided only where both algorithms' accuracies changed by less than its half-width over the last half of the rounds
     * ({@link Convergence#lateChange}).
     */
    static Outcome comparison(CheckContext ctx, CheckContext draws, Partition partition, double h, double rate, int quickSeeds,
                              int quickRounds, String label, String fig, String caption, String setting, String power, String[] algs,
                              boolean[] ahead, int fullSeeds, int fullRounds, boolean untilConverged) {
        try {
            FashionMnist.load(null);
        } catch (DataUnavailableException e) {
            return missing(e);
        }
        Evidence ev = new Evidence();
        int rounds = ctx.profile().pick(quickRounds, fullRounds);
        int seeds = ctx.profile().pick(quickSeeds, fullSeeds);
        FederatedExperiment x = experiment(ctx, partition, h, rate, rounds);
        TrainingTrace[] tr = runs(draws, x, algs, seeds);
        double level = ev.family(algs.length - 1, 0.99);
        Table t = ev.table("3FNN, " + label + ", T = " + rounds + ", " + seeds + " seed(s) (accuracy: mean of the last 3 evaluations)",
                "algorithm", "mean accuracy", "DFedRW − it", "CI lower", "CI upper");
        Charts.Xy c = Charts.xy("Fashion-MNIST, 3FNN, " + label + " (seed 0)", "round", "test accuracy");
        double[] mine = new double[seeds];
        for (int s = 0; s < seeds; s++) {
            mine[s] = tail(tr[s], 3);
        }
        boolean above = true;
        boolean below = false;
        double widest = 0;
        double mineMean = java.util.Arrays.stream(mine).average().orElse(Double.NaN);
        String effect = null;
        double largestAgainst = 0;
        double late = 0;
        double marginSd = Double.POSITIVE_INFINITY;
        Table conv = untilConverged ? ev.table("convergence (criterion: the accuracy's change over the last half of the rounds, mean "
                + "over seeds, below " + Convergence.TOLERANCE + " and below the half-width of the gap's interval)", "baseline", "DFedRW change",
                "its change", "gap half-width", "state") : null;
        for (int ai = 0; ai < algs.length; ai++) {
            double[] acc = new double[seeds];
            double mean = 0;
            for (int s = 0; s < seeds; s++) {
                acc[s] = tail(tr[ai * seeds + s], 3);
                mean += acc[s] / seeds;
            }
            c.add(new Charts.Series(algs[ai], toDouble(tr[ai * seeds].rounds()), tr[ai * seeds].accuracy(), null, Charts.Style.LINE));
            if (ai == 0) {
                t.row(algs[ai], mean, "", "", "");
                continue;
            }
            double[] ci = interval(mine, acc, x.test(), level);
            t.row(algs[ai], mean, (ci[0] + ci[1]) / 2, ci[0], ci[1]);
            ev.put("dfedrw − " + algs[ai], (ci[0] + ci[1]) / 2);
            boolean rwAhead = ahead == null || ahead[ai - 1];
            double hw = (ci[1] - ci[0]) / 2;
            double change = Math.max(Math.abs(Convergence.lateChange(tr, 0, seeds)), Math.abs(Convergence.lateChange(tr, ai, seeds)));
            late = Math.max(late, change);
            boolean converged = !untilConverged || change < Math.min(hw, Convergence.TOLERANCE);
            // The cell stays undecided while either algorithm still changes: its margin is the larger of the two.
            marginSd = Math.min(marginSd, Math.max(Convergence.marginSd(tr, 0, seeds), Convergence.marginSd(tr, ai, seeds)));
            if (untilConverged) {
                conv.row(algs[ai], Convergence.lateChange(tr, 0, seeds), Convergence.lateChange(tr, ai, seeds), hw, converged ? "converged" : "still changing");
            }
            // As stated: the gap DFedRW − baseline is separated on the side the statement puts it (and, where asked, both converged).
            boolean asStated = converged && (rwAhead ? ci[0] > 0 : ci[1] < 0);
            boolean against = converged && (rwAhead ? ci[1] < 0 : ci[0] > 0);
            ev.cell("vs " + algs[ai], asStated ? Verdict.HOLDS : against ? Verdict.VIOLATED : Verdict.INCONCLUSIVE);
            widest = Math.max(widest, (ci[1] - ci[0]) / 2);
            double gap = Math.abs(mineMean - mean);
            if (against && gap > largestAgainst) {
                largestAgainst = gap;
                String leader = mineMean > mean ? "DFedRW" : algs[ai];
                String other = mineMean > mean ? algs[ai] : "DFedRW";
                effect = String.format(Locale.ROOT, "%s ends %.1f accuracy points (%.1f%%) above %s (%.3f against %.3f, mean over %d paired "
                                + "seeds), where the statement puts %s ahead", leader, 100 * gap, 100 * gap / Math.min(mineMean, mean),
                        other, Math.max(mineMean, mean), Math.min(mineMean, mean), seeds, other);
            }
            above &= asStated;
            below |= against;
        }
        if (effect != null) {
            ev.put(rwdp.claims.LabelRules.EFFECT_SIZE, effect);
        }
        ev.put("largest_late_change", late);
        if (untilConverged) {
            ev.put("convergence_margin_sd", marginSd);
        }
        ev.stated("devices", 20, 20).stated("M (25% of the devices)", 5, 5).stated("K", 5, 5).stated("batch", 50, 50)
                .stated("R in η = 1/(R k̄^0.499)", rate, rate).data("Fashion-MNIST", "Fashion-MNIST");
        if (untilConverged) {
            ev.cell("K = 5 local epochs (not run: 60 times the training, and DFedRW has no per-hop epoch)", Verdict.INCONCLUSIVE);
            ev.note(String.format(Locale.ROOT, "Convergence: the largest accuracy change over the last half of the rounds is %.3f; "
                    + "a gap is decided only where both algorithms changed by less than %.3f (fixed before the runs) and less than its "
                    + "interval's half-width. Every undecided cell's larger change lies %.1f standard errors (over seeds) above %.3f.",
                    late, Convergence.TOLERANCE, marginSd, Convergence.TOLERANCE));
        }
        c.save(ctx.figure(fig));
        ev.figure(ctx.figureFile(fig), caption);
        ev.note("Setting: 20 devices (complete graph), M = 5 walks / selected devices per round (25%), K = 5, batch 50, 25% aggregation; "
                + setting + "; all 60,000 training images, "
                + (ctx.quick() ? "5,000 seeded test images, T = " + rounds + "." : "10,000 test images, T = 100.")
                + " " + intervalNote(ctx, seeds) + " Bonferroni over the " + (algs.length - 1) + " baselines (family 99%).");
        // Rule 3: the interval must cover the training randomness (several run seeds); one seed, or intervals wider than the
        // few points the claim is about, is at most weak.
        ev.put(rwdp.claims.LabelRules.RUN_SEEDS, seeds).put("widest_half_width", widest);
        String width = String.format(Locale.ROOT, "the widest interval is ±%.3f accuracy", widest);
        ev.power(seeds < 2 ? Power.weak("one training seed: the interval covers the test-image sampling only, not run-to-run variation; " + width)
                : widest > 0.02 ? Power.weak(seeds + " training seeds, but " + width + ", so only gaps larger than that are resolved")
                : Power.strong(power + "; " + seeds + " training seeds, " + width));
        Verdict v = above ? Verdict.HOLDS : below ? Verdict.VIOLATED : Verdict.INCONCLUSIVE;
        return new Outcome(v, ev);
    }
}
