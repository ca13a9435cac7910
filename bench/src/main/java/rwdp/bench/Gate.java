package rwdp.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The benchmark regression gate ({@code ./rwdp bench --gate}). Runs the {@link GateSuite} with
 * JMH and its GC profiler, divides each throughput by the calibration benchmark measured in
 * the same run (so a slower machine scales every score alike), compares with the committed
 * baseline, and fails when a normalised score drops by more than the tolerance or when a hot
 * loop allocates.
 */
@Command(name = "rwdp bench --gate", mixinStandardHelpOptions = true,
        description = {"Run the gated JMH benchmarks, normalise by the calibration benchmark, compare with",
            "bench/baseline.json. Prints one line per benchmark and 'gate: PASS' or 'gate: FAIL (...)';",
            "exit 0 on PASS, 1 on FAIL, 2 on bad input."})
public final class Gate implements Callable<Integer> {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--gate", description = "Run the gate (required; without it ./rwdp bench passes its arguments to JMH).")
    boolean gate;

    @Option(names = "--quick", description = "Short warm-up and measurement (about 1.5 minutes in all on 2 cores).")
    boolean quick;

    @Option(names = "--update-baseline", description = "Write the measured normalised scores as the new baseline.")
    boolean updateBaseline;

    @Option(names = "--baseline", paramLabel = "FILE", defaultValue = "bench/baseline.json",
            description = "Baseline file (default: ${DEFAULT-VALUE}).")
    Path baseline;

    /** The smallest tolerance of {@code --quick}, whose short measurement windows are noisier. */
    static final double QUICK_TOLERANCE = 0.40;

    @Option(names = "--tolerance", paramLabel = "F",
            description = "Allowed drop of a normalised score (default: the baseline's, 0.25; at least 0.40 with --quick).")
    Double tolerance;

    @Option(names = "--only", paramLabel = "REGEX", description = "Gate only the entries whose id matches REGEX.")
    String only;

    /**
     * What one JMH run of a benchmark gives.
     *
     * @param opsPerUs   throughput in operations per wall-clock microsecond
     * @param cpuPerWall CPU time the benchmark's JVM used per wall time (about 1 for one busy
     *                   thread on a quiet machine, less when other processes take the cores)
     * @param bytesPerOp bytes allocated per operation
     */
    record Measurement(double opsPerUs, double cpuPerWall, double bytesPerOp) {
        /** Returns operations per CPU-microsecond: the throughput load on the machine hardly changes. */
        double opsPerCpuUs() {
            return opsPerUs / cpuPerWall;
        }
    }

    /** Runs one benchmark method with JMH parameters. */
    @FunctionalInterface
    interface Bench {
        Measurement run(String method, Map<String, String> params, boolean profileGc) throws RunnerException;
    }

    /**
     * One gated entry's result.
     *
     * @param run         the kept run (the best of {@code runs})
     * @param normalised  its score: ops per CPU-µs over the calibration's beside it
     * @param calibration the calibration's ops per CPU-µs beside the kept run (geometric mean of before and after)
     * @param bytesPerOp  the most bytes per op of any of its runs
     */
    record Scored(GateSuite.Entry entry, Measurement run, double normalised, double calibration, double bytesPerOp, int runs) {}

    /** Runs of an entry that looks slower, at most, before it is declared slower. */
    static final int ATTEMPTS = 3;

    /**
     * Returns every entry's score. Each entry runs between two calibration runs and is divided by
     * their geometric mean, both in operations per CPU-microsecond, so neither a slower machine
     * nor a load that comes and goes during the gate moves the score; an entry more than
     * {@code tol} below its baseline is run again (up to {@link #ATTEMPTS} runs) and keeps its
     * best score, so only a drop that repeats fails.
     */
    static List<Scored> score(List<GateSuite.Entry> entries, Bench bench, java.util.function.Function<String, Double> baselineOf,
            double tol) throws RunnerException {
        List<Scored> out = new ArrayList<>();
        Measurement cal = bench.run(CALIB, Map.of(), false);
        for (GateSuite.Entry e : entries) {
            Double ref = baselineOf.apply(e.id());
            Scored best = null;
            double bytes = 0;
            for (int k = 0; k < ATTEMPTS; k++) {
                Measurement m = bench.run(e.method(), e.params(), true);
                Measurement next = bench.run(CALIB, Map.of(), false);
                double c = Math.sqrt(cal.opsPerCpuUs() * next.opsPerCpuUs());
                cal = next;
                bytes = Math.max(bytes, m.bytesPerOp());
                double norm = m.opsPerCpuUs() / c;
                if (best == null || norm > best.normalised()) {
                    best = new Scored(e, m, norm, c, bytes, k + 1);
                }
                best = new Scored(e, best.run(), best.normalised(), best.calibration(), bytes, k + 1);
                if (ref == null || best.normalised() / ref - 1 >= -tol) {
                    break;
                }
            }
            out.add(best);
        }
        return out;
    }

