package rwdp.cli.cyffers;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.IntStream;
import rwdp.bounds.pndp.PairStatistics;
import rwdp.spectral.MatrixFunctionOperator;
import rwdp.bounds.pndp.PndpAccountant;
import rwdp.cli.common.Outputs;
import rwdp.spectral.Deflation;

/**
 * The JSON pieces {@code rwdp bound pndp} assembles (pair and row statistics, by-distance groups, the deflation) and
 * the sender's row and the n x n matrix as CSV (Cyffers et al., Thm. 3).
 */
final class PndpOutput {
    private PndpOutput() {}

    /** Returns the number of ordered pairs u ≠ v with a negative loss. */
    static long countNegative(double[][] eps) {
        long c = 0;
        for (int u = 0; u < eps.length; u++) {
            for (int v = 0; v < eps.length; v++) {
                if (u != v && eps[u][v] < 0) {
                    c++;
                }
            }
        }
        return c;
    }

    /** Puts one sender's min, mean, max, argmax_v and by_distance into the JSON map. */
    static void putRowStats(Map<String, Object> one, PairStatistics st) {
        one.put("min", st.min());
        one.put("mean", st.mean());
        one.put("max", st.max());
        one.put("argmax_v", st.argmaxV());
        one.put("by_distance", byDistance(st));
    }

    /** Returns the JSON groups {distance, count, min, mean, max} of the statistics. */
    static List<Map<String, Object>> byDistance(PairStatistics st) {
        List<Map<String, Object>> byD = new ArrayList<>();
        for (int d = 1; d < st.distances(); d++) {
            if (st.count(d) == 0) {
                continue;
            }
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("distance", d);
            e.put("count", st.count(d));
            e.put("min", st.min(d));
            e.put("mean", st.mean(d));
            e.put("max", st.max(d));
            byD.add(e);
        }
        return byD;
    }

    /** Puts min, mean, max and the pair of the max over the ordered pairs of the statistics into the JSON map. */
    static void putPairStats(Map<String, Object> out, PairStatistics all) {
        out.put("min", all.min());
        out.put("mean", all.mean());
        out.put("max", all.max());
        out.put("argmax_u", all.argmaxU());
        out.put("argmax_v", all.argmaxV());
    }

    /** Returns the JSON groups {distance, count, min, mean, mean_ci_low, mean_ci_high, max} of a sample. */
    static List<Map<String, Object>> byDistance(List<PairStatistics.DistanceSummary> groups) {
        List<Map<String, Object>> byD = new ArrayList<>();
        for (PairStatistics.DistanceSummary d : groups) {
            Map<String, Object> e = new LinkedHashMap<>();
            e.put("distance", d.distance());
            e.put("count", d.count());
            e.put("min", d.min());
            e.put("mean", d.mean());
            e.put("mean_ci_low", d.ciLow());
            e.put("mean_ci_high", d.ciHigh());
            e.put("max", d.max());
            byD.add(e);
        }
        return byD;
    }

    /** Puts what the Chebyshev operator deflated, or why it declined to (nothing for eigen or a plain expansion). */
    static void putDeflation(Map<String, Object> out, MatrixFunctionOperator op) {
        if (op != null && op.deflated() > 0) {
            out.put("deflated_eigenpairs", op.deflated());
            out.put("deflation_error", op.deflationError());
        } else if (op != null && !op.deflationNote().equals(MatrixFunctionOperator.NOT_TRIED)) {
            // Deflation was considered and declined: say why (cost model, accuracy, memory, a missed eigenvalue).
            out.put("deflation_declined", op.deflationNote());
        }
    }

    /** Writes v,epsilon,distance for one sender's row, %.17g. */
    static void writeRow(Path file, PndpAccountant.Row r) {
        Outputs.write(file, wr -> {
            StringBuilder sb = new StringBuilder(64);
            java.util.Formatter fmt = new java.util.Formatter(sb, Locale.ROOT);
            wr.write("v,epsilon,distance\n");
            double[] eps = r.epsilon();
            int[] dist = r.distance();
            for (int v = 0; v < eps.length; v++) {
                sb.setLength(0);
                sb.append(v).append(',');
                fmt.format("%.17g", eps[v]);
                sb.append(',').append(dist[v]).append('\n');
                wr.append(sb);
            }
        });
    }

