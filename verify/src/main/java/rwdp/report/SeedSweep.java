package rwdp.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.apache.commons.math3.special.Erf;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.ClaimRunner;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;
import rwdp.registry.ClaimRegistry;

/**
 * Runs every claim at many run seeds and tabulates, per claim, how often its verdict differs
 * from the pinned expectation (the {@code expected} of its registration), with a Clopper–Pearson
 * upper bound on the per-run chance of a wrong verdict, how often its check threw (an internal
 * error, counted apart from the verdicts), and the smallest decision margin its evidence records.
 * A tool for developers, run outside {@code mvn verify} (an hour or more):
 *
 * <pre>java -cp verify/target/rwdp.jar rwdp.report.SeedSweep --hashed 200 [--start 0] [--profile quick]
 *     [--skip PREFIX,...] [--only PREFIX] [--threads N] --out FILE.md   (--help: every option;
 *     a bad option, or an --out that a sweep did not write, is one line and exit 2)
 * java -cp verify/target/rwdp.jar rwdp.report.SeedSweep --from 1 --to 100 ...</pre>
 *
 * {@code --hashed N} runs the N seeds nobody chose: seed i (i = start .. start + N − 1) is the first
 * eight bytes, big-endian, of SHA-256("rwdp seed sweep " + i). The table is rewritten after every seed,
 * so an interrupted sweep keeps what it measured.
 */
public final class SeedSweep {
    private SeedSweep() {}

    /** Per-claim tallies over the seeds run so far. */
    static final class Tally {
        final Claim claim;
        final Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        final List<Long> missed = new ArrayList<>();
        final List<Long> errored = new ArrayList<>();
        /** Smallest value seen of each margin the evidence records, by name. */
        final Map<String, Double> margins = new TreeMap<>();
        int notRun;
        double seconds;

        Tally(Claim claim) {
            this.claim = claim;
        }

        int runs() {
            return counts.values().stream().mapToInt(Integer::intValue).sum() + errored.size();
        }

        void add(ClaimResult r, long seed) {
            seconds += r.seconds();
            if (r.notRun()) {
                notRun++;
                return;
            }
            if (r.internalError()) {
                errored.add(seed);
            } else {
                counts.merge(r.outcome().verdict(), 1, Integer::sum);
                margins(r.outcome().evidence().values()).forEach((k, v) -> margins.merge(k, v, Math::min));
            }
            if (!r.asExpected()) {
                missed.add(seed);
            }
        }
    }

    /** Returns seed {@code i} of the hashed sweep: the first 8 bytes of SHA-256("rwdp seed sweep " + i). */
    static long hashedSeed(long i) {
        try {
            byte[] h = MessageDigest.getInstance("SHA-256").digest(("rwdp seed sweep " + i).getBytes(StandardCharsets.UTF_8));
            long s = 0;
            for (int b = 0; b < 8; b++) {
                s = (s << 8) | (h[b] & 0xff);
            }
            return s;
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java platform", e);
        }
    }

    /**
     * Returns the decision margins a claim's evidence records, in standard deviations: every numeric key whose name
     * ends in {@code margin_sd}, and for an interval against a bound ({@link rwdp.claims.Outcome#atMost}: ci_lower,
     * ci_upper, ci_level, estimate, bound) the distance of the estimate from the bound in standard errors.
     */
    static Map<String, Double> margins(Map<String, Object> ev) {
        Map<String, Double> out = new LinkedHashMap<>();
        ev.forEach((k, v) -> {
            if (k.endsWith("margin_sd") && v instanceof Number n && !Double.isNaN(n.doubleValue())) {
                out.put(k, n.doubleValue());
            }
        });
        if (ev.get("ci_lower") instanceof Number lo && ev.get("ci_upper") instanceof Number hi && ev.get("ci_level") instanceof Number lv
                && ev.get("estimate") instanceof Number est && ev.get("bound") instanceof Number bd) {
            double z = Math.sqrt(2) * Erf.erfInv(lv.doubleValue());
            double se = (hi.doubleValue() - lo.doubleValue()) / (2 * z);
            if (se > 0) {
                out.put("interval_vs_bound_sd", Math.abs(bd.doubleValue() - est.doubleValue()) / se);
            }
        }
        return out;
    }

