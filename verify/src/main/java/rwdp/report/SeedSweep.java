package rwdp.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import rwdp.claims.Claim;
import rwdp.claims.ClaimResult;
import rwdp.claims.ClaimRunner;
import rwdp.claims.Profile;
import rwdp.claims.Verdict;
import rwdp.registry.ClaimRegistry;

/**
 * Runs every claim at many run seeds and tabulates, per claim, how often its verdict differs
 * from the pinned expectation, with a Clopper–Pearson upper bound on the per-run chance of a
 * wrong verdict. A tool for developers, run outside {@code mvn verify} (an hour or more):
 *
 * <pre>java -cp verify/target/rwdp.jar rwdp.report.SeedSweep --from 1 --to 100 [--profile quick]
 *     [--skip PREFIX,...] [--only PREFIX] [--threads N] --out FILE.md</pre>
 *
 * The table is rewritten after every seed, so an interrupted sweep keeps what it measured.
 */
public final class SeedSweep {
    private SeedSweep() {}

    /** Per-claim tallies over the seeds run so far. */
    static final class Tally {
        final Claim claim;
        final Map<Verdict, Integer> counts = new EnumMap<>(Verdict.class);
        final List<Long> missed = new ArrayList<>();
        int errors;
        int notRun;
        double seconds;

        Tally(Claim claim) {
            this.claim = claim;
        }

        int runs() {
            return counts.values().stream().mapToInt(Integer::intValue).sum();
        }
    }

    /** Runs the sweep described by {@code args} (see the class comment). */
    public static void main(String[] args) throws IOException {
        Map<String, String> opt = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i], args[i + 1]);
        }
        long from = Long.parseLong(opt.getOrDefault("--from", "1"));
        long to = Long.parseLong(opt.getOrDefault("--to", "100"));
        Profile profile = Profile.parse(opt.getOrDefault("--profile", "quick"));
        List<String> skip = opt.containsKey("--skip") ? Arrays.asList(opt.get("--skip").split(",")) : List.of();
        String only = opt.getOrDefault("--only", "");
        int threads = Integer.parseInt(opt.getOrDefault("--threads", "0"));
        Path out = Path.of(opt.getOrDefault("--out", "seed-sweep.md"));
        List<Claim> claims = ClaimRegistry.matching(only).stream()
                .filter(c -> skip.stream().noneMatch(p -> !p.isEmpty() && c.id().startsWith(p))).toList();
        Map<String, Tally> tallies = new LinkedHashMap<>();
        claims.forEach(c -> tallies.put(c.id(), new Tally(c)));
        Path figures = Files.createTempDirectory("rwdp-sweep");
        for (long seed = from; seed <= to; seed++) {
            long t0 = System.nanoTime();
            ClaimRunner runner = new ClaimRunner(profile, seed, figures, threads);
            int misses = 0;
            for (ClaimResult r : runner.run(claims, x -> { })) {
                Tally t = tallies.get(r.claim().id());
                t.seconds += r.seconds();
                if (r.notRun()) {
                    t.notRun++;
                    continue;
                }
                t.counts.merge(r.outcome().verdict(), 1, Integer::sum);
                if (r.error() != null) {
                    t.errors++;
                }
                if (!r.asExpected()) {
                    t.missed.add(seed);
                    misses++;
                }
            }
            System.err.printf(Locale.ROOT, "seed %d: %d claims, %d not as expected, %.0f s%n", seed, claims.size(), misses,
                    (System.nanoTime() - t0) * 1e-9);
            write(out, markdown(tallies.values(), profile, from, seed));
        }
    }

    /** Returns the one-sided 95% Clopper–Pearson upper bound on a probability seen {@code k} times in {@code n}. */
    static double upper95(int k, int n) {
        if (n == 0) {
            return 1;
        }
        return rwdp.bounds.audit.EpsilonAudit.clopperPearsonUpper(k, n, 0.05);
    }

    static String markdown(Iterable<Tally> tallies, Profile profile, long from, long to) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Profile %s, run seeds %d..%d (%d seeds).%n%n", profile.label(), from, to, to - from + 1));
        sb.append("| claim | expected | runs | HOLDS | VIOLATED | DEPENDS | INCONCLUSIVE | not as expected | "
                + "95% upper bound on P(wrong verdict) | seeds not as expected | mean s |\n");
        sb.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |\n");
        for (Tally t : tallies) {
            int n = t.runs();
            String seeds = t.missed.size() > 8 ? t.missed.subList(0, 8) + "…" : t.missed.toString();
            sb.append(String.format(Locale.ROOT, "| `%s` | %s | %d | %d | %d | %d | %d | %d | %.3g | %s | %.2f |%n",
                    t.claim.id(), t.claim.expected(), n, t.counts.getOrDefault(Verdict.HOLDS, 0),
                    t.counts.getOrDefault(Verdict.VIOLATED, 0), t.counts.getOrDefault(Verdict.DEPENDS, 0),
                    t.counts.getOrDefault(Verdict.INCONCLUSIVE, 0), t.missed.size(), upper95(t.missed.size(), n),
                    t.missed.isEmpty() ? "" : seeds + (t.errors > 0 ? " (" + t.errors + " errors)" : ""),
                    n + t.notRun == 0 ? 0.0 : t.seconds / (n + t.notRun)));
        }
        return sb.toString();
    }

    private static void write(Path out, String text) throws IOException {
        Path abs = out.toAbsolutePath();
        Path tmp = abs.resolveSibling("." + abs.getFileName() + ".tmp");
        Files.writeString(tmp, text, StandardCharsets.UTF_8);
        Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
