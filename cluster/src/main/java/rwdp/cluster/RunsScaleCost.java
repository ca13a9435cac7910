package rwdp.cluster;

import java.util.List;
import java.util.Locale;
import rwdp.claims.Claim;
import rwdp.claims.Profile;
import rwdp.cli.common.UserException;

/**
 * The cost of a cluster report's {@code --runs-scale}, estimated before anything runs from the runs each scaled claim
 * makes (the counts of yakimenka's {@code RealDataChecks}: runs per case × latency models × skip probabilities, each run
 * a training over a latency window) and a per-run cost measured on this project's 2-core machine: 0.05 CPU s per run
 * per 1,000 time units of window (2026-11-27: 312 runs of the quick profile's two housing claims in about 15 CPU s).
 */
final class RunsScaleCost {
    private RunsScaleCost() {}

    /** CPU seconds per run per 1,000 time units of the latency window. */
    static final double SECONDS_PER_RUN_PER_1000 = 0.05;

    /** One scaled claim: its id and, per profile, its runs per case, its cases and its window. */
    private record Scaled(String id, int quickRuns, int quickCases, int fullRuns, int fullCases) {}

    private static final List<Scaled> SCALED = List.of(
            new Scaled("yakimenka.fig4-housing", 12, 3 * 2, 200, 3 * 3),
            new Scaled("yakimenka.fig4-housing-gamma", 120, 2, 200, 2));

    /** Returns the estimated core-hours of {@code claims} at {@code scale} (only the scaled claims' runs count). */
    static double coreHours(Profile prof, List<Claim> claims, int scale) {
        double window = prof == Profile.QUICK ? 1000 : 8000;
        double seconds = 0;
        for (Claim c : claims) {
            for (Scaled s : SCALED) {
                if (s.id().equals(c.id())) {
                    long runs = prof == Profile.QUICK ? (long) s.quickRuns() * s.quickCases() : (long) s.fullRuns() * s.fullCases();
                    seconds += (double) runs * scale * SECONDS_PER_RUN_PER_1000 * window / 1000;
                }
            }
        }
        return seconds / 3600;
    }

    /**
     * Refuses a scale whose estimate exceeds {@code budget} core-hours, saying the estimate and the largest scale within it.
     *
     * @throws UserException when the estimate exceeds the budget
     */
    static void check(Profile prof, List<Claim> claims, int scale, double budget) {
        double hours = coreHours(prof, claims, scale);
        if (hours > budget) {
            double one = coreHours(prof, claims, 1);
            long fits = (long) Math.floor(budget / one);
            throw new UserException(String.format(Locale.ROOT, "--runs-scale %d would take about %.1f core-hours (%.0f runs of the scaled"
                    + " claims at about %.2f CPU s each): more than --budget-core-hours %s; use --runs-scale <= %d or raise the budget",
                    scale, hours, hours * 3600 / (SECONDS_PER_RUN_PER_1000 * (prof == Profile.QUICK ? 1 : 8)),
                    SECONDS_PER_RUN_PER_1000 * (prof == Profile.QUICK ? 1 : 8), budget, Math.max(1, fits)));
        }
    }
}
