package rwdp.cli;

import rwdp.cli.common.Outputs;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicContainer;
import org.junit.jupiter.api.DynamicNode;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import rwdp.report.Json;

/**
 * The command-line contract of the README, run against every command with a catalogue of
 * hostile values: each numeric option with NaN, ±inf, 0, −1, a huge value and junk; each file
 * option with a missing file, a directory, an empty file, a binary file, a byte-order mark and
 * junk. Every case must end in exit 0 with one JSON object free of null and non-finite numbers
 * (and the requested file written), or exit 2 with exactly one line on stderr, no stack trace,
 * nothing on stdout and no file written; within {@link #TIME_LIMIT_MS} (a size that does not
 * finish in time must be refused).
 */
class ContractTest {
    /** A case that runs longer than this has accepted a size it cannot finish quickly. */
    static final long TIME_LIMIT_MS = 30_000;

    /**
     * Keys documented as null when undefined: graph info's mixing bound of a periodic or
     * reducible chain, an infinite optimal timeout, a target accuracy never reached.
     */
    static final Set<String> NULLABLE = Set.of();

    /**
     * Commands whose validation belongs to another work package (the PNDP accountant's): their
     * own tests cover them until they join this catalogue.
     */
    static final Set<String> ELSEWHERE = Set.of("bound pndp", "bound pndp-ring", "bound pndp-star", "bound rdp-to-dp",
            "bound pndp-merge replay");

    static Path dir;
    static final String SENTINEL = "a user's file, to be kept\n";
    static Path empty;
    static Path binary;
    static Path bom;
    static Path junk;
    static Path goodEdges;

