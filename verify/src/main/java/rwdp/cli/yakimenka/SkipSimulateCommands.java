package rwdp.cli.yakimenka;

import rwdp.cli.common.InputFolder;
import rwdp.cli.common.CsvOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.check.Checks;
import rwdp.algo.SkippingScheme;
import rwdp.bounds.skipping.SkipLatency;
import rwdp.cli.common.InfinityAllowed;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.SeedOption;
import rwdp.cli.common.UserException;
import rwdp.latency.LatencyModel;
import rwdp.latency.LatencyModels;
import rwdp.model.LogisticLoss;
import rwdp.model.UnitNormClassification;
import rwdp.random.Rngs;

/** The {@code rwdp simulate skip-ring | skip-rand-ring} commands (Yakimenka et al., Algorithm 1). */
final class SkipSimulateCommands {
    private SkipSimulateCommands() {}

    /** The options and run shared by both paths. */
    abstract static class Base implements Callable<Integer> {
        @Option(names = "--n", defaultValue = "10", description = "Number of nodes (default: ${DEFAULT-VALUE}).")
        int n;
        @Option(names = "--hmax", defaultValue = "10000", description = "Number of hops, a multiple of n (default: ${DEFAULT-VALUE}).")
        long hmax;
        @Option(names = "--latency", defaultValue = "exp:1", paramLabel = "SPEC",
                description = "Computation-time law: " + LatencyModels.FORMS + " (default: ${DEFAULT-VALUE}).")
        LatencyModel latency;
        @Option(names = "--chi", defaultValue = "0.01", description = "Communication latency per hop (default: ${DEFAULT-VALUE}).")
        double chi;
        @InfinityAllowed
        @Option(names = "--t-skip", paramLabel = "T", description = "Timeout t_skip > 0 or inf (exclusive with --p).")
        Double tSkip;
        @Option(names = "--p", description = "Skip probability in [0, 1); sets t_skip = Phi^-1(1 - p) (default 0: never skip).")
        Double p;
        @Option(names = "--zeta", defaultValue = "0.6", description = "Learning-rate parameter zeta (default: ${DEFAULT-VALUE}).")
        double zeta;
        @Mixin
        NoiseOptions noise;
        @Option(names = "--sigma", description = "Noise standard deviation; overrides --calibration.")
        Double sigma;
        @Option(names = "--diameter", defaultValue = "10", description = "Diameter d_W of the ball W (default: ${DEFAULT-VALUE}).")
        double diameter;
        @Option(names = "--data", defaultValue = "synthetic", paramLabel = "synthetic|housing|file:PATH", converter = SkipData.Converter.class,
                description = {"Task: synthetic unit-norm logistic regression, housing (the UCI housing data of the paper, from the",
                    "Debian package python3-sklearn, price binarised at its median), or a CSV (last column the target; binarised at its",
                    "median unless it is 0/1 or -1/1) (default: ${DEFAULT-VALUE})."})
        SkipData data;
        @Option(names = "--data-dir", paramLabel = "DIR",
                description = {"Data root for housing instead of the system paths (a folder holding boston_house_prices.csv, or one",
                    "where the .deb was unpacked with dpkg-deb -x); default: $RWDP_DATA when set."})
        InputFolder dataDir;
        @Option(names = "--dim", defaultValue = "4", description = "Feature dimension of the synthetic task (default: ${DEFAULT-VALUE}).")
        int dim;
        @Option(names = "--points", defaultValue = "500", description = "Points of the synthetic task (default: ${DEFAULT-VALUE}).")
        int points;
        @Option(names = "--every", defaultValue = "0", description = "Record a CSV row every this many hops (default 0: h_max/200).")
        long every;
        @Mixin
        SeedOption seedOption;
        @Mixin
        CsvOutput csvOption;

        abstract SkippingScheme.Path path();

