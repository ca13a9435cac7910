package rwdp.cli.cyffers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
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
public class PndpCommand extends PndpOptions implements Callable<Integer> {
    /**
     * What an all-sources run computes: the setting, its prepared row operator, the senders per kernel block, whether
     * progress is quiet, and {@code key}, the options and graph that determine every number (a checkpoint's identity).
     */
    public record AllSourcesJob(PndpSetting setting, PairwiseRows op, int block, boolean quiet, String key) {}

    /**
     * Returns whether this command always computes all sources (the cluster job); then --source, --sample and
     * --matrix are refused and --all-sources is implied.
     */
    protected boolean allSourcesOnly() {
        return false;
    }

    /**
     * Returns the exact statistics over all ordered pairs, merged in block order (here: threads of this JVM, with a
     * progress bar); a subclass may run the same blocks elsewhere, and must merge them in the same order.
     *
     * @throws rwdp.check.InvalidArgumentException when the job cannot run on this input
     */
    protected PairStatistics allSourcesStatistics(AllSourcesJob job) {
        try (Progress pb = Progress.start(job.quiet(), "senders", job.setting().w().n())) {
            return PndpAccountant.allSources(job.setting(), job.op(), job.block(), pb);
        }
    }

    @Override
    public Integer call() {
        if (allSourcesOnly()) {
            if (sources != null || sample != null || matrix != null) {
                throw new UserException("this command computes all sources: --source, --sample and --matrix are not options of it");
            }
            allSources = true;
        }
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
            double maxAlpha = PndpParams.maxAlpha(sigma);
            throw new UserException("--sigma " + sigma + " is outside Theorem 3's range sigma^2 >= 2 alpha (alpha - 1) at --alpha "
                    + alpha + ": use --sigma >= " + Math.sqrt(2 * alpha * (alpha - 1))
                    + (maxAlpha > 1 + 1e-9 ? " or --alpha <= " + maxAlpha : "") + ", or pass --force to compute anyway");
        }
        SmallBoundCommands.requireRepresentableLoss(p);
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
            PndpOutput.requireMatrixFits(n, solverMethod);
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
            PairwiseMatrixFunction.Choice choice = PndpAccountant.choose(setting, solverMethod);
            PairwiseMatrixFunction.Method used = choice.method();
            PndpOutput.requireMatrixFits(n, used);
            double[][] eps = PndpAccountant.pairwise(setting, choice);
            double seconds = (System.nanoTime() - t0) / 1e9;
            PndpAccountant.PairStats st = PndpAccountant.stats(eps);
            negative = PndpOutput.countNegative(eps);
            out.put("min", st.min());
            out.put("mean", st.mean());
            out.put("max", st.max());
            out.put("argmax_u", st.argmaxU());
            out.put("argmax_v", st.argmaxV());
            reportedMean = st.mean();
            reportedMax = st.max();
            solverName = choice.name();
            putCommon(out, p, n, m, s, w, solverName, choice.degree(), seconds);
            putDeflation(out, choice.operator());
            if (matrix != null) {
                PndpOutput.writeCsv(matrix, eps);
                out.put("matrix", matrix.toString());
            }
        } else {
            if (solverMethod == PairwiseMatrixFunction.Method.EIGEN) {
                throw new UserException("--solver eigen builds the n x n eigenvectors; --source, --sample and --all-sources "
                        + "use chebyshev (or auto)");
            }
            long vectors = sources != null ? sources.length : sample != null ? sample + probes : n;
            PairwiseRows op = switch (solverMethod) {
                case CHEBYSHEV -> PndpAccountant.operator(setting);
                case DEFLATED -> PndpAccountant.operator(setting, vectors, true);
                default -> PndpAccountant.operator(setting, vectors, false);
            };
            solverName = op.solver();
            if (sources != null) {
                List<Map<String, Object>> rows = new ArrayList<>();
                PairStatistics all = new PairStatistics();
                for (int u : sources) {
                    PndpAccountant.Row r = PndpAccountant.row(setting, op, u);
                    all.merge(r.stats());
                    Map<String, Object> one = new LinkedHashMap<>();
                    one.put("source", u);
                    PndpOutput.putRowStats(one, r.stats());
                    rows.add(one);
                    if (rowFile != null) {
                        PndpOutput.writeRow(rowFile, r);
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
                putDeflation(out, op);
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
                putDeflation(out, op);
            } else {
                String key = String.join("\n", "graph=" + graph, "n=" + n, "edges=" + g.edgeCount(), "weights=" + w.name(),
                        "T=" + steps, "alpha=" + Double.toString(alpha), "sigma=" + Double.toString(sigma), "method=" + m,
                        "sender=" + s, "solver=" + solverName, "degree=" + op.degree(), "block=" + block);
                PairStatistics all = allSourcesStatistics(new AllSourcesJob(setting, op, block, quiet, key));
                double seconds = (System.nanoTime() - t0) / 1e9;
                out.put("min", all.min());
                out.put("mean", all.mean());
                out.put("max", all.max());
                out.put("argmax_u", all.argmaxU());
                out.put("argmax_v", all.argmaxV());
                out.put("by_distance", PndpOutput.byDistance(all));
                reportedMean = all.mean();
                reportedMax = all.max();
                negative = all.negative();
                putCommon(out, p, n, m, s, w, solverName, op.degree(), seconds);
                putDeflation(out, op);
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
                NoiseCalibration.Calibration im = NoiseCalibration.guarantee(unit, sigma, delta, RdpConversion::refined);
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
            String slack = null;
            if (delta != null) {
                NoiseCalibration.Calibration c = NoiseCalibration.sigmaForDp(unit, target, delta, RdpConversion::improved);
                NoiseCalibration.Calibration cm = NoiseCalibration.sigmaForDp(unit, target, delta, RdpConversion::mironov);
                boolean floor = c.sigma() == NoiseCalibration.MIN_SIGMA;
                out.put("sigma_for_target", c.sigma());
                out.put("sigma_for_target_alpha", c.alpha());
                out.put("sigma_for_target_mironov", cm.sigma());
                out.put("epsilon_at_sigma_for_target", c.epsilon());
                out.put("sigma_for_target_set_by", floor ? "search_floor" : "target");
                if (floor || cm.sigma() == NoiseCalibration.MIN_SIGMA) {
                    slack = "--target-epsilon " + target + " is met with slack by every sigma >= " + NoiseCalibration.MIN_SIGMA
                            + " (the lower end of the calibration's search): sigma_for_target" + (floor ? "" : "_mironov")
                            + " is that end, not a calibrated value";
                }
            } else {
                NoiseCalibration.RdpCalibration c = NoiseCalibration.calibrateRdp(unit, alpha, target);
                out.put("sigma_for_target", c.sigma());
                out.put("epsilon_at_sigma_for_target", c.epsilon());
                out.put("sigma_for_target_set_by", c.theoremBound() ? "theorem3_range" : "target");
                if (c.theoremBound()) {
                    slack = "--target-epsilon " + target + " is met with slack: the sigma it asks for, "
                            + NoiseCalibration.sigmaForRdp(unit, alpha, target) + ", is outside Theorem 3's range sigma^2 >= 2 alpha"
                            + " (alpha - 1) at --alpha " + alpha + "; sigma_for_target is the smallest sigma in the range, where the "
                            + stat + " loss is " + c.epsilon();
                }
            }
            if (slack != null) {
                warning = warning == null ? slack : warning + "; " + slack;
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

    /** Says what the Chebyshev operator deflated, or why it declined to (nothing for eigen or --solver chebyshev). */
    private static void putDeflation(Map<String, Object> out, PairwiseRows op) {
        if (op != null && op.deflated() > 0) {
            out.put("deflated_eigenpairs", op.deflated());
            out.put("deflation_error", op.deflationError());
        } else if (op != null && !op.deflationNote().equals(PairwiseRows.NOT_TRIED)) {
            // Deflation was considered and declined: say why (cost model, accuracy, memory, a missed eigenvalue).
            out.put("deflation_declined", op.deflationNote());
        }
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
}
