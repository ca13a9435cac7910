package rwdp.cli.cyffers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.bounds.pndp.NoiseCalibration;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.bounds.pndp.PairwiseMatrixFunction;
import rwdp.bounds.pndp.PairwiseRows;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpSetting;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/**
 * {@code rwdp bound pndp}: PNDP losses of RW DP-SGD (Cyffers et al., Thm. 3, App. B): the all-pairs
 * matrix, one sender's row, sampled or streamed all-pairs statistics, all through {@link PndpAccountant}.
 */
@Command(name = "pndp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Pairwise network DP losses eps_{u->v} of RW DP-SGD for every ordered pair of nodes",
            "(Cyffers, Bellet & Upadhyay, ICML 2024, Theorem 3). Prints {n, constant, min, mean, max, ...}:",
            "constant = alpha T ln T/(sigma^2 n^2); min/mean/max over the ordered pairs u != v (Renyi DP of order alpha).",
            "--method closed: Theorem 3, eps = constant + alpha T L(W)_uv/(sigma^2 n), L(W) = -ln(I - W + J/n).",
            "--method series: the exact finite-T series N_u alpha/sigma^2 sum_{t<=T} (W^t)_uv/t with N_u = T/n",
            "  (larger than the closed form by about alpha T gamma/(sigma^2 n^2), gamma = 0.5772; see docs/cyffers.md).",
            "W must be symmetric and doubly stochastic on a connected graph (Assumption 2).",
            "Large graphs: --source U (one row), --sample K or --all-sources never build the n x n matrix."})
public final class PndpCommand implements Callable<Integer> {
    @Option(names = "--graph", paramLabel = "SPEC", required = true,
            description = {"The graph: complete:n, ring:n, star:n, path:n, grid:r,c, torus:r,c, hypercube:k, er:n,p,seed,",
                "regular:n,d,seed, geometric:n,radius,seed, sbm:s1/s2/...,p_in,p_out,seed, exponential:n or file:PATH."})
    String graph;

    @Option(names = "--weights", paramLabel = "W", defaultValue = "metropolis",
            description = {"Transition weights; must be symmetric doubly stochastic: metropolis, lazy-ring(kappa),",
                "or hamilton on regular graphs (default: ${DEFAULT-VALUE})."})
    String weights;

    @Option(names = "--T", paramLabel = "T", required = true, description = "Number of steps of the walk (>= 2).")
    long steps;

    @Option(names = "--alpha", paramLabel = "A", required = true, description = "Renyi order alpha > 1.")
    double alpha;

    @Option(names = "--sigma", paramLabel = "S", required = true,
            description = "Noise multiplier sigma (noise N(0, sigma^2 Delta^2 I)); Theorem 3 needs sigma^2 >= 2 alpha (alpha - 1).")
    double sigma;

    @Option(names = "--method", paramLabel = "closed|series", defaultValue = "closed",
            description = "closed (Theorem 3) or series (exact finite-T series) (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--sender", paramLabel = "anonymous|known", defaultValue = "anonymous",
            description = {"anonymous (eq. (7)) or known: max over neighbours w != v of v, as in App. B.1",
                "(default: ${DEFAULT-VALUE})."})
    String sender;

    @Option(names = "--solver", paramLabel = "auto|eigen|chebyshev", defaultValue = "auto",
            description = {"How to compute the matrix function: eigen (dense symmetric eigendecomposition), chebyshev",
                "(expansion on the sparse W, one n x n matrix of memory), auto (default: ${DEFAULT-VALUE})."})
    String solver;

    @Option(names = "--matrix", paramLabel = "FILE.csv",
            description = {"Write the n x n matrix of eps_{u->v} (rows u, columns v, 0-based, diagonal 0,",
                "%%.17g) here, streamed row by row."})
    Path matrix;

    @Option(names = "--source", paramLabel = "U", split = ",",
            description = {"Only sender U's row eps_{U->v} for every v (0-based), without the n x n matrix:",
                "O(K nnz) time, O(nnz + n) memory. A comma-separated list gives one row each."})
    int[] sources;

    @Option(names = "--row", paramLabel = "FILE.csv",
            description = "With a single --source: write v,epsilon,distance (0-based v, BFS distance from U, %%.17g).")
    Path rowFile;