    @Override
    public Integer call() throws Exception {
        if (!gate) {
            throw new CommandLine.ParameterException(spec.commandLine(), "use --gate (or call JMH directly)");
        }
        ObjectMapper json = new ObjectMapper();
        if (Files.isDirectory(baseline)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--baseline " + baseline
                    + " is a folder; give the JSON file that --update-baseline writes (default bench/baseline.json)");
        }
        JsonNode base = null;
        if (Files.exists(baseline)) {
            try {
                base = json.readTree(baseline.toFile());
            } catch (IOException e) {
                String why = e instanceof com.fasterxml.jackson.core.JsonProcessingException jp ? jp.getOriginalMessage() : e.getMessage();
                throw new CommandLine.ParameterException(spec.commandLine(), "--baseline " + baseline + " is not a JSON baseline ("
                        + String.valueOf(why).lines().findFirst().orElse("unreadable")
                        + "); give the file that --update-baseline writes (default bench/baseline.json)");
            }
            if (base == null || !base.isObject()) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--baseline " + baseline
                        + " is not a JSON baseline object; give the file that --update-baseline writes (default bench/baseline.json)");
            }
        }
        if (base == null && !updateBaseline) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "no baseline at " + baseline + "; run with --update-baseline first");
        }
        if (tolerance != null && !(tolerance >= 0 && tolerance < 1)) {
            throw new CommandLine.ParameterException(spec.commandLine(),
                    "--tolerance must be a fraction in [0, 1), got " + tolerance);
        }
        Pattern onlyPattern;
        try {
            onlyPattern = only == null ? null : Pattern.compile(only);
        } catch (java.util.regex.PatternSyntaxException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--only '" + only + "' is not a regular expression");
        }
        double tol = tolerance != null ? tolerance : base != null && base.has("tolerance") ? base.get("tolerance").asDouble() : 0.25;
        if (quick && tolerance == null) {
            // Half-second windows on a shared 2-core machine spread by about ±20%: the quick gate
            // only fails on drops well outside that.
            tol = Math.max(tol, QUICK_TOLERANCE);
        }
        List<GateSuite.Entry> entries = new ArrayList<>();
        for (GateSuite.Entry e : GateSuite.entries()) {
            if (onlyPattern == null || onlyPattern.matcher(e.id()).find()) {
                entries.add(e);
            }
        }
        if (entries.isEmpty()) {
            // A gate that measured nothing must not pass.
            throw new CommandLine.ParameterException(spec.commandLine(), "--only '" + only + "' matches no gated benchmark");
        }
        JsonNode benchmarks = base == null ? null : base.path("benchmarks");
        List<Scored> measured = score(entries, this::measure,
                id -> benchmarks == null || !benchmarks.has(id) ? null : benchmarks.get(id).get("normalised").asDouble(), tol);
        double calib = measured.stream().mapToDouble(Scored::calibration).map(Math::log).average().orElse(Double.NaN);
        System.out.printf(Locale.ROOT, "calibration: %.4f ops per CPU-us (geometric mean of %d runs, one beside each entry); "
                + "tolerance %.0f%%%n", Math.exp(calib), measured.size() + 1, 100 * tol);
        List<String> failures = new ArrayList<>();
        ObjectNode updated = json.createObjectNode();
        updated.put("tolerance", tol);
        updated.put("score", "throughput per CPU-microsecond over the calibration's, measured beside each entry");
        updated.put("calibration_ops_per_cpu_us", Math.exp(calib));
        updated.put("jdk", System.getProperty("java.version"));
        ObjectNode scores = updated.putObject("benchmarks");
        for (Scored m : measured) {
            double norm = m.normalised();
            String status = "ok";
            String vs = "";
            JsonNode b = benchmarks == null ? null : benchmarks.get(m.entry().id());
            if (b != null) {
                double ref = b.get("normalised").asDouble();
                double change = norm / ref - 1;
                vs = String.format(Locale.ROOT, " baseline %.6g (%+.1f%%)", ref, 100 * change);
                if (change < -tol) {
                    status = "SLOWER";
                    failures.add(m.entry().id() + " " + String.format(Locale.ROOT, "%+.0f%%", 100 * change));
                }
            } else if (!updateBaseline) {
                vs = " (no baseline)";
            }
            if (m.bytesPerOp() > m.entry().maxBytes()) {
                status = "ALLOCATES";
                failures.add(m.entry().id() + String.format(Locale.ROOT, " allocates %.1f B/op", m.bytesPerOp()));
            }
            System.out.printf(Locale.ROOT, "%-32s %12.6g ops/us  cpu/wall %.2f  normalised %.6g%s  alloc %.2f B/op%s  %s%n",
                    m.entry().id(), m.run().opsPerUs(), m.run().cpuPerWall(), norm, vs, m.bytesPerOp(),
                    m.runs() > 1 ? " (best of " + m.runs() + ")" : "", status);
            ObjectNode s = scores.putObject(m.entry().id());
            s.put("normalised", norm);
            s.put("ops_per_us", m.run().opsPerUs());
            s.put("cpu_per_wall", m.run().cpuPerWall());
            s.put("bytes_per_op", m.bytesPerOp());
        }
        if (updateBaseline) {
            Path tmp = baseline.resolveSibling(baseline.getFileName() + ".tmp");
            json.writerWithDefaultPrettyPrinter().writeValue(tmp.toFile(), updated);
            Files.move(tmp, baseline, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            System.out.println("baseline written to " + baseline);
        }
        if (measured.isEmpty()) {
            failures.add("nothing was measured");
        }
        if (failures.isEmpty()) {
            System.out.println("gate: PASS");
            return 0;
        }
        System.out.println("gate: FAIL (" + String.join("; ", failures) + ")");
        return 1;
    }

    private static final String CALIB = GateSuite.CALIBRATION;

    /** Returns the throughput, CPU share and allocation of one benchmark method. */
    private Measurement measure(String method, Map<String, String> params, boolean profileGc) throws RunnerException {
        ChainedOptionsBuilder o = new OptionsBuilder()
                .include("^" + Pattern.quote(method) + "$")
                .forks(1)
                .warmupIterations(quick ? 2 : 3)
                .warmupTime(TimeValue.milliseconds(quick ? 500 : 1000))
                .measurementIterations(quick ? 3 : 5)
                .measurementTime(TimeValue.milliseconds(quick ? 500 : 1000))
                .timeUnit(java.util.concurrent.TimeUnit.MICROSECONDS)
                .mode(org.openjdk.jmh.annotations.Mode.Throughput)
                // Gated runs are pinned to one thread (parallel streams run in the caller, the serial collector collects
                // in it too): how well threads share the cores depends on what else runs, how fast one thread computes
                // does not. With G1's concurrent threads an allocating benchmark (46 MB per op) read -13% to -37% under load.
                .jvmArgsAppend("-Xmx2g", "-XX:+UseSerialGC", "-Djava.util.concurrent.ForkJoinPool.common.parallelism=0")
                .verbosity(VerboseMode.SILENT)
                .shouldFailOnError(true);
        params.forEach((k, v) -> o.param(k, v));
        o.addProfiler(CpuTimeProfiler.class);
        if (profileGc) {
            o.addProfiler(GCProfiler.class);
        }
        Collection<RunResult> results = new Runner(o.build()).run();
        if (results.size() != 1) {
            throw new IllegalStateException("expected one result for " + method + " " + params + ", got " + results.size());
        }
        RunResult r = results.iterator().next();
        double score = r.getPrimaryResult().getScore();
        String unit = r.getPrimaryResult().getScoreUnit();
        if (!unit.startsWith("ops/")) {
            // An average-time benchmark: turn time per op into ops per microsecond.
            throw new IllegalStateException(method + " reports " + unit + "; the gate measures throughput");
        }
        double bytes = 0;
        double cpuPerWall = Double.NaN;
        Map<String, Result> secondary = r.getSecondaryResults();
        for (Map.Entry<String, Result> e : secondary.entrySet()) {
            if (e.getKey().endsWith("gc.alloc.rate.norm")) {
                bytes = e.getValue().getScore();
            } else if (e.getKey().equals(CpuTimeProfiler.LABEL)) {
                cpuPerWall = e.getValue().getScore();
            }
        }
        if (!(cpuPerWall > 0)) {
            throw new IllegalStateException(method + ": no CPU time was measured");
        }
        return new Measurement(score, cpuPerWall, bytes);
    }

    /** Runs the gate and exits with its status. */
    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    /** Returns the gate's command line: bad options give one line on stderr and exit 2. */
    static CommandLine commandLine() {
        CommandLine cl = new CommandLine(new Gate());
        cl.setParameterExceptionHandler((ex, args) -> {
            ex.getCommandLine().getErr().println("rwdp bench --gate: " + ex.getMessage().lines().findFirst().orElse("bad option")
                    + " (see ./rwdp bench --gate --help)");
            return 2;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            if (ex instanceof CommandLine.ParameterException pe) {
                cmd.getErr().println("rwdp bench --gate: " + pe.getMessage());
                return 2;
            }
            if (ex instanceof IOException || ex instanceof rwdp.check.InvalidArgumentException) {
                cmd.getErr().println("rwdp bench --gate: " + ex.getMessage());
                return 2;
            }
            throw ex;
        });
        return cl;
    }
}