    @BeforeAll
    static void files() throws IOException {
        dir = Files.createTempDirectory("rwdp-contract");
        empty = Files.writeString(dir.resolve("empty.txt"), "");
        binary = Files.write(dir.resolve("binary.bin"), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, 2, (byte) 0x80, (byte) 0xc3, 0x28});
        bom = Files.writeString(dir.resolve("bom.txt"), "\uFEFF0 1\n1 2\n2 3\n3 0\n0 2\n", StandardCharsets.UTF_8);
        junk = Files.writeString(dir.resolve("junk.txt"), "hello world\nthis is not an edge list\n");
        goodEdges = Files.writeString(dir.resolve("edges.txt"), "0 1\n1 2\n2 3\n3 0\n0 2\n0 0\n1 0\n");
    }

    @AfterAll
    static void clean() throws IOException {
        Outputs.deleteRecursively(dir);
    }

    /** A small valid invocation of each command; {@code OUT} stands for a fresh output path. */
    static final Map<String, List<String>> BASE = new LinkedHashMap<>();

    static {
        BASE.put("graph info", List.of("--graph", "ring:8"));
        BASE.put("bound gamma-delta", List.of("--epsilon", "1", "--theta", "10", "--l-min", "1", "--l-max", "2", "--grid", "5"));
        BASE.put("bound gamma-theta", List.of("--epsilon", "1", "--delta", "1e-3", "--l-min", "1", "--l-max", "2"));
        BASE.put("bound skip-epsilon", List.of("--scheme", "rand-ring", "--n", "10", "--hmax", "100", "--p", "0.5"));
        BASE.put("bound skip-timeout", List.of("--latency", "exp:1"));
        BASE.put("bound skip-latency", List.of("--latency", "exp:1", "--t-skip", "1", "--hmax", "100"));
        BASE.put("bound skip-error", List.of("--scheme", "ring", "--n", "10", "--hmax", "100", "--p", "0.5"));
        BASE.put("bound quantizer-variance", List.of("--d", "10", "--s", "4", "--norm", "1"));
        BASE.put("bound rw-dp-sgd-epsilon", List.of("--graph", "ring:8", "--u", "0", "--v", "1", "--T", "40", "--sigma", "1.2",
                "--runs", "20000"));
        BASE.put("bound dfedrw", List.of("--n", "10", "--q", "0.75", "--lambda-p", "0.9", "--D", "1", "--k", "10"));
        List<String> rw = List.of("--graph", "ring:8", "--steps", "200", "--points", "5", "--csv", "OUT");
        for (String c : List.of("uniform-rw", "weighted-rw", "private-weighted-rw", "laplace-weighted-rw", "gossip")) {
            BASE.put("simulate " + c, rw);
        }
        BASE.put("simulate rw-dp-sgd", List.of("--graph", "ring:8", "--T", "200", "--every", "50", "--csv", "OUT"));
        for (String c : List.of("skip-ring", "skip-rand-ring")) {
            BASE.put("simulate " + c, List.of("--n", "5", "--hmax", "100", "--points", "50", "--csv", "OUT"));
        }
        for (String c : List.of("dfedrw", "qdfedrw", "fedavg", "dfedavg", "dsgd")) {
            BASE.put("simulate " + c, List.of("--graph", "complete:5", "--train", "200", "--test", "50", "--rounds", "2",
                    "--K", "1", "--M", "2", "--batch", "10", "--dimension", "5", "--classes", "3", "--csv", "OUT"));
        }
    }

    /** One hostile invocation. */
    record Case(String name, List<String> args) {}

    static List<Case> catalogue() {
        List<Case> cases = new ArrayList<>();
        CommandLine root = Main.commandLine();
        Set<String> seen = new TreeSet<>();
        for (Map.Entry<String, List<String>> e : BASE.entrySet()) {
            String cmd = e.getKey();
            CommandLine c = root;
            for (String part : cmd.split(" ")) {
                c = c.getSubcommands().get(part);
            }
            List<String> prefix = Arrays.asList(cmd.split(" "));
            List<String> base = e.getValue();
            cases.add(new Case(cmd + " (valid)", concat(prefix, base)));
            for (OptionSpec o : c.getCommandSpec().options()) {
                if (o.usageHelp() || o.versionHelp()) {
                    continue;
                }
                String name = o.longestName();
                Class<?> t = o.type();
                List<String> values = new ArrayList<>();
                if (t == double.class || t == Double.class) {
                    values.addAll(List.of("NaN", "inf", "-Infinity", "0", "-1", "1e308", "1e-300", "abc"));
                } else if (t == int.class || t == Integer.class) {
                    values.addAll(List.of("0", "-1", "2147483647", "99999999999", "1.5", "abc"));
                } else if (t == long.class || t == Long.class) {
                    values.addAll(List.of("0", "-1", "9223372036854775807", "1e3", "abc"));
                } else if (t == Path.class || t == rwdp.cli.common.OutputFile.class || t == rwdp.cli.common.InputFolder.class) {
                    values.addAll(List.of(dir.toString(), dir.resolve("no/such/folder/x.csv").toString(), "/proc/rwdp-x.csv"));
                } else if (name.equals("--graph")) {
                    values.addAll(List.of("file:" + dir.resolve("missing.txt"), "file:" + dir, "file:" + empty, "file:" + binary,
                            "file:" + bom, "file:" + junk, "file:" + goodEdges, "complete:1", "ring:99999999999",
                            "complete:100000", "er:10000000,0.5,1", "grid:100000,100000", "ring:-3", "nonsense"));
                } else if (name.equals("--node-weights")) {
                    values.addAll(List.of("file:" + dir.resolve("missing.txt"), "file:" + dir, "file:" + empty,
                            "file:" + binary, "file:" + junk, "1,2", "NaN,1,1,1,1,1,1,1", "-1,1,1,1,1,1,1,1"));
                } else if (t == String.class || t.isEnum() || t == rwdp.latency.LatencyModel.class || t == rwdp.cli.ayache.GaussianData.class
                        || rwdp.cli.common.NamesInput.class.isAssignableFrom(t)) {
                    values.addAll(List.of("", "nonsense"));
                } else {
                    continue;
                }
                for (String v : values) {
                    List<String> args = new ArrayList<>(prefix);
                    List<String> b = new ArrayList<>(base);
                    int at = b.indexOf(name);
                    if (at >= 0) {
                        b.set(at + 1, v);
                    } else {
                        b.add(name);
                        b.add(v);
                    }
                    args.addAll(b);
                    String label = cmd + " " + name + " " + v.replace(dir.toString(), "TMP");
                    if (seen.add(label)) {
                        cases.add(new Case(label, args));
                    }
                }
            }
        }
        for (String[] extra : List.of(
                new String[] {"report", "--threads", "-1", "--only", "core.generators-exact", "--out", "DIR"},
                new String[] {"report", "--profile", "medium", "--out", "DIR"},
                new String[] {"report", "--profile", "", "--out", "DIR"},
                new String[] {"report", "--only", "no-such-claim", "--out", "DIR"},
                new String[] {"report", "--out", "FILE"},
                new String[] {"graph", "info", "--graph", "file:EDGES", "--mapping", "EDGES"},
                new String[] {"graph", "info", "--graph", "ring:5", "--weights", "lazy-ring(2)"},
                new String[] {"bound", "gamma-delta", "--epsilon", "1", "--theta", "10", "--l-min", "1e-160", "--l-max", "1e160"},
                new String[] {"bound", "quantizer-variance", "--d", "10", "--s", "1e308", "--norm", "1e308"},
                new String[] {"bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "1000000", "--hmax", "1000000000", "--p", "0.5"},
                new String[] {"simulate", "skip-ring", "--n", "2000000000", "--hmax", "2000000000"},
                new String[] {"simulate", "uniform-rw", "--graph", "ring:8", "--steps", "200", "--data", "gaussian:1e300,10,5,7"},
                new String[] {"simulate", "uniform-rw", "--graph", "ring:8", "--steps", "200", "--data", "gaussian:1,10"},
                new String[] {"simulate", "skip-ring", "--n", "5", "--hmax", "100", "--data", "mnist"},
                new String[] {"simulate", "skip-rand-ring", "--n", "5", "--hmax", "100", "--data", "file:"},
                new String[] {"simulate", "private-weighted-rw", "--graph", "ring:8", "--steps", "200", "--gradient-weights", "signed"},
                new String[] {"simulate", "gossip", "--graph", "complete:1"},
                new String[] {"simulate", "dfedrw", "--train", "300000000"},
                // The third hostile run (issue 28): laws at the ends of the double range, sizes, messages.
                new String[] {"bound", "skip-timeout", "--latency", "gamma:1e300,1"},
                new String[] {"bound", "skip-timeout", "--latency", "gamma:1,1e-300"},
                new String[] {"bound", "skip-timeout", "--latency", "lognormal:-1e3,1"},
                new String[] {"bound", "skip-timeout", "--latency", "uniform:0,1e-320"},
                new String[] {"bound", "skip-latency", "--latency", "uniform:0,1e-320", "--t-skip", "1", "--hmax", "100"},
                new String[] {"simulate", "skip-ring", "--latency", "lognormal:-1e3,1"},
                new String[] {"bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "100", "--hmax", "1000000000", "--p", "0.1"},
                new String[] {"bound", "skip-epsilon", "--scheme", "ring", "--n", "10", "--hmax", "100", "--p", "0.1", "--delta", "4.9e-324"},
                new String[] {"bound", "skip-epsilon", "--scheme", "rand-ring", "--n", "10", "--hmax", "100", "--p", "0.1",
                    "--accounting", "rdp-improved", "--epsilon", "1e-300"},
                new String[] {"bound", "pndp", "--graph", "ring:10", "--alpha", "2", "--sigma", "3", "--T", "1000", "--sample", "5",
                    "--level", "0.9999999999999999"},
                new String[] {"bound", "pndp", "--graph", "regular:200000,8,1", "--alpha", "2", "--sigma", "2.5", "--T", "100000",
                    "--sample", "200000"},
                new String[] {"bound", "pndp", "--graph", "complete:200000", "--alpha", "2", "--sigma", "3", "--T", "1000",
                    "--sample", "1"})) {
            cases.add(new Case(String.join(" ", extra).replace(dir.toString(), "TMP"), List.of(extra)));
        }
        return cases;
    }

    @org.junit.jupiter.api.Test
    void theCatalogueCoversEveryCommand() {
        Set<String> leaves = new TreeSet<>();
        collect(Main.commandLine(), leaves);
        leaves.remove("report");
        leaves.removeAll(ELSEWHERE);
        assertEquals(leaves, new TreeSet<>(BASE.keySet()), "every command needs a valid base invocation in BASE");
    }

    static void collect(CommandLine c, Set<String> out) {
        if (c.getSubcommands().isEmpty()) {
            out.add(c.getCommandSpec().qualifiedName().replaceFirst("^rwdp ", ""));
        }
        c.getSubcommands().values().stream().distinct().forEach(s -> collect(s, out));
    }

    /**
     * Surefire's report names dynamic tests by index, so the size of the catalogue is stated in
     * this test's name (a floor, checked) and printed exactly by the factory below.
     */
    @org.junit.jupiter.api.Test
    void theCatalogueHoldsAtLeast1600HostileCases() {
        assertTrue(catalogue().size() >= 1600, "catalogue has " + catalogue().size() + " cases");
    }

    @TestFactory
    Stream<DynamicNode> everyCommandHonoursTheContract() {
        List<Case> cases = catalogue();
        System.out.println("CLI contract: " + cases.size() + " hostile cases");
        List<DynamicNode> tests = new ArrayList<>();
        for (Case c : cases) {
            tests.add(DynamicTest.dynamicTest(c.name(), () -> check(c)));
        }
        return Stream.of(DynamicContainer.dynamicContainer("CLI contract, " + cases.size() + " hostile cases", tests));
    }

    static void check(Case c) throws Exception {
        Path work = Files.createTempDirectory(dir, "case");
        Path out = work.resolve("out.csv");
        List<String> args = new ArrayList<>();
        for (String a : c.args()) {
            args.add(switch (a) {
                case "OUT" -> out.toString();
                case "DIR" -> work.resolve("report").toString();
                case "FILE" -> Files.writeString(work.resolve("a-file"), "x").toString();
                case "EDGES" -> goodEdges.toString();
                case "file:EDGES" -> "file:" + goodEdges;
                default -> a;
            });
        }
        // An existing file at the output path: a failed command must leave it as it was, a successful one replace it.
        Files.writeString(out, SENTINEL);
        Set<String> before = listing(work);
        CliTest.Run r = runWithin(args.toArray(String[]::new));
        String what = c.name() + "\nexit " + r.code() + "\nstderr: " + r.err() + "\nstdout: " + abbreviate(r.out());
        if (r.code() == 2) {
            List<String> lines = r.err().strip().lines().toList();
            assertEquals(1, lines.size(), "exit 2 must print exactly one line on stderr: " + what);
            assertFalse(r.err().contains("\tat ") || r.err().contains("Exception"), "no stack trace: " + what);
            assertTrue(r.out().isBlank(), "nothing on stdout on failure: " + what);
            Set<String> after = listing(work);
            after.remove("a-file");
            before.remove("a-file");
            assertEquals(before, after, "a failed command writes nothing: " + what);
            assertEquals(SENTINEL, Files.readString(out), "a failed command leaves an existing output as it was: " + what);
        } else if (r.code() == 0) {
            if (c.args().get(0).equals("report")) {
                return;
            }
            JsonNode j = Json.mapper().readTree(r.out());
            assertTrue(j != null && j.isObject(), "stdout is one JSON object: " + what);
            List<String> bad = new ArrayList<>();
            scan(j, "", bad);
            assertTrue(bad.isEmpty(), "null or non-finite numbers " + bad + ": " + what);
            if (c.args().contains("OUT")) {
                assertFalse(Files.readString(out).equals(SENTINEL), "the requested --csv was written: " + what);
            }
        } else {
            fail("exit must be 0 or 2 for these inputs: " + what);
        }
    }

    static void scan(JsonNode j, String path, List<String> bad) {
        if (j.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> it = j.fields(); it.hasNext();) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isNull() && NULLABLE.contains(e.getKey())) {
                    continue;
                }
                scan(e.getValue(), path + "." + e.getKey(), bad);
            }
        } else if (j.isArray()) {
            for (int i = 0; i < j.size(); i++) {
                scan(j.get(i), path + "[" + i + "]", bad);
            }
        } else if (j.isNull() || (j.isNumber() && !Double.isFinite(j.asDouble()))
                || (j.isTextual() && Set.of("NaN", "Infinity", "-Infinity").contains(j.asText()))) {
            bad.add(path + "=" + j);
        }
    }

    static List<String> concat(List<String> a, List<String> b) {
        List<String> all = new ArrayList<>(a);
        all.addAll(b);
        return all;
    }

    static Set<String> listing(Path p) throws IOException {
        try (Stream<Path> s = Files.walk(p)) {
            Set<String> names = new TreeSet<>();
            s.filter(x -> !x.equals(p)).forEach(x -> names.add(p.relativize(x).toString()));
            return names;
        }
    }

    static String abbreviate(String s) {
        return s.length() > 400 ? s.substring(0, 400) + "..." : s;
    }

    /**
     * Runs the command in a worker thread; one that is still running after the time limit is
     * stopped and fails the case (it accepted a size it cannot finish).
     */
    @SuppressWarnings({"deprecation", "removal"})
    static CliTest.Run runWithin(String... args) throws InterruptedException {
        AtomicReference<CliTest.Run> result = new AtomicReference<>();
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread t = new Thread(() -> {
            try {
                result.set(CliTest.run(args));
            } catch (Throwable e) {
                thrown.set(e);
            }
        }, "contract-case");
        t.setDaemon(true);
        t.start();
        t.join(TIME_LIMIT_MS);
        if (t.isAlive()) {
            t.stop();
            t.join(5_000);
            fail("still running after " + TIME_LIMIT_MS / 1000 + " s: " + String.join(" ", args));
        }
        if (thrown.get() != null) {
            fail("escaped the command line: " + thrown.get() + " for " + String.join(" ", args), thrown.get());
        }
        return result.get();
    }
}
