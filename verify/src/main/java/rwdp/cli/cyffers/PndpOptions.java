package rwdp.cli.cyffers;

import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.cli.common.CommandDefaults;
import rwdp.cli.common.GraphOptions;
import rwdp.cli.common.OutputFile;
import rwdp.cli.common.SeedOption;
import rwdp.cli.common.WeightOptions;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.spectral.Solver;
import rwdp.bounds.pndp.PndpParams;

/**
 * The options of {@code rwdp bound pndp} (Cyffers et al., Thm. 3, App. B) and the refusal of an output path that cannot
 * be written; {@link PndpCommand} inherits them (picocli reads the annotated fields of superclasses).
 */
abstract class PndpOptions implements CommandDefaults.Declared {
    /** Theorem 3 needs W symmetric and doubly stochastic (Assumption 2): Metropolis weights are, on every graph. */
    private static final Map<String, String> DEFAULTS = Map.of("--weights", "metropolis");

    @Override
    public Map<String, String> optionDefaults() {
        return DEFAULTS;
    }

    @Mixin
    GraphOptions graphOptions;

    @Mixin
    WeightOptions weightOptions;

    @Mixin
    AccountingOptions accounting;

    @Option(names = "--method", paramLabel = "closed|series", defaultValue = "closed",
            description = "closed (Theorem 3) or series (exact finite-T series) (default: closed).")
    PndpChoices.Method method;

    @Option(names = "--sender", paramLabel = "anonymous|known", defaultValue = "anonymous",
            description = {"anonymous (eq. (7)) or known: max over neighbours w != v of v, as in App. B.1",
                "(default: anonymous)."})
    PndpChoices.Sender sender;

    @Option(names = "--solver", paramLabel = "auto|eigen|chebyshev|deflated", defaultValue = "auto",
            description = {"How to compute the matrix function: eigen (dense symmetric eigendecomposition), chebyshev",
                "(expansion on the sparse W, one n x n matrix of memory), deflated (the expansion with W's top",
                "eigenpairs split off exactly, for graphs whose gap is small: grids, geometric graphs), auto: the",
                "cheapest by a cost model; the JSON says which ran (solver, degree, deflated_eigenpairs)",
                "(default: ${DEFAULT-VALUE})."})
    Solver solver;

    @Option(names = "--matrix", paramLabel = "FILE.csv",
            description = {"Write the n x n matrix of eps_{u->v} (rows u, columns v, 0-based, diagonal 0,",
                "%%.17g) here, streamed row by row."})
    OutputFile matrix;

    @Option(names = "--source", paramLabel = "U", split = ",",
            description = {"Only sender U's row eps_{U->v} for every v (0-based), without the n x n matrix:",
                "O(K nnz) time, O(nnz + n) memory. A comma-separated list gives one row each."})
    int[] sources;

    @Option(names = "--row", paramLabel = "FILE.csv",
            description = "With a single --source: write v,epsilon,distance (0-based v, BFS distance from U, %%.17g).")
    OutputFile rowFile;

    @Option(names = "--sample", paramLabel = "K",
            description = {"All-pairs statistics from K exact sender rows (--seed): hubs computed with certainty, the rest",
                "drawn from strata of each node's truncated diagonal of f(W - J/n) (within --probes operator",
                "applications, beyond the K rows); mean with a confidence interval, max_sampled, by_distance with intervals."})
    Integer sample;

    /** Seeds --sample's senders and the Hutchinson probes. */
    @Mixin
    SeedOption seedOption;

    @Option(names = "--level", paramLabel = "L", defaultValue = "0.95",
            description = "Confidence level of --sample's intervals and of --certified's statistical mean (default: ${DEFAULT-VALUE}).")
    double level;

    @Option(names = "--probes", paramLabel = "P", defaultValue = "32",
            description = {"Budget in operator applications of --sample's stratifying proxy, and Hutchinson probes for",
                "the trace identity of the mean when n > " + PndpAccountant.SPECTRUM_ROUTE_MAX_N + " (--certified --sender known: senders",
                "drawn for the mean's exact rows) (default: ${DEFAULT-VALUE})."})
    int probes;

    @Option(names = "--certified",
            description = {"All-pairs min, mean and max as intervals [lo, hi] without all pairs: exact walks of a few steps",
                "from every node, longer ones from the senders that could hold the max, a tail bound from the Lanczos",
                "interval and exact rows; the JSON says which end is proven,",
                "attained or statistical (the mean: --probes Hutchinson probes; --sender known: --probes sampled senders'",
                "rows). Refused up front when it would not finish in minutes, with the estimate."})
    boolean certified;

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
            description = "Pair statistic that --target-epsilon calibrates (default: mean).")
    PndpChoices.Statistic statistic;

    @Option(names = "--force", description = "Compute even when sigma^2 < 2 alpha (alpha - 1); the JSON then has a 'warning'.")
    boolean force;
}