    /** The sweep's options, parsed once by picocli: a bad or unknown option is one line and exit 2. */
    @picocli.CommandLine.Command(name = "rwdp.report.SeedSweep", mixinStandardHelpOptions = true,
            description = {"Run every claim at many run seeds and tabulate, per claim, the verdicts that differ from the",
                "pinned ones, with a 95%% upper bound on the chance of a wrong verdict (docs/seeds.md)."})
    static final class Options implements java.util.concurrent.Callable<Integer> {
        @picocli.CommandLine.Option(names = "--hashed", paramLabel = "N",
                description = "Run N seeds nobody chose: seed i is the first 8 bytes of SHA-256(\"rwdp seed sweep i\").")
        Integer hashed;
        @picocli.CommandLine.Option(names = "--start", paramLabel = "I", defaultValue = "0", description = "First i of --hashed (default 0).")
        long start;
        @picocli.CommandLine.Option(names = "--from", paramLabel = "S", defaultValue = "1", description = "First run seed without --hashed (default 1).")
        long from;
        @picocli.CommandLine.Option(names = "--to", paramLabel = "S", defaultValue = "100", description = "Last run seed without --hashed (default 100).")
        long to;
        @picocli.CommandLine.Option(names = "--profile", paramLabel = "P", defaultValue = "quick", description = "quick or full (default quick).")
        String profile;
        @picocli.CommandLine.Option(names = "--skip", paramLabel = "PREFIX", split = ",", description = "Claims whose id starts so are not run.")
        List<String> skip;
        @picocli.CommandLine.Option(names = "--only", paramLabel = "PREFIX", defaultValue = "", description = "Run only the claims matching PREFIX.")
        String only;
        @picocli.CommandLine.Option(names = "--threads", paramLabel = "N", defaultValue = "0", description = "Threads (default 0: every core).")
        int threads;
        @picocli.CommandLine.Option(names = "--out", paramLabel = "FILE.md", required = true,
                description = "The table, rewritten after every seed; an existing file is replaced only if a sweep wrote it.")
        Path out;
        @picocli.CommandLine.Spec
        picocli.CommandLine.Model.CommandSpec spec;