    /**
     * Streams the matrix with %.17g: chunks of rows formatted in parallel (formatting dominates the
     * write time), then written, so only one chunk of text is in memory at a time.
     */
    static void writeCsv(Path file, double[][] m) {
        int n = m.length;
        int chunk = 64;
        Outputs.write(file, w -> {
            String[] lines = new String[chunk];
            for (int u0 = 0; u0 < n; u0 += chunk) {
                int len = Math.min(chunk, n - u0);
                int base = u0;
                IntStream.range(0, len).parallel().forEach(k -> {
                    double[] row = m[base + k];
                    StringBuilder sb = new StringBuilder(n * 24);
                    java.util.Formatter fmt = new java.util.Formatter(sb, Locale.ROOT);
                    for (int v = 0; v < n; v++) {
                        if (v > 0) {
                            sb.append(',');
                        }
                        fmt.format("%.17g", row[v]);
                    }
                    sb.append('\n');
                    lines[k] = sb.toString();
                });
                for (int k = 0; k < len; k++) {
                    w.write(lines[k]);
                    lines[k] = null;
                }
            }
        });
    }

    /**
     * Puts --certified's intervals: each statistic as {lo, hi} with what each end is (proven: a bound over all pairs;
     * attained: an exact entry, within the expansion's tolerance; statistical: at {@code mean}'s level), and the walks and
     * λ* they came from; returns the mean's upper end as printed.
     */
    static double putCertified(Map<String, Object> out, PairStatistics.Certified c, PairStatistics.Interval mean, int probes,
            boolean senderKnown) {
        out.put("min", interval(c.minLo(), c.minHi(), "proven", "attained"));
        Map<String, Object> proven = interval(c.meanLo(), c.meanHi(), "proven", "proven");
        // The trace identity's interval (a known sender's: its rows') lies inside the proven one; it is the mean when
        // narrower (slowly mixing W, where the walks' tail bound is loose; a known sender), stated with its level.
        boolean statistical = mean.high() - mean.low() < c.meanHi() - c.meanLo();
        if (statistical) {
            String is = probes == 0 ? "exact" : "statistical";
            Map<String, Object> m = interval(mean.low(), mean.high(), is, is);
            if (probes > 0) {
                m.put("level", mean.level());
                m.put(senderKnown ? "sampled_senders" : "hutchinson_probes", probes);
            }
            out.put("mean", m);
            out.put("mean_proven", proven);
        } else {
            out.put("mean", proven);
        }
        Map<String, Object> max = interval(c.maxLo(), c.maxHi(), "attained", "proven");
        max.put("argmax_u", c.argmaxU());
        max.put("argmax_v", c.argmaxV());
        out.put("max", max);
        out.put("certified_walk_steps", c.walkSteps());
        out.put("certified_lambda_star", c.lambdaStar());
        out.put("certified_pair_tail", c.pairTail());
        out.put("certified_max_candidate_senders", c.candidateSenders());
        if (c.candidateWalkSteps() > 0) {
            out.put("certified_candidate_walk_steps", c.candidateWalkSteps());
        }
        out.put("certified_note", "proven ends hold for every ordered pair u != v up to floating-point rounding, given the"
                + " Lanczos interval of W (the solver's interval: its lower end is checked by a randomized filter, with high probability"
                + " rather than proof); attained ends are entries of the exact row of argmax_u; a statistical mean is the trace identity's"
                + " Hutchinson t interval at its level (a known sender's: the t interval of sampled_senders uniformly drawn senders' exact"
                + " row means; an exact one, every sender's row), widened by the expansion's error, inside mean_proven; by_distance is"
                + " not certified");
        return statistical ? mean.high() : c.meanHi();
    }

    private static Map<String, Object> interval(double lo, double hi, String loIs, String hiIs) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("lo", lo);
        m.put("hi", hi);
        m.put("lo_is", loIs);
        m.put("hi_is", hiIs);
        m.put("relative_width", (hi - lo) / Math.abs(hi));
        return m;
    }
}
