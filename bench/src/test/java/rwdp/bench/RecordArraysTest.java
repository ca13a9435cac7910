package rwdp.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No record of the bench module holds an array, so none can share one with its callers (the
 * records of core, bounds and verify are checked by verify's RecordArrayContractTest). A record
 * that needs one copies it in its compact constructor and accessor, and is checked like those.
 */
class RecordArraysTest {
    @Test
    void noBenchRecordHasAnArrayComponent() throws IOException, ClassNotFoundException {
        Path dir = Path.of("target/classes");
        assertTrue(Files.isDirectory(dir), "compiled classes missing: " + dir.toAbsolutePath());
        List<String> names;
        try (Stream<Path> files = Files.walk(dir)) {
            names = files.filter(f -> f.toString().endsWith(".class"))
                    .map(f -> dir.relativize(f).toString().replace('\\', '/').replace('/', '.').replaceAll("\\.class$", ""))
                    .filter(n -> n.startsWith("rwdp.bench.") && !n.contains("jmh_generated"))
                    .toList();
        }
        int records = 0;
        for (String n : names) {
            Class<?> c = Class.forName(n, false, RecordArraysTest.class.getClassLoader());
            if (c.isRecord()) {
                records++;
                for (var rc : c.getRecordComponents()) {
                    assertTrue(!rc.getType().isArray(), n + "." + rc.getName() + " is an array: copy it in and out, and check it");
                }
            }
        }
        assertTrue(records > 0, "the scan found no record in " + dir.toAbsolutePath());
    }
}