        @Override
        public Integer call() {
            Checks.checkAtMost(hmax, 1_000_000_000L, "--hmax", "more hops take longer than minutes");
            if (every < 0) {
                throw new UserException("--every must be >= 1 (or 0 for h_max/200), got " + every);
            }
            Checks.checkAtMost(dim, 100_000, "--dim", "larger models do not fit in memory");
            Checks.checkAtMost(points, 10_000_000, "--points", "more points do not fit in memory");
            LatencyModel m = latency;
            if (tSkip != null && p != null) {
                throw new UserException("give --t-skip or --p, not both");
            }
            if (n < 2) {
                throw new UserException("--n must be >= 2, got " + n);
            }
            if (hmax < n || hmax % n != 0) {
                throw new UserException("--hmax " + hmax + " must be a positive multiple of --n " + n);
            }
            double ts = tSkip != null ? SkipBoundCommands.timeout(tSkip) : SkipLatency.timeoutFor(m, p == null ? 0 : p);
            double s = sigma != null ? sigma : noise.simulationSigma();
            if (dataDir != null && !(data instanceof SkipData.Housing)) {
                throw new UserException("--data-dir applies to --data housing only");
            }
            // The synthetic points, and the trajectory rows (five doubles each) kept until written.
            double rowCount = hmax / (double) (every > 0 ? every : Math.max(1, hmax / 200)) + 2;
            Checks.checkMemory((data instanceof SkipData.Synthetic ? points * (8.0 * dim + 32) : 0) + 72 * rowCount, String.format(
                    java.util.Locale.ROOT, "%.3g trajectory rows (--hmax / --every)%s", rowCount, data instanceof SkipData.Synthetic
                            ? String.format(java.util.Locale.ROOT, " and %d points of --dim %d", points, dim) : ""),
                    "use a larger --every or fewer --points or --dim");
            UnitNormClassification task;
            if (data instanceof SkipData.CsvFile f) {
                task = UnitNormClassification.fromCsv(f.path(), n, Rngs.derive(seedOption.seed(), "data"));
            } else if (data instanceof SkipData.Housing) {
                task = UnitNormClassification.housing(rwdp.data.HousingCsv.load(dataDir == null ? null : dataDir.path()), n,
                        Rngs.derive(seedOption.seed(), "data"));
            } else {
                task = UnitNormClassification.synthetic(n, points, dim, Rngs.derive(seedOption.seed(), "data"));
            }
            LogisticLoss loss = task.loss();
            SkippingScheme alg = new SkippingScheme(loss, m, new SkippingScheme.Params(path(), hmax, ts, chi, zeta, s, diameter / 2));
            long step = every > 0 ? every : Math.max(1, hmax / 200);
            List<double[]> rows = new ArrayList<>();
            SkippingScheme.Result r = alg.run(Rngs.root(seedOption.seed()), step, (h, ell, updates, tau) ->
                    rows.add(new double[] {h, ell, updates, loss.average(tau), task.errorRate(tau)}));
            if (csvOption.path() != null) {
                Outputs.write(csvOption.path(), w -> {
                    w.write("hop,latency,updates,loss,error_rate\n");
                    for (double[] row : rows) {
                        w.write((long) row[0] + "," + row[1] + "," + (long) row[2] + "," + row[3] + "," + row[4] + "\n");
                    }
                });
            }
            Map<String, Object> out = new LinkedHashMap<>();
            out.put("scheme", path().label());
            out.put("n", n);
            out.put("hmax", hmax);
            out.put("latency_model", m.spec());
            out.put("t_skip", Double.isFinite(ts) ? (Object) ts : "inf");
            out.put("p", m.survival(ts));
            out.put("sigma", s);
            out.put("calibration", sigma != null ? "given" : noise.calibration.label());
            out.put("updates", r.updates());
            out.put("latency", r.latency());
            out.put("expected_latency", SkipLatency.expectedTotal(m, chi, ts, hmax));
            out.put("final_loss", loss.average(r.tau()));
            out.put("error_rate", task.errorRate(r.tau()));
            String warning = sigma != null ? null : noise.classicalWarning();
            if (warning != null) {
                out.put("warning", warning);
            }
            Outputs.printJson(out);
            return 0;
        }
    }

    /** {@code rwdp simulate skip-ring}. */
    @Command(name = "skip-ring", mixinStandardHelpOptions = true,
            description = {"Run Algorithm 1 of Yakimenka et al. on the fixed logical ring (Skip-Ring) with projected noisy SGD",
                "on unit-norm logistic regression; prints a JSON summary, --csv writes the trajectory (hop,latency,updates,loss,error_rate)."})
    static final class Ring extends Base {
        @Override
        SkippingScheme.Path path() {
            return SkippingScheme.Path.RING;
        }
    }

    /** {@code rwdp simulate skip-rand-ring}. */
    @Command(name = "skip-rand-ring", mixinStandardHelpOptions = true,
            description = {"Run Algorithm 1 of Yakimenka et al. with a fresh random permutation every round (Skip-Rand-Ring);",
                "prints a JSON summary, --csv writes the trajectory (hop,latency,updates,loss,error_rate)."})
    static final class RandRing extends Base {
        @Override
        SkippingScheme.Path path() {
            return SkippingScheme.Path.RAND_RING;
        }
    }
}
