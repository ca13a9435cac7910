package rwdp.architecture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The classes of {@code bounds.pndp} form a tree: no class uses a class that uses it back, directly or through others,
 * so the package reads from the door ({@code PndpAccountant}) down to its engines. A class uses another when its source,
 * comments and string literals left out, names it (a nested type {@code Other.Nested} names {@code Other}); {@link
 * PackageCycleTest} reads packages from bytecode and cannot see this, and lends its component search.
 *
 * <p>Before the answers over all pairs moved from {@code PndpAccountant} into {@code PairStatistics}, this test found
 * the component {CertifiedStatistics, PndpAccountant, SampledSources, TraceIdentity}: the door called each engine and
 * each engine built a record nested in the door ({@code PndpAccountant.Certified}, {@code .Sample} and
 * {@code .DistanceSummary}, {@code .MeanIdentity}).
 */
class ClassCycleTest {

    private static final Path SOURCES = Path.of("../bounds/src/main/java/rwdp/bounds/pndp");

    /** Returns the source with its comments and string and character literals blanked. */
    static String code(String source) {
        StringBuilder out = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            if (source.startsWith("/*", i)) {
                int end = source.indexOf("*/", i + 2);
                i = end < 0 ? source.length() : end + 2;
                out.append(' ');
            } else if (source.startsWith("//", i)) {
                int end = source.indexOf('\n', i);
                i = end < 0 ? source.length() : end;
            } else if (source.startsWith("\"\"\"", i)) {
                int end = source.indexOf("\"\"\"", i + 3);
                i = end < 0 ? source.length() : end + 3;
                out.append("\"\"");
            } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                char q = source.charAt(i);
                int j = i + 1;
                while (j < source.length() && source.charAt(j) != q) {
                    j += source.charAt(j) == '\\' ? 2 : 1;
                }
                i = j + 1;
                out.append(q).append(q);
            } else {
                out.append(source.charAt(i++));
            }
        }
        return out.toString();
    }

    /** Returns class → the other classes of the set whose names its code uses. */
    static Map<String, Set<String>> classGraph(Map<String, String> sources) {
        Map<String, Set<String>> g = new TreeMap<>();
        for (Map.Entry<String, String> e : sources.entrySet()) {
            String body = code(e.getValue());
            Set<String> uses = new TreeSet<>();
            for (String other : sources.keySet()) {
                if (!other.equals(e.getKey()) && Pattern.compile("\\b" + other + "\\b").matcher(body).find()) {
                    uses.add(other);
                }
            }
            g.put(e.getKey(), uses);
        }
        return g;
    }

    /** The shape this package had: an engine building a record nested in the door that calls it. */
    @Test
    void theCheckFindsACycleThroughANestedRecord() {
        Map<String, String> sources = new TreeMap<>();
        sources.put("Door", "final class Door {\n  record Answer(double x) {}\n  static Answer ask() { return Engine.run(); }\n}\n");
        sources.put("Engine", "final class Engine {\n  static Door.Answer run() { return new Door.Answer(1); }\n}\n");
        sources.put("Leaf", "final class Leaf {\n  // Door is named only in this comment\n  String s = \"Engine\";\n}\n");
        Map<String, Set<String>> g = classGraph(sources);
        assertEquals(Set.of(), g.get("Leaf"), "comments and strings are not uses");
        assertEquals(List.of(Set.of("Door", "Engine")), PackageCycleTest.cycles(g));
    }

    @Test
    void noClassCycleInThePackage() throws IOException {
        assertTrue(Files.isDirectory(SOURCES), "sources missing: " + SOURCES.toAbsolutePath());
        Map<String, String> sources = new TreeMap<>();
        try (Stream<Path> files = Files.list(SOURCES)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String name = f.getFileName().toString().replace(".java", "");
                if (!name.equals("package-info")) {
                    sources.put(name, Files.readString(f, StandardCharsets.UTF_8));
                }
            }
        }
        assertTrue(sources.size() >= 8, "read only " + sources.keySet());
        Map<String, Set<String>> g = classGraph(sources);
        assertTrue(g.get("PndpAccountant").containsAll(Set.of("SampledSources", "TraceIdentity", "CertifiedStatistics")),
                "the door no longer calls its engines: " + g.get("PndpAccountant"));
        assertEquals(List.of(), PackageCycleTest.cycles(g), "class cycles in bounds.pndp: " + g);
    }
}
