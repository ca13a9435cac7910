package rwdp.cluster;

import java.nio.file.Path;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.cli.common.UserException;
import rwdp.cli.cyffers.PndpCommand;

/**
 * {@code rwdp cluster pndp}: {@code rwdp bound pndp --all-sources} with the blocks of senders run on a Spark cluster;
 * the same checks, the same JSON, bit for bit (only {@code seconds} differs), and a checkpoint to resume from.
 */
@Command(name = "pndp", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Exact pairwise network DP statistics over all ordered pairs (rwdp bound pndp --all-sources) on Spark:",
            "the driver builds the graph and the operator once and broadcasts them, executors compute blocks of senders,",
            "the driver merges them in block order, so the JSON is the local command's (only seconds differs).",
            "Progress (one line per finished block) and Spark's UI link on stderr."})
public final class ClusterPndpCommand extends PndpCommand {
    @Option(names = "--master", paramLabel = "URL",
            description = {"Spark master: local[*], local[N], spark://HOST:PORT, yarn, k8s://URL; optional under spark-submit,",
                "which sets it."})
    String master;

    @Option(names = "--blocks", paramLabel = "B",
            description = {"Spark blocks (tasks) the senders are cut into (default: one per 256 senders); a few times the",
                "cluster's cores balances the load, see docs/cluster.md."})
    Integer blocks;

    @Option(names = "--checkpoint", paramLabel = "DIR",
            description = {"Record each finished block in DIR (atomically); a rerun with the same arguments skips them and",
                "prints the same JSON; other arguments against an existing checkpoint are refused."})
    Path checkpoint;

    @Override
    protected boolean allSourcesOnly() {
        return true;
    }

    @Override
    public Integer call() {
        // Checked before the graph is built, long before anything is submitted.
        SparkJobs.master(master);
        if (blocks != null && blocks < 1) {
            throw new UserException("--blocks must be >= 1, got " + blocks);
        }
        if (checkpoint != null) {
            Checkpoint.checkPath(checkpoint);
        }
        return super.call();
    }

    @Override
    protected PairStatistics allSourcesStatistics(AllSourcesJob job) {
        int n = job.setting().w().n();
        AllPairsJob all = new AllPairsJob(n, job.block(), blocks != null ? blocks : AllPairsJob.defaultBlocks(n));
        String key = "rwdp cluster pndp checkpoint v1\n" + job.key() + "\ngraph_digest=" + AllPairsJob.graphDigest(job.setting().graph())
                + "\nblocks=" + all.blocks() + "\n";
        Checkpoint cp = null;
        if (checkpoint != null) {
            Checkpoint.checkCompatible(checkpoint, key);
        }
        JavaSparkContext sc = SparkJobs.start(SparkJobs.master(master), "rwdp cluster pndp");
        try {
            if (checkpoint != null) {
                cp = Checkpoint.open(checkpoint, key);
            }
            return all.run(sc, job.setting(), job.op(), cp, job.quiet());
        } finally {
            sc.stop();
        }
    }
}
