package rwdp.cluster;

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

    @Option(names = "--checkpoint", paramLabel = "DIR|URI",
            description = {"Record each finished kernel block in DIR (a path on the driver, file://, hdfs://; atomically, with a",
                "checksum); a rerun with the same arguments (any --blocks) skips them and prints the same JSON; other",
                "arguments against an existing checkpoint, or a second driver at work on it, are refused."})
    String checkpoint;

    private Checkpoint.Location location;

    @Override
    protected boolean allSourcesOnly() {
        return true;
    }

    @Override
    public Integer call() {
        // Checked before the graph is built, long before anything is submitted.
        String m = SparkJobs.master(master);
        if (blocks != null && blocks < 1) {
            throw new UserException("--blocks must be >= 1, got " + blocks);
        }
        if (checkpoint != null) {
            location = Checkpoint.locate(checkpoint);
        }
        SparkJobs.reachable(m);
        Signals.install(checkpoint != null ? "; the checkpoint keeps every finished block: rerun the same command to resume"
                : "; nothing was written");
        try {
            return super.call();
        } catch (RuntimeException e) {
            throw Signals.failure(e);
        }
    }

    @Override
    protected PairStatistics allSourcesStatistics(AllSourcesJob job) {
        int n = job.setting().w().n();
        AllPairsJob all = new AllPairsJob(n, job.block(), blocks != null ? blocks : AllPairsJob.defaultBlocks(n));
        Checkpoint cp = null;
        if (location != null) {
            // The job's identity: the arguments, the graph's content, the deflation the driver chose, the code's version.
            String key = "rwdp cluster pndp checkpoint v2\n" + rwdp.cli.cyffers.PndpJobKey.of(job);
            cp = Checkpoint.open(location, key, rwdp.cli.cyffers.CodeVersion.current());
        }
        try (Checkpoint held = cp) {
            JavaSparkContext sc = SparkJobs.start(SparkJobs.master(master), "rwdp cluster pndp");
            try {
                return all.run(sc, job.setting(), job.op(), held, job.quiet());
            } finally {
                sc.stop();
            }
        }
    }
}
