package rwdp.cli.cyffers;

import rwdp.spectral.MatrixFunctionOperator;
import rwdp.graph.Graph;

/**
 * The identity of an all-sources job, as text: what determines every number of its statistics (the options, the
 * graph's content, the kernel blocks, the deflation the plan chose, the code's version). A cluster checkpoint and the
 * batch route's partial files carry it, and a file whose identity differs is never merged.
 */
public final class PndpJobKey {
    /** The line prefix of the code's version, the last line of a key. */
    public static final String VERSION_LINE = "rwdp_version=";

    private PndpJobKey() {}

    /** Returns the key of {@code job}: its options, then graph_digest, kernel_blocks, the deflation and the version. */
    public static String of(PndpCommand.AllSourcesJob job) {
        int n = job.setting().w().n();
        MatrixFunctionOperator op = job.op();
        return job.key() + "\ngraph_digest=" + graphDigest(job.setting().graph())
                + "\nkernel_blocks=" + (n + job.block() - 1) / job.block()
                + "\ndeflated_eigenpairs=" + (op == null ? 0 : op.deflated())
                + "\ndeflation_error=" + (op == null || op.deflated() == 0 ? "none" : Double.toString(op.deflationError()))
                + "\n" + VERSION_LINE + CodeVersion.current() + "\n";
    }

    /** Returns a text naming the graph's content (its adjacency, hashed): a file: graph edited between runs differs. */
    public static String graphDigest(Graph g) {
        long h = 1125899906842597L;
        for (int u = 0; u < g.n(); u++) {
            h = 31 * h + g.degree(u);
            for (int k = 0; k < g.degree(u); k++) {
                h = 31 * h + g.neighbor(u, k);
            }
        }
        return Long.toHexString(h);
    }
}
