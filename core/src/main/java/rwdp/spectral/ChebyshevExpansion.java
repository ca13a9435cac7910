package rwdp.spectral;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * The Chebyshev expansion of a spectral function on the spectral interval and its block three-term step on the
 * sparse W, projected on 1⊥ (Cyffers et al., Thm. 3, App. B).
 */
final class ChebyshevExpansion {
    private ChebyshevExpansion() {}

    /**
     * Returns the Chebyshev coefficients c_0..c_K of f on [iv.lower, iv.upper] (c_0 already
     * halved), K the smallest degree whose dropped coefficients sum below tol·max|c|.
     *
     * @throws SpectrumOutOfReachException when no degree within the limit meets tol on iv (the expansion would be too
     *     long)
     */
    public static double[] chebyshevDegree(SpectralFunction f, SpectralInterval iv, double tol) {
        double[] c = coefficientsWithin(f, iv, tol);
        if (c == null) {
            throw new SpectrumOutOfReachException(tooLong(f, iv) + " (or take a graph with a larger gap); for the n x n matrix, ",
                    rwdp.check.Remedy.EIGEN);
        }
        return c;
    }

    /** Largest number of Chebyshev nodes tried: beyond it the expansion is refused. */
    static final int MAX_NODES = 1 << 15;

    /** Returns what is wrong when the spectral gap is too small for the plain expansion (no remedy: the caller's). */
    static String tooLong(SpectralFunction f, SpectralInterval iv) {
        return String.format(java.util.Locale.ROOT, "the spectral gap of W is too small for the Chebyshev expansion of %s "
                + "(1 - lambda_2 = %.3g needs more than %d terms)", f.name(), 1 - iv.ritzMax(), MAX_NODES / 2);
    }

    /** Returns {@link #chebyshevDegree}'s coefficients, or null when more than {@link #MAX_NODES}/2 terms are needed. */
    static double[] coefficientsWithin(SpectralFunction f, SpectralInterval iv, double tol) {
        double a = iv.lower();
        double b = iv.upper();
        for (int nodes = 64; ; nodes *= 2) {
            double[] fx = new double[nodes];
            for (int j = 0; j < nodes; j++) {
                double y = Math.cos(Math.PI * (j + 0.5) / nodes);
                fx[j] = f.apply(0.5 * (b - a) * y + 0.5 * (a + b));
            }
            double[] c = new double[nodes];
            double max = 0;
            // cos(πk(j + ½)/N) = cos(π·m/(2N)) with m = k(2j + 1) mod 4N: one table of 4N cosines instead of N² calls.
            int period = 4 * nodes;
            double[] cos = new double[period];
            for (int m = 0; m < period; m++) {
                cos[m] = Math.cos(Math.PI * m / (2.0 * nodes));
            }
            for (int k = 0; k < nodes; k++) {
                double s = 0;
                int m = k % period;
                int stride = (2 * k) % period;
                for (int j = 0; j < nodes; j++) {
                    s += fx[j] * cos[m];
                    m += stride;
                    if (m >= period) {
                        m -= period;
                    }
                }
                c[k] = 2 * s / nodes;
                max = Math.max(max, Math.abs(c[k]));
            }
            c[0] /= 2;
            // K is the last coefficient above tol·max: the DCT's rounding floor (~1e-16·max·√nodes) stays below
            // it, and with geometric decay the dropped tail is a small multiple of tol·max.
            int k = nodes - 1;
            double floor = Math.max(tol, 4e-16 * Math.sqrt(nodes));
            while (k > 0 && Math.abs(c[k]) <= floor * max) {
                k--;
            }
            if (k < nodes / 2) {
                return Arrays.copyOf(c, k + 1);
            }
            if (nodes >= MAX_NODES) {
                return null;
            }
        }
    }

    /**
     * dst = mult·(s1 W x − s0 x) − older (older may be dst; null means 0), then projected on
     * 1⊥ column by column, and y += ck·dst (y null: no accumulation). {@code acc} is the row accumulators of
     * {@link #accumulators}: one per parallel chunk, so a step allocates nothing.
     *
     * <p>The work is in small per-row methods ({@link #row}, {@link #center}, {@link #centerAndAccumulate}), each
     * called n times per step: a method that is invoked often reaches the optimising compiler within the first step,
     * where one long loop would wait for on-stack replacement, so a single cold run (a command line) leaves the
     * interpreter early. The arithmetic and its order are those of the one-loop form, so the results are identical.
     */
    static void step(int[] rowStart, int[] cols, double[] vals, double[][] x, double[][] older, double[][] dst,
                             int n, double s1, double s0, double mult, double[] mean, double[][] acc, double ck, double[][] y) {
        step(rowStart, cols, vals, x, older, dst, n, s1, s0, mult, mean, acc, ck, y, n >= PARALLEL_ROWS);
    }

