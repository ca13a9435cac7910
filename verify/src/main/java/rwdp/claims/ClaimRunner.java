package rwdp.claims;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Consumer;
import rwdp.data.DataUnavailableException;

/**
 * Runs claims in parallel. Each claim gets its own seed (run seed and claim id), so verdicts
 * and numbers are the same for any thread count and order.
 */
public final class ClaimRunner {
    private final Profile profile;
    private final long seed;
    private final Path figuresDir;
    private final int threads;
    private final int runsScale;
    private final rwdp.random.MonteCarlo.Executor executor;
    /** What this run's claims compute once and share; a runner is one run, so it goes with the runner. */
    private final RunCache cache = new RunCache();

    /** Creates a runner; {@code threads} <= 0 means one per core. */
    public ClaimRunner(Profile profile, long seed, Path figuresDir, int threads) {
        this(profile, seed, figuresDir, threads, 1);
    }

    /** Creates a runner whose run-limited claims multiply their runs by {@code runsScale}; {@code threads} <= 0: one per core. */
    public ClaimRunner(Profile profile, long seed, Path figuresDir, int threads, int runsScale) {
        this(profile, seed, figuresDir, threads, runsScale, rwdp.random.MonteCarlo.LOCAL);
    }

    /**
     * Creates a runner whose run-limited claims multiply their runs by {@code runsScale} and whose claims' Monte Carlo
     * trials run on {@code executor} (passed to each claim's {@link CheckContext}); {@code threads} <= 0: one per core.
     */
    public ClaimRunner(Profile profile, long seed, Path figuresDir, int threads, int runsScale, rwdp.random.MonteCarlo.Executor executor) {
        this.executor = executor;
        this.runsScale = runsScale;
        this.profile = profile;
        this.seed = seed;
        this.figuresDir = figuresDir;
        this.threads = threads > 0 ? threads : Runtime.getRuntime().availableProcessors();
    }

    /** Returns the results of {@code claims}, in the same order; {@code onDone} sees each as it ends. */
    public List<ClaimResult> run(List<Claim> claims, Consumer<ClaimResult> onDone) {
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            List<ForkJoinTask<ClaimResult>> tasks = new ArrayList<>();
            for (Claim c : claims) {
                tasks.add(pool.submit(() -> {
                    ClaimResult r = runOne(c);
                    onDone.accept(r);
                    return r;
                }));
            }
            List<ClaimResult> out = new ArrayList<>();
            for (ForkJoinTask<ClaimResult> t : tasks) {
                out.add(t.join());
            }
            return out;
        } finally {
            pool.shutdown();
        }
    }

    /**
     * Returns the result of one claim. An exception in the check is an internal error ({@link ClaimResult#internalError}),
     * never a verdict; the one exception that is an answer is a data package found missing, wherever in the check it
     * surfaces, which is reported as not run ({@link Outcome#notRun}).
     */
    public ClaimResult runOne(Claim c) {
        long t0 = System.nanoTime();
        CheckContext ctx = new CheckContext(c.id(), profile, seed, figuresDir, runsScale, executor, cache);
        try {
            Outcome o = c.check().run(ctx);
            return new ClaimResult(c, o, (System.nanoTime() - t0) * 1e-9, null);
        } catch (Exception | AssertionError | StackOverflowError e) {
            DataUnavailableException missing = missingData(e);
            if (missing != null) {
                return new ClaimResult(c, Outcome.notRun(missing.debianPackage(), missing.getMessage()),
                        (System.nanoTime() - t0) * 1e-9, null);
            }
            StringWriter sw = new StringWriter();
            e.printStackTrace(new PrintWriter(sw));
            Evidence ev = new Evidence().put("internal_error", String.valueOf(e)).note(sw.toString());
            // The verdict is a placeholder: ClaimResult.label() reports the claim as an internal error.
            return new ClaimResult(c, new Outcome(Verdict.INCONCLUSIVE, ev), (System.nanoTime() - t0) * 1e-9,
                    String.valueOf(e));
        }
    }

    /** Returns the missing-data exception in {@code e}'s cause chain, or null. */
    private static DataUnavailableException missingData(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof DataUnavailableException d) {
                return d;
            }
        }
        return null;
    }
}