    @Option(names = "--sample", paramLabel = "K",
            description = {"All-pairs statistics from K senders drawn uniformly without replacement (--seed):",
                "mean with a confidence interval, max_sampled, by_distance with intervals."})
    Integer sample;

    @Option(names = "--seed", paramLabel = "S", defaultValue = "1",
            description = "Seed of --sample's senders and of the Hutchinson probes (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--level", paramLabel = "L", defaultValue = "0.95",
            description = "Confidence level of --sample's intervals (default: ${DEFAULT-VALUE}).")
    double level;

    @Option(names = "--probes", paramLabel = "P", defaultValue = "32",
            description = {"Hutchinson probes for the trace identity of the mean when n > "
                + PndpAccountant.SPECTRUM_ROUTE_MAX_N + " (default: ${DEFAULT-VALUE})."})
    int probes;

    @Option(names = "--all-sources",
            description = {"Exact statistics over all ordered pairs, streaming blocks of senders in parallel",
                "(memory O(nnz + n block) per thread, never n x n); progress on stderr."})
    boolean allSources;

    @Option(names = "--block", paramLabel = "B", defaultValue = "32",
            description = "Senders per block of the multi-vector kernel for --all-sources (default: ${DEFAULT-VALUE}).")
    int block;

    @Option(names = "--quiet", description = "No progress bar on stderr.")
    boolean quiet;

    @Option(names = "--delta", paramLabel = "D",
            description = "Also convert the mean and max to (epsilon, delta)-DP, alpha optimised over the admissible range.")
    Double delta;

    @Option(names = "--target-epsilon", paramLabel = "E",
            description = {"Also report the sigma that makes the chosen --statistic meet E: an (E, delta)-DP target",
                "when --delta is given, else a Renyi target at --alpha."})
    Double target;

    @Option(names = "--statistic", paramLabel = "mean|max", defaultValue = "mean",
            description = "Pair statistic that --target-epsilon calibrates (default: ${DEFAULT-VALUE}).")
    String statistic;

    @Option(names = "--force", description = "Compute even when sigma^2 < 2 alpha (alpha - 1); the JSON then has a 'warning'.")
    boolean force;

