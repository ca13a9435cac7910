package rwdp.cli.cyffers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.PndpPlan;
import rwdp.bounds.pndp.PndpSetting;
import rwdp.spectral.Solver;
import rwdp.spectral.SpectralInterval;
import rwdp.cli.common.Deltas;
import rwdp.cli.common.Outputs;
import rwdp.cli.common.UserException;
import rwdp.graph.Graph;
import rwdp.markov.TransitionMatrix;

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
    /** The batch route's --senders and --partial. */
    @picocli.CommandLine.Mixin
    PndpPartialOptions partialOptions;

    /**
     * What an all-sources run computes: the setting, its prepared row operator, the senders per kernel block, whether
     * progress is quiet, and {@code key}, the options and graph that determine every number (a checkpoint's identity).
     */
    public record AllSourcesJob(PndpSetting setting, MatrixFunctionOperator op, int block, boolean quiet, String key) {}

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
        PndpWork.refuseLong(job.op(), job.setting().w().n(), job.setting().w().n(), PndpWork.NS_PER_FLOP_BLOCKED, "--all-sources");
        try (Progress pb = Progress.start(job.quiet(), "senders", job.setting().w().n())) {
            return PndpAccountant.allSources(job.setting(), job.op(), job.block(), pb);
        }
    }

    /**
     * The options, checked and in library terms.
     *
     * @param params    alpha, sigma, T (T within Theorem 3's range)
     * @param series    --method series
     * @param known     --sender known
     * @param targetMax --statistic max
     * @param solver    --solver
     * @param warning   the admissibility warning under --force (null when sigma is in Theorem 3's range)
     */
    private record Checked(PndpParams params, boolean series, boolean known, boolean targetMax, Solver solver, String warning) {}

    /**
     * What a mode hands to the conversions: the mean and max they convert (NaN: none to convert) and the number of
     * ordered pairs with a negative loss.
     */
    private record Reported(double mean, double max, long negative) {}

    /** The largest --level: 1 − 2^−51, the last level for which (1 + level)/2 is below 1 in double precision. */
    static final double MAX_LEVEL = 1 - 0x1p-51;

    @Override
    public Integer call() {
        Checked c = checkOptions();
        partialOptions.check(allSources, allSourcesOnly());
        if (sample != null) {
            PndpWork.refuseLongBeforeGraph(graphOptions.spec(), sample + probes, PndpWork.NS_PER_FLOP_SINGLE, "--sample " + sample);
        } else if (allSources && !allSourcesOnly() && !partialOptions.requested()) {
            PndpWork.refuseLongBeforeGraph(graphOptions.spec(), -1, PndpWork.NS_PER_FLOP_BLOCKED, "--all-sources");
        }
        Graph g = loadGraph();
        checkNodes(g.n());
        PndpSetting setting = setting(g, c);
        int n = g.n();
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", n);
        if (sources != null && sources.length == 1) {
            out.put("source", sources[0]);
        }
        out.put("constant", c.params().constant(n));
        long t0 = System.nanoTime();
        PndpPlan plan = certified ? certifiedPlan(setting, c.solver()) : PndpAccountant.plan(setting, c.solver(), request());
        if (!certified && plan.request().kind() == PndpPlan.Request.Kind.SAMPLE) {
            PndpWork.refuseLong(plan.operator(), n, sample + probes, PndpWork.NS_PER_FLOP_SINGLE, "--sample " + sample);
        }
        Reported r = certified ? certified(setting, plan, out, t0) : switch (plan.request().kind()) {
            case MATRIX -> matrix(setting, plan, out, t0);
            case ROWS -> rows(setting, plan, out, t0);
            case SAMPLE -> sample(setting, plan, out, t0);
            case ALL_SOURCES -> allSources(setting, plan, out, t0);
        };
        if (r == null) {
            return 0; // a partial file was written
        }
        new PndpConversions(c.params(), accounting.alpha, accounting.sigma, c.series(), c.targetMax(), delta, target)
                .put(out, c.warning(), r.mean(), r.max(), r.negative());
        if (rowFile != null) {
            out.put("row", rowFile.toString());
        }
        Outputs.printJson(out);
        return 0;
    }

    /** Checks every option that needs no graph, in the order the messages are given, and returns them in library terms. */
    private Checked checkOptions() {
        if (allSourcesOnly()) {
            if (sources != null || sample != null || matrix != null) {
                throw new UserException("this command computes all sources: --source, --sample and --matrix are not options of it");
            }
            allSources = true;
        }
        PndpParams p = accounting.theorem3Params();
        String warning = p.admissibilityWarning();
        if (warning != null && !force) {
            double maxAlpha = PndpParams.maxAlpha(accounting.sigma);
            throw new UserException("--sigma " + accounting.sigma + " is outside Theorem 3's range sigma^2 >= 2 alpha (alpha - 1) at --alpha "
                    + accounting.alpha + ": use --sigma >= " + Math.sqrt(2 * accounting.alpha * (accounting.alpha - 1))
                    + (maxAlpha > 1 + 1e-9 ? " or --alpha <= " + maxAlpha : "") + ", or pass --force to compute anyway");
        }
        AccountingOptions.representable(p);
        if (delta != null) {
            Deltas.check("--delta", delta);
        }
        if (target != null && !(target > 0 && Double.isFinite(target))) {
            throw new UserException("--target-epsilon must be > 0 and finite, got " + target);
        }
        int modes = (sources != null ? 1 : 0) + (sample != null ? 1 : 0) + (allSources ? 1 : 0) + (certified ? 1 : 0);
        if (modes > 1) {
            throw new UserException("choose one of --source, --sample, --certified and --all-sources");
        }
        if (matrix != null && modes > 0) {
            throw new UserException("--matrix writes the n x n matrix; it does not combine with --source, --sample or --all-sources");
        }
        if (rowFile != null && (sources == null || sources.length != 1)) {
            throw new UserException("--row needs exactly one --source");
        }
        if (sample != null && sample < 2) {
            throw new UserException("--sample must be at least 2 senders (an interval needs two rows), got " + sample);
        }
        if (sample != null && statistic == PndpChoices.Statistic.MAX && target != null) {
            throw new UserException("--statistic max needs the exact max: use --all-sources, not --sample");
        }
        // The interval's quantile is taken at (1 + level)/2, which rounds to 1 (an infinite end) above 1 - 2^-51.
        if (!(level > 0 && (1 + level) / 2 < 1)) {
            throw new UserException("--level must be in (0, 1) and at most " + MAX_LEVEL + " (above, (1 + level)/2 rounds to 1 "
                    + "in double precision and the interval has no end), got " + level);
        }
        if (block < 1) {
            throw new UserException("--block must be >= 1, got " + block);
        }
        if (probes < 2) {
            throw new UserException("--probes must be >= 2, got " + probes);
        }
        return new Checked(p, method == PndpChoices.Method.SERIES, sender == PndpChoices.Sender.KNOWN,
                statistic == PndpChoices.Statistic.MAX, solver, warning);
    }

    /** Returns the graph of --graph: at least 2 nodes and connected, as pairwise losses need. */
    private Graph loadGraph() {
        return graphOptions.connectedGraph("pairwise losses need a connected graph");
    }

    /** Checks the options that name nodes or count them against the graph's n nodes. */
    private void checkNodes(int n) {
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
    }

    /** Returns the setting on the graph with W of --weights, checked symmetric doubly stochastic (Assumption 2). */
    private PndpSetting setting(Graph g, Checked c) {
        TransitionMatrix w = weightOptions.matrix(g);
        // Every solver validates W at its entry; once here gives the error before the solver is decided.
        MatrixFunctions.requireSymmetricDoublyStochastic(w);
        graphOptions.noteRenumbering(g);
        return new PndpSetting(g, w, c.params(), c.series() ? PndpSetting.Method.SERIES : PndpSetting.Method.CLOSED,
                c.known() ? PndpSetting.Sender.KNOWN : PndpSetting.Sender.ANONYMOUS);
    }

    /** Returns what the options ask of the accountant (--certified: one exact row). */
    private PndpPlan.Request request() {
        if (certified) {
            return PndpPlan.Request.rows(1);
        }
        if (sources != null) {
            return PndpPlan.Request.rows(sources.length);
        }
        if (sample != null) {
            return PndpPlan.Request.sample(sample, probes);
        }
        return allSources ? PndpPlan.Request.allSources() : PndpPlan.Request.matrix();
    }

    /**
     * Returns --certified's plan after refusing, before the expansion is built, a graph whose degree is beyond the walks
     * (PndpAccountant.certifiedSteps) or whose estimate is beyond minutes (PndpWork.refuseLongCertified).
     */
    private PndpPlan certifiedPlan(PndpSetting setting, Solver solver) {
        PndpAccountant.certifiedSteps(setting);
        SpectralInterval iv = MatrixFunctions.spectralInterval(setting.w());
        PndpWork.refuseLongCertified(setting, iv, probes, solver == Solver.DEFLATED);
        return PndpAccountant.plan(setting, solver, request(), iv);
    }

    /** Computes --certified's intervals, puts them (PndpOutput.putCertified) and returns the upper ends for conversions. */
    private Reported certified(PndpSetting setting, PndpPlan plan, Map<String, Object> out, long t0) {
        PairStatistics.Certified c = PndpAccountant.certified(setting, plan.operator());
        PairStatistics.Interval mean = PndpAccountant.certifiedMean(setting, plan.operator(), c, probes, seedOption.seed(), level);
        double meanHi = PndpOutput.putCertified(out, c, mean, setting.w().n() <= PndpAccountant.SPECTRUM_ROUTE_MAX_N ? 0 : probes,
                setting.senderKnown());
        putSolver(out, setting, plan, (System.nanoTime() - t0) / 1e9);
        return new Reported(meanHi, c.maxHi(), c.minHi() < 0 ? 1 : 0);
    }

    /** Computes the n x n matrix, puts its statistics (and writes --matrix) and returns its mean and max. */
    private Reported matrix(PndpSetting setting, PndpPlan plan, Map<String, Object> out, long t0) {
        double[][] eps = PndpAccountant.pairwise(setting, plan);
        double seconds = (System.nanoTime() - t0) / 1e9;
        PairStatistics st = PndpAccountant.stats(eps);
        out.put("min", st.min());
        out.put("mean", st.mean());
        out.put("max", st.max());
        out.put("argmax_u", st.argmaxU());
        out.put("argmax_v", st.argmaxV());
        putSolver(out, setting, plan, seconds);
        if (matrix != null) {
            PndpOutput.writeCsv(matrix.path(), eps);
            out.put("matrix", matrix.toString());
        }
        return new Reported(st.mean(), st.max(), PndpOutput.countNegative(eps));
    }

    /** Computes the rows of --source (writing --row), puts their statistics and returns those over all of them. */
    private Reported rows(PndpSetting setting, PndpPlan plan, Map<String, Object> out, long t0) {
        List<Map<String, Object>> rows = new ArrayList<>();
        PairStatistics all = new PairStatistics();
        for (int u : sources) {
            PndpAccountant.Row r = PndpAccountant.row(setting, plan.operator(), u);
            all.merge(r.stats());
            Map<String, Object> one = new LinkedHashMap<>();
            if (sources.length > 1) {
                one.put("source", u);
            }
            PndpOutput.putRowStats(one, r.stats());
            rows.add(one);
            if (rowFile != null) {
                PndpOutput.writeRow(rowFile.path(), r);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (sources.length == 1) {
            out.putAll(rows.get(0));
        } else {
            PndpOutput.putPairStats(out, all);
            out.put("sources", rows);
        }
        putSolver(out, setting, plan, seconds);
        return new Reported(all.mean(), all.max(), all.negative());
    }

    /**
     * Computes --sample's rows and, for an anonymous sender, the trace identity's mean; returns the mean conversions
     * may take (the exact spectrum mean, else the upper end of the sample's interval) and no max.
     */
    private Reported sample(PndpSetting setting, PndpPlan plan, Map<String, Object> out, long t0) {
        MatrixFunctionOperator op = plan.operator();
        PairStatistics.Sample sm;
        try (Progress pb = Progress.start(quiet, "senders", sample)) {
            sm = PndpAccountant.sample(setting, op, sample, probes, seedOption.seed(), level, pb);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        out.put("sampled_sources", sample);
        out.put("seed", seedOption.seed());
        out.put("mean", sm.mean().value());
        out.put("mean_ci_low", sm.mean().low());
        out.put("mean_ci_high", sm.mean().high());
        out.put("level", level);
        out.put("min_sampled", sm.pooled().min());
        out.put("max_sampled", sm.pooled().max());
        out.put("max_sampled_u", sm.pooled().argmaxU());
        out.put("max_sampled_v", sm.pooled().argmaxV());
        // The design: senders computed with certainty, strata drawn from, and the work of the proxy that fixed them,
        // in sparse products and in operator applications (each the expansion's degree of them), beyond the K rows.
        long proxyApplications = (sm.design().walkProducts() + Math.max(1, op.degree()) - 1) / Math.max(1, op.degree());
        out.put("sample_certain", sm.design().certain());
        out.put("sample_strata", sm.design().strata());
        out.put("sample_proxy_steps", sm.design().walkSteps());
        out.put("sample_proxy_products", sm.design().walkProducts());
        out.put("sample_proxy_applications", proxyApplications);
        // The proxy check: the same design drawn on the proxy as population. Where its intervals undercover, the
        // intervals on quantities shaped as the proxy (per-distance means; the sender-known mean) are flagged.
        if (sm.check().draws() > 0) {
            out.put("sample_proxy_check_covered", sm.check().coverage());
        }
        out.put("mean_ci_doubtful", sm.meanDoubtful());
        out.put("by_distance_ci_doubtful", sm.intervalsDoubtful());
        long applications = sample + proxyApplications;
        // A sampled mean is an estimate and max_sampled only a lower bound on the max: conversions take the exact
        // trace-identity mean when the spectrum gave it, else the upper end of the sample's interval.
        double reportedMean = sm.mean().high();
        if (!setting.senderKnown()) {
            PairStatistics.MeanIdentity id = PndpAccountant.meanIdentity(setting, op, probes, seedOption.seed(), level);
            out.put("mean_identity", id.mean());
            out.put("mean_identity_route", id.route());
            if (id.probes() > 0) {
                out.put("mean_identity_ci_low", id.ciLow());
                out.put("mean_identity_ci_high", id.ciHigh());
                out.put("mean_identity_probes", id.probes());
                applications += id.probes();
            }
            // Two intervals on the same quantity: they must overlap (or the spectrum value lie in the sample's).
            out.put("mean_identity_consistent", id.ciLow() <= sm.mean().high() && sm.mean().low() <= id.ciHigh());
            if (id.route().equals("spectrum")) {
                reportedMean = id.mean();
            }
        }
        out.put("operator_applications", applications);
        out.put("by_distance", PndpOutput.byDistance(sm.byDistance()));
        if (delta != null || target != null) {
            out.put("converted_mean", reportedMean);
        }
        putSolver(out, setting, plan, seconds);
        return new Reported(reportedMean, Double.NaN, sm.pooled().negative());
    }

    /** Computes the exact statistics over all ordered pairs by {@link #allSourcesStatistics} and puts them. */
    private Reported allSources(PndpSetting setting, PndpPlan plan, Map<String, Object> out, long t0) {
        int n = setting.w().n();
        String key = String.join("\n", "graph=" + graphOptions.spec(), "n=" + n, "edges=" + setting.graph().edgeCount(),
                "weights=" + setting.w().name(), "T=" + accounting.steps, "alpha=" + Double.toString(accounting.alpha), "sigma=" + Double.toString(accounting.sigma),
                "method=" + setting.methodName(), "sender=" + senderName(setting), "solver=" + plan.name(),
                "degree=" + plan.degree(), "block=" + block);
        AllSourcesJob job = new AllSourcesJob(setting, plan.operator(), block, quiet, key);
        if (partialOptions.requested()) {
            partialOptions.write(job);
            return null;
        }
        PairStatistics all = allSourcesStatistics(job);
        double seconds = (System.nanoTime() - t0) / 1e9;
        PndpOutput.putPairStats(out, all);
        out.put("by_distance", PndpOutput.byDistance(all));
        putSolver(out, setting, plan, seconds);
        out.put("block", block);
        return new Reported(all.mean(), all.max(), all.negative());
    }

    private static String senderName(PndpSetting setting) {
        return setting.senderKnown() ? "known" : "anonymous";
    }

    /** Puts what every mode reports after its statistics: the setting, the solver that ran and its deflation. */
    private void putSolver(Map<String, Object> out, PndpSetting setting, PndpPlan plan, double seconds) {
        PndpParams p = setting.params();
        int n = setting.w().n();
        out.put("ldp", p.localDp(n));
        out.put("contributions", p.contributions(n));
        out.put("method", setting.methodName());
        out.put("sender", senderName(setting));
        out.put("weights", setting.w().name());
        out.put("solver", plan.name());
        if (plan.degree() >= 0) {
            out.put("degree", plan.degree());
        }
        out.put("T", accounting.steps);
        out.put("alpha", accounting.alpha);
        out.put("sigma", accounting.sigma);
        out.put("seconds", seconds);
        PndpOutput.putDeflation(out, plan.operator());
    }
}
