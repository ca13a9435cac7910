package rwdp.cli.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A command's threads run on while the JVM shuts down: what they create or commit after
 * {@link Outputs}' clean-up would be cut off by the halt and left in the user's folder. A child
 * JVM writes and commits outputs in a loop while it exits; a second, slow shutdown hook holds the
 * halt open for 300 ms after the clean-up, so that a loop which is not stopped by it writes
 * hundreds of temporaries in that window (before the fix: a leftover at every run).
 */
class OutputsShutdownTest {
    @TempDir
    Path tmp;

    /** The child: writes {@code DIR/out.csv} through Outputs in a loop; a second thread exits the JVM. */
    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }));
        Thread exit = new Thread(() -> {
            try {
                Thread.sleep(200);
            } catch (InterruptedException e) {
                return;
            }
            System.exit(0);
        });
        exit.start();
        for (long i = 0; ; i++) {
            long value = i;
            Outputs.write(dir.resolve("out.csv"), w -> w.write("row " + value + "\n"));
            Outputs.commit();
        }
    }

    @Test
    void nothingIsCreatedOrCutInHalfAfterTheShutdownCleanUp() throws Exception {
        for (int run = 0; run < 3; run++) {
            Path dir = Files.createDirectories(tmp.resolve("run" + run));
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            Process p = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"),
                    OutputsShutdownTest.class.getName(), dir.toString())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the child did not end");
            assertEquals(List.of("out.csv"), names(dir), "run " + run + ": only the committed output is left");
            assertTrue(Files.readString(dir.resolve("out.csv"), StandardCharsets.UTF_8).matches("row \\d+\n"),
                    "run " + run + ": the output is whole");
        }
    }

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }
}