    @Override
    public Integer call() {
        String m = method.strip().toLowerCase(Locale.ROOT);
        if (!m.equals("closed") && !m.equals("series")) {
            throw new UserException("--method must be closed or series, got '" + method + "'");
        }
        String s = sender.strip().toLowerCase(Locale.ROOT);
        if (!s.equals("anonymous") && !s.equals("known")) {
            throw new UserException("--sender must be anonymous or known, got '" + sender + "'");
        }
        String stat = statistic.strip().toLowerCase(Locale.ROOT);
        if (!stat.equals("mean") && !stat.equals("max")) {
            throw new UserException("--statistic must be mean or max, got '" + statistic + "'");
        }
        PairwiseMatrixFunction.Method solverMethod = PairwiseMatrixFunction.Method.parse(solver);
        if (steps < 2) {
            throw new UserException("--T must be >= 2 (Theorem 3 has ln T), got " + steps);
        }
        PndpParams p = new PndpParams(alpha, sigma, steps);
        String warning = p.admissibilityWarning();
        if (warning != null && !force) {
            throw new UserException(warning + "; pass --force to compute anyway");
        }
        if (delta != null && !(delta > 0 && delta < 1)) {
            throw new UserException("--delta must be in (0, 1), got " + delta);
        }
        if (target != null && !(target > 0 && Double.isFinite(target))) {
            throw new UserException("--target-epsilon must be > 0 and finite, got " + target);
        }
        int modes = (sources != null ? 1 : 0) + (sample != null ? 1 : 0) + (allSources ? 1 : 0);
        if (modes > 1) {
            throw new UserException("choose one of --source, --sample and --all-sources");
        }
        if (matrix != null && modes > 0) {
            throw new UserException("--matrix writes the n x n matrix; it does not combine with --source, --sample or --all-sources");
        }
        if (rowFile != null && (sources == null || sources.length != 1)) {
            throw new UserException("--row needs exactly one --source");
        }
        if (sample != null && stat.equals("max") && target != null) {
            throw new UserException("--statistic max needs the exact max: use --all-sources, not --sample");
        }
        if (!(level > 0 && level < 1)) {
            throw new UserException("--level must be in (0, 1), got " + level);
        }
        if (block < 1) {
            throw new UserException("--block must be >= 1, got " + block);
        }
        if (probes < 2) {
            throw new UserException("--probes must be >= 2, got " + probes);
        }
        checkOutput(matrix, "--matrix");
        checkOutput(rowFile, "--row");
        Graph g = GraphSpec.parse(graph);
        if (g.n() < 2) {
            throw new UserException("the graph needs at least 2 nodes");
        }
        if (!g.isConnected()) {
            throw new UserException("the graph " + graph + " is not connected: pairwise losses need a connected graph");
        }
        int n = g.n();
        if (sources != null) {
            for (int u : sources) {
                if (u < 0 || u >= n) {
                    throw new UserException("--source " + u + " is not a node of the graph (0.." + (n - 1) + ")");
                }
            }
        }
        if (sample != null && (sample < 2 || sample > n)) {
            throw new UserException("--sample must be in 2.." + n + " (the number of nodes), got " + sample);
        }
        if (modes == 0) {
            requireMatrixFits(n, solverMethod);
        }
        TransitionMatrix w = WeightScheme.parse(weights).build(g);
        // Every path below validates W at its entry (PairwiseRows.prepare, PairwiseMatrixFunction.compute); once here
        // gives the error before the solver choice.
        PairwiseMatrixFunction.requireSymmetricDoublyStochastic(w);
        if (g.isRenumbered()) {
            System.err.println("note: node ids were renumbered 0.." + (n - 1) + " in increasing id order; "
                    + "use `rwdp graph info --graph " + graph + " --mapping FILE` for the mapping");
        }
        PndpSetting setting = new PndpSetting(g, w, p, m.equals("series"), s.equals("known"));

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", n);
        if (sources != null && sources.length == 1) {
            out.put("source", sources[0]);
        }
        out.put("constant", PndpAccountant.constant(p, n));
        long t0 = System.nanoTime();
        double reportedMean;
        double reportedMax;
        long negative;
        String solverName;
        if (modes == 0) {
            PairwiseMatrixFunction.Method used = solverMethod == PairwiseMatrixFunction.Method.AUTO
                    ? PairwiseMatrixFunction.chooses(w) : solverMethod;
            requireMatrixFits(n, used);
            double[][] eps = PndpAccountant.pairwise(setting, used);
            double seconds = (System.nanoTime() - t0) / 1e9;
            PndpAccountant.PairStats st = PndpAccountant.stats(eps);
            negative = countNegative(eps);
            out.put("min", st.min());
            out.put("mean", st.mean());
            out.put("max", st.max());
            out.put("argmax_u", st.argmaxU());
            out.put("argmax_v", st.argmaxV());
            reportedMean = st.mean();
            reportedMax = st.max();
            solverName = used.name().toLowerCase(Locale.ROOT);
            putCommon(out, p, n, m, s, w, solverName, -1, seconds);
            if (matrix != null) {
                writeCsv(matrix, eps);
                out.put("matrix", matrix.toString());
            }
        } else {
            if (solverMethod == PairwiseMatrixFunction.Method.EIGEN) {
                throw new UserException("--solver eigen builds the n x n eigenvectors; --source, --sample and --all-sources "
                        + "use chebyshev (or auto)");
            }
            PairwiseRows op = PndpAccountant.operator(setting);
            solverName = "chebyshev";
            if (sources != null) {
                List<Map<String, Object>> rows = new ArrayList<>();
                PairStatistics all = new PairStatistics();
                for (int u : sources) {
                    PndpAccountant.Row r = PndpAccountant.row(setting, op, u);
                    all.merge(r.stats());
                    Map<String, Object> one = new LinkedHashMap<>();
                    one.put("source", u);
                    putRowStats(one, r.stats());
                    rows.add(one);
                    if (rowFile != null) {
                        writeRow(rowFile, r);
                    }
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                if (sources.length == 1) {
                    Map<String, Object> one = rows.get(0);
                    one.remove("source");
                    out.putAll(one);
                } else {
                    out.put("min", all.min());
                    out.put("mean", all.mean());
                    out.put("max", all.max());
                    out.put("argmax_u", all.argmaxU());
                    out.put("argmax_v", all.argmaxV());
                    out.put("sources", rows);
                }
                reportedMean = all.mean();
                reportedMax = all.max();
                negative = all.negative();
                putCommon(out, p, n, m, s, w, solverName, op.degree(), seconds);
            } else if (sample != null) {
                PndpAccountant.Sample sm;
                try (Progress pb = Progress.start(quiet, "senders", sample)) {
                    sm = PndpAccountant.sample(setting, op, sample, seed, level, pb);
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                out.put("sampled_sources", sample);
                out.put("seed", seed);
                out.put("mean", sm.mean());
                out.put("mean_ci_low", sm.ciLow());
                out.put("mean_ci_high", sm.ciHigh());
                out.put("level", level);
                out.put("min_sampled", sm.pooled().min());
                out.put("max_sampled", sm.pooled().max());
                out.put("max_sampled_u", sm.pooled().argmaxU());
                out.put("max_sampled_v", sm.pooled().argmaxV());
                if (!setting.senderKnown()) {
                    PndpAccountant.MeanIdentity id = PndpAccountant.meanIdentity(setting, op, probes, seed, level);
                    out.put("mean_identity", id.mean());
                    out.put("mean_identity_route", id.route());
                    if (id.probes() > 0) {
                        out.put("mean_identity_ci_low", id.ciLow());
                        out.put("mean_identity_ci_high", id.ciHigh());
                        out.put("mean_identity_probes", id.probes());
                    }
                    // Two intervals on the same quantity: they must overlap (or the spectrum value lie in the sample's).
                    out.put("mean_identity_consistent", id.ciLow() <= sm.ciHigh() && sm.ciLow() <= id.ciHigh());
                }
                List<Map<String, Object>> byD = new ArrayList<>();
                for (PndpAccountant.DistanceSummary d : sm.byDistance()) {
                    Map<String, Object> e = new LinkedHashMap<>();
                    e.put("distance", d.distance());
                    e.put("count", d.count());
                    e.put("min", d.min());
                    e.put("mean", d.mean());
                    e.put("mean_ci_low", d.ciLow());
                    e.put("mean_ci_high", d.ciHigh());
                    e.put("max", d.max());
                    byD.add(e);
                }
                out.put("by_distance", byD);
                // A sampled mean is an estimate and max_sampled only a lower bound on the max: conversions take the
                // exact trace-identity mean when the spectrum gave it, else the upper end of the sample's interval.
                reportedMean = sm.ciHigh();
                if (out.get("mean_identity_route") != null && out.get("mean_identity_route").equals("spectrum")) {
                    reportedMean = (Double) out.get("mean_identity");
                }
                reportedMax = Double.NaN;
                if (delta != null || target != null) {
                    out.put("converted_mean", reportedMean);
                }
                negative = sm.pooled().negative();
                putCommon(out, p, n, m, s, w, solverName, op.degree(), seconds);
            } else {
                PairStatistics all;
                try (Progress pb = Progress.start(quiet, "senders", n)) {
                    all = PndpAccountant.allSources(setting, op, block, pb);
                }
                double seconds = (System.nanoTime() - t0) / 1e9;
                out.put("min", all.min());
                out.put("mean", all.mean());
                out.put("max", all.max());
                out.put("argmax_u", all.argmaxU());
                out.put("argmax_v", all.argmaxV());
                out.put("by_distance", byDistance(all));
                reportedMean = all.mean();
                reportedMax = all.max();
                negative = all.negative();
                putCommon(out, p, n, m, s, w, solverName, op.degree(), seconds);
                out.put("block", block);
            }
        }
        if (negative > 0) {
            out.put("negative_pairs", negative);
            String neg = negative + " pair(s) have a negative closed-form loss: Theorem 3's alpha T ln T/(sigma^2 n^2) term "
                    + "undercounts the exact series (H_T > ln T) and drops its tail, so values near 0 can dip below it; "
                    + "a privacy loss is never negative: use --method series for exact values";
            warning = warning == null ? neg : warning + "; " + neg;
        }
        if (delta != null) {
            for (String which : new String[] {"mean", "max"}) {
                double value = which.equals("mean") ? reportedMean : reportedMax;
                if (Double.isNaN(value)) {
                    continue;
                }
                requireNonNegative(value, which, m);
                double unit = value / p.rate();
                NoiseCalibration.Calibration mi = NoiseCalibration.guarantee(unit, sigma, delta, RdpConversion::mironov);
                NoiseCalibration.Calibration im = NoiseCalibration.guarantee(unit, sigma, delta, RdpConversion::improved);
                out.put(which + "_dp_mironov", mi.epsilon());
                out.put(which + "_dp_mironov_alpha", mi.alpha());
                out.put(which + "_dp_improved", Math.max(0, im.epsilon()));
                out.put(which + "_dp_improved_alpha", im.alpha());
            }
            out.put("delta", delta);
        }
        if (target != null) {
            double value = stat.equals("mean") ? reportedMean : reportedMax;
            requireNonNegative(value, stat, m);
            if (!(value > 0)) {
                throw new UserException("the " + stat + " loss is 0: every sigma meets the target");
            }
            double unit = value / p.rate();
            if (delta != null) {
                NoiseCalibration.Calibration c = NoiseCalibration.sigmaForDp(unit, target, delta, RdpConversion::improved);
                out.put("sigma_for_target", c.sigma());
                out.put("sigma_for_target_alpha", c.alpha());
                out.put("sigma_for_target_mironov", NoiseCalibration.sigmaForDp(unit, target, delta, RdpConversion::mironov).sigma());
            } else {
                out.put("sigma_for_target", NoiseCalibration.sigmaForRdp(unit, alpha, target));
            }
            out.put("target_statistic", stat);
            out.put("target_epsilon", target);
        }
        if (warning != null) {
            out.put("warning", warning);
        }
        if (rowFile != null) {
            out.put("row", rowFile.toString());
        }
        Outputs.printJson(out);
        return 0;
    }

    private static void requireNonNegative(double value, String which, String method) {
        if (value < 0) {
            throw new UserException("the " + which + " closed-form loss is negative (" + value + "), not a privacy guarantee: "
                    + "use --method series" + (method.equals("series") ? "" : " for the exact values"));
        }
    }

    private static long countNegative(double[][] eps) {
        long c = 0;
        for (int u = 0; u < eps.length; u++) {
            for (int v = 0; v < eps.length; v++) {
                if (u != v && eps[u][v] < 0) {
                    c++;
                }
            }
        }
        return c;
    }

    private void putCommon(Map<String, Object> out, PndpParams p, int n, String m, String s, TransitionMatrix w,
                           String solverName, int degree, double seconds) {
        out.put("ldp", PndpAccountant.localDp(p, n));
        out.put("contributions", PndpAccountant.contributions(p, n));
        out.put("method", m);
        out.put("sender", s);
        out.put("weights", w.name());
        out.put("solver", solverName);
        if (degree >= 0) {
            out.put("degree", degree);
        }
        out.put("T", steps);
        out.put("alpha", alpha);
        out.put("sigma", sigma);
        out.put("seconds", seconds);
    }

    private static void putRowStats(Map<String, Object> one, PairStatistics st) {
        one.put("min", st.min());
        one.put("mean", st.mean());
        one.put("max", st.max());
        one.put("argmax_v", st.argmaxV());
        one.put("by_distance", byDistance(st));
    }

    private static List<Map<String, Object>> byDistance(PairStatistics st) {
        List<Map<String, Object>> byD = new ArrayList<>();
        for (int d = 1; d < st.distances(); d++) {
            if (st.count(d) == 0) {
                continue;
            }
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("distance", d);
            e.put("count", st.count(d));
            e.put("min", st.min(d));
            e.put("mean", st.mean(d));
            e.put("max", st.max(d));
            byD.add(e);
        }
        return byD;
    }

    /** Refuses, before any work, an n x n matrix that would not fit in the heap. */
    static void requireMatrixFits(int n, PairwiseMatrixFunction.Method solver) {
        long need = PndpAccountant.matrixBytes(n, solver);
        long heap = Runtime.getRuntime().maxMemory();
        if (need > 0.8 * heap) {
            throw new UserException(String.format(Locale.ROOT,
                    "the %d x %d matrix needs about %s but the heap has %s: use --source U for one node's row, "
                            + "--sample K for all-pairs statistics with intervals, or --all-sources for exact all-pairs "
                            + "statistics (none needs n x n memory)", n, n, bytes(need), bytes(heap)));
        }
    }

    static String bytes(long b) {
        return b >= 1L << 30 ? String.format(Locale.ROOT, "%.1f GB", b / (double) (1L << 30))
                : String.format(Locale.ROOT, "%.0f MB", b / (double) (1L << 20));
    }

    /** Refuses an output whose folder is missing or that is the input graph file. */
    private void checkOutput(Path file, String option) {
        if (file == null) {
            return;
        }
        Path abs = file.toAbsolutePath().normalize();
        Path parent = abs.getParent();
        if (parent != null && !Files.isDirectory(parent)) {
            throw new UserException("cannot write " + file + ": folder " + parent + " does not exist");
        }
        if (Files.isDirectory(abs)) {
            throw new UserException("cannot write " + option + " " + file + ": it is a directory");
        }
        String spec = graph.strip();
        if (spec.startsWith("file:")) {
            Path in = Path.of(spec.substring(5).strip()).toAbsolutePath().normalize();
            boolean same = in.equals(abs);
            try {
                same |= Files.exists(abs) && Files.exists(in) && Files.isSameFile(in, abs);
            } catch (java.io.IOException e) {
                // Unreadable paths are reported when they are used.
            }
            if (same) {
                throw new UserException(option + " " + file + " is the input graph file: choose another output path");
            }
        }
    }

    /** Writes v,epsilon,distance for one sender's row, %.17g. */
    static void writeRow(Path file, PndpAccountant.Row r) {
        Outputs.write(file, wr -> {
            StringBuilder sb = new StringBuilder(64);
            java.util.Formatter fmt = new java.util.Formatter(sb, Locale.ROOT);
            wr.write("v,epsilon,distance\n");
            double[] eps = r.epsilon();
            int[] dist = r.distance();
            for (int v = 0; v < eps.length; v++) {
                sb.setLength(0);
                sb.append(v).append(',');
                fmt.format("%.17g", eps[v]);
                sb.append(',').append(dist[v]).append('\n');
                wr.append(sb);
            }
        });
    }

    /**
     * Streams the matrix with %.17g: chunks of rows formatted in parallel (formatting dominates the
     * write time), then written, so only one chunk of text is in memory at a time.
     */
    static void writeCsv(Path file, double[][] m) {
        int n = m.length;
        int chunk = 64;
        Outputs.write(file, w -> {
            String[] lines = new String[chunk];
            for (int u0 = 0; u0 < n; u0 += chunk) {
                int len = Math.min(chunk, n - u0);
                int base = u0;
                IntStream.range(0, len).parallel().forEach(k -> {
                    double[] row = m[base + k];
                    StringBuilder sb = new StringBuilder(n * 24);
                    java.util.Formatter fmt = new java.util.Formatter(sb, Locale.ROOT);
                    for (int v = 0; v < n; v++) {
                        if (v > 0) {
                            sb.append(',');
                        }
                        fmt.format("%.17g", row[v]);
                    }
                    sb.append('\n');
                    lines[k] = sb.toString();
                });
                for (int k = 0; k < len; k++) {
                    w.write(lines[k]);
                    lines[k] = null;
                }
            }
        });
    }

    /** A progress bar on stderr (or nothing) that takes the number of senders done. */
    static final class Progress implements java.util.function.IntConsumer, AutoCloseable {
        private final ProgressBar bar;

        private Progress(ProgressBar bar) {
            this.bar = bar;
        }

        static Progress start(boolean quiet, String task, long max) {
            return new Progress(quiet ? null : new ProgressBarBuilder().setTaskName(task).setInitialMax(max)
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(1000).showSpeed()
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).build());
        }

        @Override
        public void accept(int done) {
            if (bar != null) {
                synchronized (bar) {
                    if (done > bar.getCurrent()) {
                        bar.stepTo(done);
                    }
                }
            }
        }

        @Override
        public void close() {
            if (bar != null) {
                bar.close();
            }
        }
    }
}
