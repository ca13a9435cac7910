package rwdp.cli.cyffers;

import java.util.Locale;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.bounds.pndp.PndpSetting;
import rwdp.markov.TransitionMatrix;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.spectral.MatrixFunctions;
import rwdp.spectral.SpectralInterval;
import rwdp.spectral.SpectrumOutOfReachException;
import rwdp.cli.common.UserException;
import rwdp.graph.GraphSpec;

/**
 * The size guard of the sender-row paths of {@code bound pndp} ({@code --sample}, {@code --all-sources}; Cyffers et al.,
 * Thm. 3): their work grows as rows × n, so a large graph is refused before any row is computed, with what it would take.
 *
 * <p>Each row costs 2(nnz + 3n)·K flops for the Chebyshev expansion of degree K on W's nnz stored entries, plus 2n·k for k
 * deflated eigenpairs (the plan's own cost model). The rates are measured on this machine, quiet (docs/cyffers.md,
 * "Large graphs"): {@code --all-sources}, whose multi-vector kernel runs blocks of senders on both cores, took 82.0 s on
 * {@code er:20000,0.0005,1} (K = 63) for 7.1e11 flops, 0.116 ns per flop; deflated (K = 37, 62 pairs) 63.1 s for 4.6e11,
 * 0.137 ns; on {@code grid:100,100} 0.05 to 0.063 ns. {@code --sample}'s rows go one by one: {@code --sample 200} on
 * {@code regular:100000,8,1} (K = 28, 232 applications with the proxy's 32) took 12.9 s of CPU for 1.56e10 flops,
 * 0.83 ns per flop. A load average of 13 to 20 makes the wall time 3 to 10 times longer ({@code --sample 5000} on
 * {@code regular:60000,8,1}, estimated 162 s, ran at 2.9 rows a second: half an hour).
 */
final class PndpWork {
    private PndpWork() {}

    /** Wall nanoseconds per flop of --all-sources' blocked kernel on a quiet 2-core machine (measured, above). */
    static final double NS_PER_FLOP_BLOCKED = 0.1;

    /** Wall nanoseconds per flop of --sample's rows, one at a time (measured, above). */
    static final double NS_PER_FLOP_SINGLE = 0.8;

    /**
     * The estimate above which a run is refused: two minutes on a quiet machine, so the documented all-sources example
     * ({@code er:20000,0.0005,1}, estimated 71 s, measured 82 s) runs and n = 2·10^5 senders (hours) does not.
     */
    static final double MAX_SECONDS = 120;

    /** Returns the flops of one row (one operator application) of {@code op}, by the plan's cost model. */
    static double flopsPerRow(MatrixFunctionOperator op, int n) {
        return flopsPerRow(op.nonZeros(), n, op.degree(), op.deflated());
    }

    /** Returns the flops of one application of a degree-K expansion on nnz stored entries with k deflated pairs. */
    static double flopsPerRow(int nonZeros, int n, int degree, int deflated) {
        return 2.0 * (nonZeros + 3.0 * n) * Math.max(1, degree) + 2.0 * n * deflated;
    }

    /** Returns the estimated wall seconds of {@code rows} operator applications of {@code op} at {@code nsPerFlop}. */
    static double seconds(MatrixFunctionOperator op, int n, double rows, double nsPerFlop) {
        return rows * flopsPerRow(op, n) * nsPerFlop * 1e-9;
    }

    /**
     * Refuses {@code rows} operator applications of {@code op} at {@code nsPerFlop} estimated above {@link #MAX_SECONDS},
     * saying what they would take; {@code what} names the option that asked for them.
     *
     * @throws UserException when the estimate exceeds {@link #MAX_SECONDS}
     */
    static void refuseLong(MatrixFunctionOperator op, int n, double rows, double nsPerFlop, String what) {
        double s = seconds(op, n, rows, nsPerFlop);
        if (s > MAX_SECONDS) {
            throw new UserException(String.format(Locale.ROOT, "%s on %d nodes computes %.3g sender rows of %.3g flops each "
                    + "(Chebyshev degree %d on %d stored entries of W), about %s on a quiet 2-core machine, more than %.0f s: "
                    + "use --source U for single rows, --sample K with fewer senders, or the cluster command (docs/cluster.md)",
                    what, n, rows, flopsPerRow(op, n), op.degree(), op.nonZeros(), duration(s), MAX_SECONDS));
        }
    }