        @Override
        public Integer call() throws IOException {
            if (hashed != null && hashed < 1 || hashed == null && from > to) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "no seed to run: give --hashed N >= 1, or --from <= --to");
            }
            if (threads < 0) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--threads must be 0 (every core) or more, got " + threads);
            }
            Profile p;
            try {
                p = Profile.parse(profile);
            } catch (IllegalArgumentException e) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--profile: " + e.getMessage());
            }
            if (Files.isDirectory(out) || Files.exists(out) && !Files.readString(out, StandardCharsets.UTF_8).startsWith(MARK)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--out " + out
                        + " exists and is not a sweep table; give a new file");
            }
            long[] seeds;
            String described;
            if (hashed != null) {
                seeds = new long[hashed];
                for (int i = 0; i < hashed; i++) {
                    seeds[i] = hashedSeed(start + i);
                }
                described = String.format(Locale.ROOT, "hashed seeds %d..%d (SHA-256 of \"rwdp seed sweep i\")", start, start + hashed - 1);
            } else {
                seeds = java.util.stream.LongStream.rangeClosed(from, to).toArray();
                described = "run seeds " + from + ".." + to;
            }
            sweep(seeds, described, p, skip == null ? List.of() : skip, only, threads, out);
            return 0;
        }
    }

    /** The first line of every table a sweep writes: what lets a later sweep replace it. */
    static final String MARK = "<!-- rwdp.report.SeedSweep -->";

    /** Runs the sweep its arguments describe (see the class comment); a bad option prints one line and exits 2. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** Returns the sweep's command line: a bad option, or options that leave nothing to run, give one line and exit 2. */
    static picocli.CommandLine commandLine() {
        picocli.CommandLine cl = new picocli.CommandLine(new Options());
        cl.setParameterExceptionHandler((ex, a) -> {
            ex.getCommandLine().getErr().println("SeedSweep: " + ex.getMessage().lines().findFirst().orElse("bad option") + " (see --help)");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof rwdp.check.InvalidArgumentException) {
                cmd.getErr().println("SeedSweep: " + ex.getMessage());
                return 2;
            }
            throw ex;
        });
        return cl;
    }

    /**
     * Runs {@code claims} at each seed and rewrites the table at {@code out} after each.
     *
     * @throws IOException when the table cannot be written
     */
    static void sweep(long[] seeds, String described, Profile profile, List<String> skip, String only, int threads, Path out)
            throws IOException {
        List<Claim> claims = ClaimRegistry.matching(only).stream()
                .filter(c -> skip.stream().noneMatch(p -> !p.isEmpty() && c.id().startsWith(p))).toList();
        if (claims.isEmpty()) {
            throw new rwdp.check.InvalidArgumentException("no claim left to run (--only '" + only + "', --skip " + skip + ")");
        }
        Map<String, Tally> tallies = new LinkedHashMap<>();
        claims.forEach(c -> tallies.put(c.id(), new Tally(c)));
        Path figures = Files.createTempDirectory("rwdp-sweep");
        List<Long> done = new ArrayList<>();
        for (long seed : seeds) {
            long t0 = System.nanoTime();
            ClaimRunner runner = new ClaimRunner(profile, seed, figures, threads);
            int misses = 0;
            for (ClaimResult r : runner.run(claims, x -> { })) {
                tallies.get(r.claim().id()).add(r, seed);
                if (!r.asExpected()) {
                    misses++;
                    System.err.println("seed " + seed + ": " + r.claim().id() + " gave " + r.label() + " (expected " + r.claim().expected()
                            + ")" + (r.internalError() ? " " + r.error() : ""));
                }
            }
            done.add(seed);
            System.err.printf(Locale.ROOT, "seed %d (%d of %d): %d claims, %d not as expected, %.0f s%n", seed, done.size(), seeds.length,
                    claims.size(), misses, (System.nanoTime() - t0) * 1e-9);
            write(out, markdown(tallies.values(), profile, described, done));
        }
    }

    /** Returns the one-sided 95% Clopper–Pearson upper bound on a probability seen {@code k} times in {@code n}. */
    static double upper95(int k, int n) {
        if (n == 0) {
            return 1;
        }
        return rwdp.bounds.audit.EpsilonAudit.clopperPearsonUpper(k, n, 0.05);
    }

    static String markdown(Iterable<Tally> tallies, Profile profile, String described, List<Long> done) {
        StringBuilder sb = new StringBuilder();
        sb.append(MARK).append('\n');
        sb.append(String.format(Locale.ROOT, "Profile %s, %s: %d seeds done.%n%n", profile.label(), described, done.size()));
        sb.append("| claim | expected | runs | HOLDS | VIOLATED | DEPENDS | INCONCLUSIVE | internal errors | not as expected | "
                + "95% upper bound on P(wrong verdict) | seeds not as expected | smallest recorded margin (sd) | mean s |\n");
        sb.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- | ---: |\n");
        for (Tally t : tallies) {
            int n = t.runs();
            String seeds = t.missed.size() > 8 ? t.missed.subList(0, 8) + "…" : t.missed.toString();
            StringBuilder m = new StringBuilder();
            t.margins.forEach((k, v) -> m.append(m.length() == 0 ? "" : "; ").append(k).append(String.format(Locale.ROOT, " %.3g", v)));
            sb.append(String.format(Locale.ROOT, "| `%s` | %s | %d | %d | %d | %d | %d | %d | %d | %.3g | %s | %s | %.2f |%n",
                    t.claim.id(), t.claim.expected(), n, t.counts.getOrDefault(Verdict.HOLDS, 0),
                    t.counts.getOrDefault(Verdict.VIOLATED, 0), t.counts.getOrDefault(Verdict.DEPENDS, 0),
                    t.counts.getOrDefault(Verdict.INCONCLUSIVE, 0), t.errored.size(), t.missed.size(), upper95(t.missed.size(), n),
                    t.missed.isEmpty() ? "" : seeds, m, n + t.notRun == 0 ? 0.0 : t.seconds / (n + t.notRun)));
        }
        sb.append("\nSeeds done: ").append(done).append('\n');
        return sb.toString();
    }

    private static void write(Path out, String text) throws IOException {
        Path abs = out.toAbsolutePath();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
