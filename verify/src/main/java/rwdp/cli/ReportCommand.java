package rwdp.cli;

import rwdp.cli.common.SeedOption;
import rwdp.cli.common.UserException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import rwdp.check.Checks;
import rwdp.claims.Claim;
import rwdp.registry.ClaimRegistry;
import rwdp.claims.ClaimResult;
import rwdp.claims.ClaimRunner;
import rwdp.claims.Profile;
import rwdp.report.ReportWriter;

/** {@code rwdp report}: runs the claims and writes the report. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Run every registered claim and write DIR/index.html, DIR/report.md, DIR/claims.json",
            "and DIR/figures/. Progress goes to stderr. Exit 0 when every verdict equals its",
            "recorded expectation, 1 otherwise, 3 when a check threw (an internal error: no verdict,",
            "listed at the top of the report).",
            "The report is built in a temporary sibling folder and moved in at the end; DIR must be",
            "new, empty or a previous report, of which only the files it wrote (listed in DIR/.rwdp-report)",
            "are replaced: anything else a user keeps in DIR stays untouched, even if the run is interrupted.",
            "DIR may be a symbolic link to a folder: the report is written there."})
public class ReportCommand implements Callable<Integer> {
    @Option(names = "--profile", paramLabel = "quick|full", defaultValue = "quick",
            description = "quick: small sizes, about two minutes on 2 cores; full: the papers' sizes (default: ${DEFAULT-VALUE}).")
    Profile profile;

    @Option(names = "--out", paramLabel = "DIR", defaultValue = "report", description = "Output folder (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--only", paramLabel = "PREFIX", description = "Run only the claims whose id starts with PREFIX (e.g. ayache. or cyffers.thm3).")
    String only;

    /** The run seed; every claim derives its own from it. */
    @Mixin
    SeedOption seedOption;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "0", description = "Claims run at once, 0 to 256 (default 0: one per core).")
    int threads;

    @Option(names = "--quiet", description = "No progress bar.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        Profile prof = profile;
        Checks.checkThreads(threads, "--threads");
        List<Claim> claims = ClaimRegistry.matching(only);
        if (claims.isEmpty()) {
            throw new UserException("no claim id starts with '" + only + "'");
        }
        ReportFolder folder = ReportFolder.open(out);
        try {
            beforeRun(prof, claims);
            return run(prof, claims, folder);
        } finally {
            folder.abandon();
        }
    }

    /**
     * Called once the options and the output folder are checked and before anything is written or run: a subclass
     * refuses its own bad input here or prepares where the trials run (the cluster report starts Spark).
     *
     * @throws rwdp.check.InvalidArgumentException when the run cannot start
     */
    protected void beforeRun(Profile prof, List<Claim> claims) {
    }

    /** Returns where the claims' Monte Carlo trials run (this JVM here; Spark's executors in the cluster report). */
    protected rwdp.random.MonteCarlo.Executor trialExecutor() {
        return rwdp.random.MonteCarlo.LOCAL;
    }

    /** Returns the factor by which run-limited claims multiply their runs (1 here; the cluster report's --runs-scale). */
    protected int runsScale() {
        return 1;
    }

    /** Returns where the run ran, for the report's header: this machine's cores and system (the cluster report adds Spark's). */
    protected String machine() {
        return Runtime.getRuntime().availableProcessors() + " cores, " + System.getProperty("os.name") + " " + System.getProperty("os.arch");
    }

    /** Returns the run seed (--seed). */
    protected final long seed() {
        return seedOption.seed();
    }

    /** Returns whether progress is off (--quiet). */
    protected final boolean quiet() {
        return quiet;
    }

    private int run(Profile prof, List<Claim> claims, ReportFolder folder) throws IOException {
        Path figures = folder.staging().resolve("figures");
        long t0 = System.nanoTime();
        ClaimRunner runner = new ClaimRunner(prof, seed(), figures, threads, runsScale(), trialExecutor());
        List<ClaimResult> results;
        if (quiet) {
            results = runner.run(claims, r -> { });
        } else {
            try (ProgressBar pb = new ProgressBarBuilder().setTaskName("claims").setInitialMax(claims.size())
                    .setStyle(ProgressBarStyle.ASCII).setUpdateIntervalMillis(500)
                    .setConsumer(new ConsoleProgressBarConsumer(System.err)).build()) {
                results = runner.run(claims, r -> {
                    synchronized (pb) {
                        pb.step();
                        pb.setExtraMessage(String.format(Locale.ROOT, "%-34.34s", r.claim().id() + " " + r.label()));
                    }
                });
            }
        }
        double seconds = (System.nanoTime() - t0) * 1e-9;
        ReportWriter.RunInfo info = new ReportWriter.RunInfo(prof.label(), seed(), seconds,
                "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vm.name") + ")",
                machine());
        ReportWriter.write(folder.staging(), results, info);
        folder.commit();
        long unexpected = results.stream().filter(r -> !r.asExpected()).count();
        long errors = results.stream().filter(ClaimResult::internalError).count();
        for (ClaimResult r : results) {
            if (r.internalError()) {
                System.err.println("INTERNAL ERROR " + r.claim().id() + ": " + r.error() + " (a defect of rwdp, not a verdict)");
            } else if (!r.asExpected()) {
                System.err.println("UNEXPECTED " + r.claim().id() + ": " + r.outcome().verdict() + " (expected "
                        + r.claim().expected() + ")");
            }
        }
        System.err.printf(Locale.ROOT, "%d claims in %.1f s, %d not as expected%s; report in %s%n",
                results.size(), seconds, unexpected, errors == 0 ? "" : ", " + errors + " of them INTERNAL ERRORS (exit 3)",
                out.resolve("index.html"));
        // An internal error outranks a wrong verdict: the run could not decide that claim at all.
        return errors > 0 ? 3 : unexpected == 0 ? 0 : 1;
    }
}
