package rwdp.architecture;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * Packages form a tree: no package depends on one that depends back on it. The dependencies are
 * read from the compiled classes by the JDK's {@code jdeps} (the command in the README's Modules
 * section), so a fully qualified reference counts as much as an import.
 */
class PackageCycleTest {

    /** Returns the package graph (package → packages it uses) of the given class folders. */
    static Map<String, Set<String>> packageGraph(List<Path> classDirs) {
        ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new IllegalStateException("jdeps not in this JDK"));
        List<String> args = new ArrayList<>(List.of("-verbose:package", "-filter:none", "-e", "rwdp\\..*"));
        classDirs.forEach(d -> args.add(d.toString()));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = jdeps.run(new PrintWriter(out), new PrintWriter(err), args.toArray(new String[0]));
        assertTrue(code == 0, "jdeps failed: " + err);
        Map<String, Set<String>> g = new TreeMap<>();
        for (String line : out.toString().split("\n")) {
            String[] f = line.trim().split("\\s+");
            if (f.length >= 3 && f[1].equals("->") && f[0].startsWith("rwdp") && f[2].startsWith("rwdp")) {
                g.computeIfAbsent(f[0], k -> new TreeSet<>());
                if (!f[0].equals(f[2])) {
                    g.get(f[0]).add(f[2]);
                }
            }
        }
        return g;
    }

    /** Returns the strongly connected components with more than one package (Tarjan). */
    static List<Set<String>> cycles(Map<String, Set<String>> g) {
        Map<String, Integer> index = new HashMap<>();
        Map<String, Integer> low = new HashMap<>();
        Deque<String> stack = new ArrayDeque<>();
        Set<String> onStack = new TreeSet<>();
        List<Set<String>> out = new ArrayList<>();
        int[] counter = {0};
        for (String v : g.keySet()) {
            if (!index.containsKey(v)) {
                strong(v, g, index, low, stack, onStack, out, counter);
            }
        }
        return out;
    }

    private static void strong(String v, Map<String, Set<String>> g, Map<String, Integer> index, Map<String, Integer> low,
                               Deque<String> stack, Set<String> onStack, List<Set<String>> out, int[] counter) {
        index.put(v, counter[0]);
        low.put(v, counter[0]++);
        stack.push(v);
        onStack.add(v);
        for (String w : g.getOrDefault(v, Set.of())) {
            if (!index.containsKey(w)) {
                strong(w, g, index, low, stack, onStack, out, counter);
                low.put(v, Math.min(low.get(v), low.get(w)));
            } else if (onStack.contains(w)) {
                low.put(v, Math.min(low.get(v), index.get(w)));
            }
        }
        if (low.get(v).equals(index.get(v))) {
            Set<String> comp = new TreeSet<>();
            String w;
            do {
                w = stack.pop();
                onStack.remove(w);
                comp.add(w);
            } while (!w.equals(v));
            if (comp.size() > 1) {
                out.add(comp);
            }
        }
    }

    @Test
    void theCheckFindsACycle() {
        Map<String, Set<String>> g = new TreeMap<>();
        g.put("a", Set.of("b"));
        g.put("b", Set.of("c"));
        g.put("c", Set.of("a"));
        g.put("d", Set.of("a"));
        List<Set<String>> c = cycles(g);
        assertTrue(c.size() == 1 && c.get(0).equals(Set.of("a", "b", "c")), c.toString());
    }

    @Test
    void noPackageCycleInCoreBoundsVerify() {
        List<Path> dirs = List.of(Path.of("../core/target/classes"), Path.of("../bounds/target/classes"), Path.of("target/classes"));
        dirs.forEach(d -> assertTrue(Files.isDirectory(d), "compiled classes missing: " + d.toAbsolutePath()));
        Map<String, Set<String>> g = packageGraph(dirs);
        assertTrue(g.size() > 20, "jdeps saw only " + g.size() + " packages");
        List<Set<String>> c = cycles(g);
        assertTrue(c.isEmpty(), "package cycles: " + c);
    }
}