    /** {@link #step}, its rows on every thread or on the caller's only: the same bits either way. */
    static void step(int[] rowStart, int[] cols, double[] vals, double[][] x, double[][] older, double[][] dst,
                     int n, double s1, double s0, double mult, double[] mean, double[][] acc, double ck, double[][] y,
                     boolean parallel) {
        int bs = mean.length;
        Arrays.fill(mean, 0);
        double ms1 = mult * s1;
        double ms0 = mult * s0;
        if (!parallel) {
            for (int i = 0; i < n; i++) {
                row(rowStart[i], rowStart[i + 1], cols, vals, x, acc[0], bs, ms1, ms0, x[i], older == null ? null : older[i], dst[i], mean);
            }
        } else {
            // Rows in fixed chunks on every thread, each with its own accumulator, then the mean summed over i in order:
            // the operations and their order per entry are those of the serial loop, so the same bits for any thread count.
            IntStream.range(0, chunks(n)).parallel().forEach(k -> {
                double[] a = acc[k];
                for (int i = k * CHUNK, end = Math.min(n, (k + 1) * CHUNK); i < end; i++) {
                    row(rowStart[i], rowStart[i + 1], cols, vals, x, a, bs, ms1, ms0, x[i], older == null ? null : older[i], dst[i], null);
                }
            });
            for (int i = 0; i < n; i++) {
                double[] di = dst[i];
                for (int c = 0; c < bs; c++) {
                    mean[c] += di[c];
                }
            }
        }
        for (int c = 0; c < bs; c++) {
            mean[c] /= n;
        }
        if (!parallel) {
            for (int i = 0; i < n; i++) {
                if (y == null) {
                    center(dst[i], mean, bs);
                } else {
                    centerAndAccumulate(dst[i], y[i], mean, ck, bs);
                }
            }
            return;
        }
        IntStream.range(0, chunks(n)).parallel().forEach(k -> {
            for (int i = k * CHUNK, end = Math.min(n, (k + 1) * CHUNK); i < end; i++) {
                if (y == null) {
                    center(dst[i], mean, bs);
                } else {
                    centerAndAccumulate(dst[i], y[i], mean, ck, bs);
                }
            }
        });
    }

    /**
     * Returns the row accumulators a {@link #step} of {@code n} rows and {@code bs} columns needs: one per parallel chunk
     * from {@link #PARALLEL_ROWS} nodes, else one (allocated once per workspace, so the steps allocate nothing).
     */
    static double[][] accumulators(int n, int bs) {
        return accumulators(n, bs, n >= PARALLEL_ROWS);
    }

    /** {@link #accumulators(int, int)} for a step run on every thread ({@code parallel}) or on the caller's only. */
    static double[][] accumulators(int n, int bs, boolean parallel) {
        return new double[parallel ? chunks(n) : 1][bs];
    }

    /** Nodes from which a step runs its rows on every thread (below, one thread: the fork costs more than it saves). */
    static final int PARALLEL_ROWS = 1 << 16;

    /** Rows per parallel chunk of a step. */
    private static final int CHUNK = 1 << 14;

    private static int chunks(int n) {
        return (n + CHUNK - 1) / CHUNK;
    }

    /**
     * One row i of the step: acc = Σ_p vals[p]·x[cols[p]] over p in [p0, end), then di = ms1·acc − ms0·xi − oi (oi null:
     * no term) and mean += di.
     */
    private static void row(int p0, int end, int[] cols, double[] vals, double[][] x, double[] acc, int bs, double ms1,
                            double ms0, double[] xi, double[] oi, double[] di, double[] mean) {
        Arrays.fill(acc, 0);
        int p = p0;
        // Several neighbours per pass cut the loads and stores of acc.
        for (; p + 3 < end; p += 4) {
            double v1 = vals[p];
            double v2 = vals[p + 1];
            double v3 = vals[p + 2];
            double v4 = vals[p + 3];
            double[] x1 = x[cols[p]];
            double[] x2 = x[cols[p + 1]];
            double[] x3 = x[cols[p + 2]];
            double[] x4 = x[cols[p + 3]];
            for (int c = 0; c < bs; c++) {
                acc[c] += (v1 * x1[c] + v2 * x2[c]) + (v3 * x3[c] + v4 * x4[c]);
            }
        }
        for (; p + 1 < end; p += 2) {
            double v1 = vals[p];
            double v2 = vals[p + 1];
            double[] x1 = x[cols[p]];
            double[] x2 = x[cols[p + 1]];
            for (int c = 0; c < bs; c++) {
                acc[c] += v1 * x1[c] + v2 * x2[c];
            }
        }
        if (p < end) {
            double v = vals[p];
            double[] xr = x[cols[p]];
            for (int c = 0; c < bs; c++) {
                acc[c] += v * xr[c];
            }
        }
        if (oi == null) {
            for (int c = 0; c < bs; c++) {
                di[c] = ms1 * acc[c] - ms0 * xi[c];
            }
        } else {
            for (int c = 0; c < bs; c++) {
                di[c] = ms1 * acc[c] - ms0 * xi[c] - oi[c];
            }
        }
        if (mean != null) {
            for (int c = 0; c < bs; c++) {
                mean[c] += di[c];
            }
        }
    }

    /** di −= mean, column by column. */
    private static void center(double[] di, double[] mean, int bs) {
        for (int c = 0; c < bs; c++) {
            di[c] -= mean[c];
        }
    }

    /** di −= mean and yi += ck·di, column by column. */
    private static void centerAndAccumulate(double[] di, double[] yi, double[] mean, double ck, int bs) {
        for (int c = 0; c < bs; c++) {
            double d = di[c] - mean[c];
            di[c] = d;
            yi[c] += ck * d;
        }
    }
}
