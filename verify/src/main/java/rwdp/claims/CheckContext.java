package rwdp.claims;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.SplittableRandom;
import rwdp.random.MonteCarlo;
import rwdp.random.Rngs;

/**
 * What a check may use: the profile, its own seed (derived from the run seed and the claim
 * id, so a claim's numbers do not depend on which other claims run) and the figures folder.
 */
public final class CheckContext {
    private final Profile profile;
    private final long seed;
    private final Path figuresDir;
    private final String claimId;
    private final int runsScale;
    private final long runSeed;
    private final MonteCarlo.Runner trials;
    private final RunCache cache;

    /** Creates the context of claim {@code claimId} in a run seeded {@code runSeed}. */
    public CheckContext(String claimId, Profile profile, long runSeed, Path figuresDir) {
        this(claimId, profile, runSeed, figuresDir, 1);
    }

    /**
     * Creates the context of claim {@code claimId} in a run seeded {@code runSeed} whose run-limited claims multiply
     * their run counts by {@code runsScale} ({@link #runs}).
     *
     * @throws rwdp.check.InvalidArgumentException when {@code runsScale} is not in 1..10000
     */
    public CheckContext(String claimId, Profile profile, long runSeed, Path figuresDir, int runsScale) {
        this(claimId, profile, runSeed, figuresDir, runsScale, MonteCarlo.LOCAL, new RunCache());
    }

    /**
     * Creates the context of claim {@code claimId} in a run seeded {@code runSeed}, scaled by {@code runsScale}, whose
     * Monte Carlo trials ({@link #trials}) run on {@code executor} (this JVM's threads, or the cluster report's Spark) and
     * which shares {@code cache} with the run's other claims ({@link #cached}).
     *
     * @throws rwdp.check.InvalidArgumentException when {@code runsScale} is not in 1..10000 or {@code executor} is null
     * @throws NullPointerException when {@code cache} is null
     */
    public CheckContext(String claimId, Profile profile, long runSeed, Path figuresDir, int runsScale, MonteCarlo.Executor executor,
            RunCache cache) {
        this.trials = MonteCarlo.on(executor);
        this.cache = java.util.Objects.requireNonNull(cache, "cache");
        if (runsScale < 1 || runsScale > 10_000) {
            throw new rwdp.check.InvalidArgumentException("runs scale must be in 1..10000, got " + runsScale);
        }
        this.runsScale = runsScale;
        this.claimId = claimId;
        this.profile = profile;
        this.seed = Rngs.derive(runSeed, claimId);
        this.runSeed = runSeed;
        this.figuresDir = figuresDir;
    }

    /**
     * Returns the context claim {@code otherId} gets in this run (same profile, run seed, scale and figures folder). A
     * corrected statement decided on the very runs of its erratum draws them with this context's seeds, so the two
     * claims see one experiment whether they run together or alone.
     *
     * @throws NullPointerException when {@code otherId} is null
     */
    public CheckContext as(String otherId) {
        return new CheckContext(java.util.Objects.requireNonNull(otherId, "otherId"), profile, runSeed, figuresDir, runsScale,
                trials.executor(), cache);
    }

    /**
     * Returns the value of {@code key} in this run's cache, computing it once per run ({@link RunCache#get}): claims
     * that compare the same runs share them, and nothing is kept after the run.
     *
     * @throws NullPointerException when key or compute is null, or compute returns null
     */
    public <T> T cached(RunCache.Key<T> key, java.util.function.Supplier<? extends T> compute) {
        return cache.get(key, compute);
    }

    /** Returns the profile. */
    public Profile profile() {
        return profile;
    }

    /** Returns whether the quick profile is running. */
    public boolean quick() {
        return profile == Profile.QUICK;
    }

    /**
     * Returns the run count of a claim whose power is limited by runs: {@code base} times the run's scale (1 unless a
     * cluster report asked for more with --runs-scale). Trial i keeps its seed, so the first {@code base} runs are
     * those of the unscaled run.
     */
    public int runs(int base) {
        return Math.toIntExact((long) base * runsScale);
    }

    /** Returns the factor {@link #runs} multiplies by. */
    public int runsScale() {
        return runsScale;
    }

    /** Returns where this run's Monte Carlo trials run (trial i keeps its seed and index on any executor). */
    public MonteCarlo.Runner trials() {
        return trials;
    }

    /** Returns this claim's seed. */
    public long seed() {
        return seed;
    }

    /** Returns the seed of the named sub-task of this claim. */
    public long seed(String label) {
        return Rngs.derive(seed, label);
    }

    /** Returns a generator seeded with this claim's seed. */
    public SplittableRandom rng() {
        return Rngs.root(seed);
    }

    /** Returns the id of the claim being checked. */
    public String claimId() {
        return claimId;
    }

    /**
     * Returns the path for a figure named {@code <claim id>-<name>.png} under the figures
     * folder, creating the folder; draw it with {@code rwdp.plot.Charts} (which writes the
     * SVG twin beside it) and record it with {@link Evidence#figure}.
     *
     * @throws UncheckedIOException when the figures folder cannot be created
     */
    public Path figure(String name) {
        try {
            Files.createDirectories(figuresDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return figuresDir.resolve(figureFile(name));
    }

    /** Returns the file name {@link #figure(String)} uses. */
    public String figureFile(String name) {
        return claimId + "-" + name + ".png";
    }
}