    /**
     * Refuses, before the graph is built, {@code rows} applications whose lower bound already exceeds
     * {@link #MAX_SECONDS}: the spec's expected n nodes and E edges give 2E + n stored entries of W and a degree of at
     * least 1, so a refusal here is certain; a graph whose size only its file knows passes to {@link #refuseLong}.
     *
     * @param rows the applications, or a negative value for one per node (--all-sources)
     * @throws UserException when even the lower bound exceeds {@link #MAX_SECONDS}
     */
    static void refuseLongBeforeGraph(GraphSpec spec, double rows, double nsPerFlop, String what) {
        double n = spec.nodes();
        double e = spec.edges();
        if (!(n >= 2 && e >= 0)) {
            return;
        }
        double r = rows < 0 ? n : Math.min(rows, n);
        double least = r * 2.0 * (2 * e + 4 * n) * nsPerFlop * 1e-9;
        if (least > MAX_SECONDS) {
            throw new UserException(String.format(Locale.ROOT, "%s on --graph %s (about %.3g nodes, %.3g edges) computes %.3g sender "
                    + "rows of at least %.3g flops each, at least %s on a quiet 2-core machine, more than %.0f s: use --source U "
                    + "for single rows, --sample K with fewer senders, or the cluster command (docs/cluster.md)", what, spec, n, e,
                    r, 2.0 * (2 * e + 4 * n), duration(least), MAX_SECONDS));
        }
    }

    /**
     * Wall nanoseconds per flop of {@code --certified}'s rows and probes, whose vectors of 10⁵–10⁶ nodes leave the cache:
     * the multi-vector kernel took 0.99 CPU s per sender on {@code regular:1000000,8,1} (K = 28, 6.7e8 flops a row), 0.74
     * ns per flop on two cores; {@code geometric:100000,0.008,1 --certified} (K = 1942, about 50 rows of 9.3e9 flops
     * with its walks) took 298 s, 0.65 ns.
     */
    static final double NS_PER_FLOP_CERTIFIED = 0.75;

    /** The estimate above which {@code --certified} is refused: the ten minutes it is meant to finish in. */
    static final double MAX_CERTIFIED_SECONDS = 600;

    /**
     * Refuses {@code --certified} on W whose interval {@code iv} needs more than {@link #MAX_CERTIFIED_SECONDS}: the
     * expansion's degree K on iv prices the attained row, the max's candidate rows (at most their budget) and
     * {@code probes} Hutchinson probes at {@link #NS_PER_FLOP_CERTIFIED}, and, when Lanczos did not settle, the check of
     * the interval by a filter of degree 2K on one vector at {@link #NS_PER_FLOP_SINGLE}. Nothing is refused when K
     * itself is out of reach (the plan says why) or {@code deflated} (deflation prices itself).
     *
     * @throws UserException when the estimate exceeds {@link #MAX_CERTIFIED_SECONDS}
     */
    static void refuseLongCertified(PndpSetting s, SpectralInterval iv, int probes, boolean deflated) {
        if (deflated) {
            return;
        }
        int degree;
        try {
            degree = MatrixFunctions.chebyshevDegree(s.function(), iv, MatrixFunctions.DEFAULT_CHEBYSHEV_TOLERANCE).length - 1;
        } catch (SpectrumOutOfReachException tooLong) {
            return;
        }
        TransitionMatrix w = s.w();
        int n = w.n();
        double perRow = flopsPerRow(w.nonZeros(), n, degree, 0);
        int rows = PndpAccountant.certifiedRows(degree, w.nonZeros(), n, probes, s.senderKnown());
        double rowSeconds = rows * perRow * NS_PER_FLOP_CERTIFIED * 1e-9;
        double filterSeconds = iv.settled() ? 0 : 2.0 * perRow * NS_PER_FLOP_SINGLE * 1e-9;
        double total = rowSeconds + filterSeconds;
        if (total > MAX_CERTIFIED_SECONDS) {
            String check = filterSeconds == 0 ? "" : String.format(Locale.ROOT, ", and %s to check the interval Lanczos did not "
                    + "settle (more if the spectrum reaches beyond it)", duration(filterSeconds));
            throw new UserException(String.format(Locale.ROOT, "--certified on %d nodes needs a Chebyshev expansion of degree %d "
                    + "(W's spectrum reaches %.6f), so up to %d rows and probes of %.3g flops each%s: "
                    + "about %s on a quiet 2-core machine, more than %.0f s; fewer --probes (a wider mean), --source U for single "
                    + "rows, or the cluster command (docs/cluster.md)", n, degree, Math.max(Math.abs(iv.lower()), Math.abs(iv.upper())),
                    rows, perRow, check, duration(total), MAX_CERTIFIED_SECONDS));
        }
    }

    private static String duration(double s) {
        return s < 3600 ? String.format(Locale.ROOT, "%.0f s", s) : String.format(Locale.ROOT, "%.1f hours", s / 3600);
    }
}
