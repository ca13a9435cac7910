package rwdp.cli.cyffers;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.stream.IntStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.bounds.pndp.NoiseCalibration;
import rwdp.bounds.pndp.PairwiseMatrixFunction;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpParams;
import rwdp.bounds.pndp.SpectralFunction;
import rwdp.bounds.privacy.RdpConversion;
import rwdp.cli.Outputs;
import rwdp.cli.UserException;
import rwdp.graph.Graph;
import rwdp.graph.GraphSpec;
import rwdp.markov.TransitionMatrix;
import rwdp.markov.WeightScheme;

/** {@code rwdp bound pndp}: the all-pairs PNDP matrix of RW DP-SGD (Cyffers et al., Thm. 3, App. B). */
@Command(name = "pndp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Pairwise network DP losses eps_{u->v} of RW DP-SGD for every ordered pair of nodes",
            "(Cyffers, Bellet & Upadhyay, ICML 2024, Theorem 3). Prints {n, constant, min, mean, max, ...}:",
            "constant = alpha T ln T/(sigma^2 n^2); min/mean/max over the ordered pairs u != v (Renyi DP of order alpha).",
            "--method closed: Theorem 3, eps = constant + alpha T L(W)_uv/(sigma^2 n), L(W) = -ln(I - W + J/n).",
            "--method series: the exact finite-T series N_u alpha/sigma^2 sum_{t<=T} (W^t)_uv/t with N_u = T/n",
            "  (larger than the closed form by about alpha T gamma/(sigma^2 n^2), gamma = 0.5772; see docs/cyffers.md).",
            "W must be symmetric and doubly stochastic on a connected graph (Assumption 2)."})
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
            description = "Write the n x n matrix of eps_{u->v} (rows u, columns v, 0-based, diagonal 0, %%.17g) here.")
    Path matrix;

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
        if (target != null && !(target > 0)) {
            throw new UserException("--target-epsilon must be > 0, got " + target);
        }
        if (matrix != null) {
            Path parent = matrix.toAbsolutePath().getParent();
            if (parent != null && !Files.isDirectory(parent)) {
                throw new UserException("cannot write " + matrix + ": folder " + parent + " does not exist");
            }
        }
        Graph g = GraphSpec.parse(graph);
        if (!g.isConnected()) {
            throw new UserException("the graph " + graph + " is not connected: pairwise losses need a connected graph");
        }
        if (g.n() < 2) {
            throw new UserException("the graph needs at least 2 nodes");
        }
        TransitionMatrix w = WeightScheme.parse(weights).build(g);
        PairwiseMatrixFunction.requireSymmetricDoublyStochastic(w);
        if (g.isRenumbered()) {
            System.err.println("note: node ids were renumbered 0.." + (g.n() - 1) + " in increasing id order; "
                    + "use `rwdp graph info --graph " + graph + " --mapping FILE` for the mapping");
        }

        long t0 = System.nanoTime();
        PairwiseMatrixFunction.Method used = solverMethod == PairwiseMatrixFunction.Method.AUTO
                ? PairwiseMatrixFunction.chooses(w) : solverMethod;
        SpectralFunction f = m.equals("closed") ? SpectralFunction.logResolvent() : SpectralFunction.partialLogSeries(steps);
        double[][] eps = PairwiseMatrixFunction.compute(w, f, used);
        if (s.equals("known")) {
            PndpAccountant.senderKnownInPlace(eps, g);
        }
        if (m.equals("closed")) {
            PndpAccountant.closedFormInPlace(eps, p);
        } else {
            PndpAccountant.seriesInPlace(eps, p);
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        PndpAccountant.PairStats st = PndpAccountant.stats(eps);
        int n = g.n();

        Map<String, Object> out = new LinkedHashMap<>();
        out.put("n", n);
        out.put("constant", PndpAccountant.constant(p, n));
        out.put("min", st.min());
        out.put("mean", st.mean());
        out.put("max", st.max());
        out.put("argmax_u", st.argmaxU());
        out.put("argmax_v", st.argmaxV());
        out.put("ldp", PndpAccountant.localDp(p, n));
        out.put("contributions", PndpAccountant.contributions(p, n));
        out.put("method", m);
        out.put("sender", s);
        out.put("weights", w.name());
        out.put("solver", used.name().toLowerCase(Locale.ROOT));
        out.put("T", steps);
        out.put("alpha", alpha);
        out.put("sigma", sigma);
        out.put("seconds", seconds);
        if (delta != null) {
            for (String which : new String[] {"mean", "max"}) {
                double unit = (which.equals("mean") ? st.mean() : st.max()) / p.rate();
                NoiseCalibration.Calibration mi = NoiseCalibration.guarantee(unit, sigma, delta, RdpConversion::mironov);
                NoiseCalibration.Calibration im = NoiseCalibration.guarantee(unit, sigma, delta, RdpConversion::improved);
                out.put(which + "_dp_mironov", mi.epsilon());
                out.put(which + "_dp_mironov_alpha", mi.alpha());
                out.put(which + "_dp_improved", im.epsilon());
                out.put(which + "_dp_improved_alpha", im.alpha());
            }
            out.put("delta", delta);
        }
        if (target != null) {
            double unit = (stat.equals("mean") ? st.mean() : st.max()) / p.rate();
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
        if (matrix != null) {
            writeCsv(matrix, eps);
            out.put("matrix", matrix.toString());
        }
        Outputs.printJson(out);
        return 0;
    }

    /** Writes the matrix with %.17g, rows formatted in parallel (formatting dominates the write time). */
    static void writeCsv(Path file, double[][] m) {
        int n = m.length;
        String[] lines = new String[n];
        IntStream.range(0, n).parallel().forEach(u -> {
            StringBuilder sb = new StringBuilder(n * 24);
            java.util.Formatter fmt = new java.util.Formatter(sb, Locale.ROOT);
            for (int v = 0; v < n; v++) {
                if (v > 0) {
                    sb.append(',');
                }
                fmt.format("%.17g", m[u][v]);
            }
            sb.append('\n');
            lines[u] = sb.toString();
        });
        Outputs.write(file, w -> {
            for (String line : lines) {
                w.write(line);
            }
        });
    }
}
