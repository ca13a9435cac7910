package rwdp.cluster;

import java.io.IOException;
import java.util.List;
import org.apache.spark.api.java.JavaSparkContext;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import rwdp.claims.Claim;
import rwdp.claims.Profile;
import rwdp.cli.common.UserException;
import rwdp.cli.ReportCommand;
import rwdp.random.MonteCarlo;

/**
 * {@code rwdp cluster report}: {@code rwdp report} with the claims' Monte Carlo trials on Spark executors; the same
 * checks and the same report (trial i keeps its seed and its index).
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"rwdp report with the claims' Monte Carlo trials (MonteCarlo.run/runVectors) on Spark executors:",
            "the same claims.json evidence as ./rwdp report for the same --profile, --only and --seed. Trials that",
            "capture values Java cannot serialize run in the driver (the count is printed at the end)."})
public final class ClusterReportCommand extends ReportCommand {
    @Option(names = "--master", paramLabel = "URL",
            description = "Spark master: local[*], local[N], spark://HOST:PORT, yarn, k8s://URL; optional under spark-submit.")
    String master;

    @Option(names = "--runs-scale", paramLabel = "K", defaultValue = "1",
            description = {"Multiply the run counts of the claims whose power is limited by runs (yakimenka.fig4-housing and",
                "-gamma) by K, 1..10000; each states in its evidence the runs it used and the runs it would need to decide",
                "(default: ${DEFAULT-VALUE})."})
    int runsScale;

    @Option(names = "--budget-core-hours", paramLabel = "H", defaultValue = "2",
            description = {"Refuse, before anything runs, a --runs-scale whose estimated cost of the scaled claims exceeds H",
                "core-hours (default: ${DEFAULT-VALUE}); the message gives the estimate."})
    double budgetCoreHours;

    private JavaSparkContext sc;
    private SparkTrials trials;

    @Override
    public Integer call() throws IOException {
        String m = SparkJobs.master(master);
        if (runsScale < 1 || runsScale > 10_000) {
            throw new UserException("--runs-scale must be in 1..10000, got " + runsScale);
        }
        if (!(budgetCoreHours > 0 && Double.isFinite(budgetCoreHours))) {
            throw new UserException("--budget-core-hours must be > 0 and finite, got " + budgetCoreHours);
        }
        SparkJobs.reachable(m);
        Signals.install("; --out keeps its previous content (a report is moved in only when complete)");
        try {
            return super.call();
        } catch (RuntimeException e) {
            throw Signals.failure(e);
        } finally {
            if (trials != null) {
                System.err.println(trials.summary());
            }
            if (sc != null) {
                sc.stop();
            }
        }
    }

    @Override
    protected void beforeRun(Profile prof, List<Claim> claims) {
        RunsScaleCost.check(prof, claims, runsScale, budgetCoreHours);
        sc = SparkJobs.start(SparkJobs.master(master), "rwdp cluster report");
        trials = new SparkTrials(sc, quiet());
    }

    @Override
    protected MonteCarlo.Executor trialExecutor() {
        return trials;
    }

    @Override
    protected String machine() {
        String m = super.machine();
        if (sc == null) {
            return m;
        }
        // The trials ran on the executors: their cores (as Spark counts them at the end), not only the driver's.
        return "driver " + m + "; Spark " + sc.version() + " on " + sc.master() + ", " + sc.defaultParallelism()
                + " executor cores (Spark's default parallelism)";
    }

    @Override
    protected int runsScale() {
        return runsScale;
    }

    /** Returns the executor of the last run (tests read its counts), or null before one. */
    SparkTrials trials() {
        return trials;
    }
}
