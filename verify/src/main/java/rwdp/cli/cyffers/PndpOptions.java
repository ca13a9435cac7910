package rwdp.cli.cyffers;

import java.nio.file.Path;
import picocli.CommandLine.Option;
import rwdp.bounds.pndp.PndpAccountant;

/**
 * The options of {@code rwdp bound pndp} (Cyffers et al., Thm. 3, App. B) and the refusal of an output path that cannot
 * be written; {@link PndpCommand} inherits them (picocli reads the annotated fields of superclasses).
 */
abstract class PndpOptions {
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

    @Option(names = "--solver", paramLabel = "auto|eigen|chebyshev|deflated", defaultValue = "auto",
            description = {"How to compute the matrix function: eigen (dense symmetric eigendecomposition), chebyshev",
                "(expansion on the sparse W, one n x n matrix of memory), deflated (the expansion with W's top",
                "eigenpairs split off exactly, for graphs whose gap is small: grids, geometric graphs), auto: the",
                "cheapest by a cost model; the JSON says which ran (solver, degree, deflated_eigenpairs)",
                "(default: ${DEFAULT-VALUE})."})
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
}
