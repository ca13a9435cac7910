package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code ./rwdp} launcher run several times at once after a source change: every command
 * succeeds and only one rebuild runs. The real launcher runs in a copy of the repository's
 * layout with a stand-in {@code mvn} on the PATH that rewrites the jar slowly and in place, as
 * Maven does, so a launcher that ran the jar being rewritten, or built twice at once, fails.
 */
@EnabledOnOs({OS.LINUX, OS.MAC})
class LauncherConcurrencyTest {

    /** The program inside the stand-in jar. */
    public static final class Hello {
        public static void main(String[] args) {
            System.out.println("ok " + String.join(" ", args));
        }
    }

    @Test
    void fourCommandsStartedTogetherAfterASourceChangeAllSucceed(@TempDir Path root) throws Exception {
        Path launcher = Path.of("..", "rwdp").toAbsolutePath().normalize();
        assertTrue(Files.isRegularFile(launcher), "launcher not found at " + launcher);
        Files.copy(launcher, root.resolve("rwdp"));
        root.resolve("rwdp").toFile().setExecutable(true);
        Files.writeString(root.resolve("pom.xml"), "<project/>\n");
        for (String m : List.of("core", "bounds", "verify", "bench")) {
            Files.createDirectories(root.resolve(m).resolve("src/main/java"));
        }
        Path source = Files.writeString(root.resolve("core/src/main/java/A.java"), "class A {}\n");
        Path jar = root.resolve("stand-in.jar");
        writeJar(jar);
        Path bin = Files.createDirectories(root.resolve("bin"));
        Path log = root.resolve("builds.log");
        // The stand-in Maven: empties the jar, waits, then writes it, like a build in progress.
        Path mvn = bin.resolve("mvn");
        Files.writeString(mvn, String.join("\n",
                "#!/usr/bin/env bash",
                "echo build >> '" + log + "'",
                "mkdir -p verify/target",
                ": > verify/target/rwdp.jar",
                "sleep 2",
                "cat '" + jar + "' > verify/target/rwdp.jar",
                ""), StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(mvn, PosixFilePermissions.fromString("rwxr-xr-x"));

        // First build, then a source change, then four launchers at once.
        assertEquals("ok first", run(root, bin, "first").get(0));
        Thread.sleep(1100);
        Files.writeString(source, "class A { int x; }\n");
        List<Process> ps = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            ps.add(start(root, bin, "run" + i));
        }
        for (int i = 0; i < 4; i++) {
            Process p = ps.get(i);
            assertTrue(p.waitFor(120, TimeUnit.SECONDS), "launcher " + i + " did not finish");
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, p.exitValue(), "launcher " + i + ": " + out + " / " + err);
            assertEquals("ok run" + i, out, "launcher " + i + " stderr: " + err);
        }
        assertEquals(2, Files.readAllLines(log).size(), "one build at first, one after the change");
    }

    static List<String> run(Path root, Path bin, String arg) throws Exception {
        Process p = start(root, bin, arg);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS));
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), out + " / " + err);
        return List.of(out);
    }

    static Process start(Path root, Path bin, String arg) throws IOException {
        ProcessBuilder pb = new ProcessBuilder(root.resolve("rwdp").toString(), arg).directory(root.toFile());
        pb.environment().put("PATH", bin + ":" + System.getenv("PATH"));
        pb.environment().remove("RWDP_JAVA_OPTS");
        return pb.start();
    }

    static void writeJar(Path jar) throws IOException {
        Manifest mf = new Manifest();
        mf.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        mf.getMainAttributes().put(Attributes.Name.MAIN_CLASS, Hello.class.getName());
        String entry = Hello.class.getName().replace('.', '/') + ".class";
        try (OutputStream os = Files.newOutputStream(jar); JarOutputStream jos = new JarOutputStream(os, mf);
             InputStream in = LauncherConcurrencyTest.class.getClassLoader().getResourceAsStream(entry)) {
            jos.putNextEntry(new JarEntry(entry));
            in.transferTo(jos);
            jos.closeEntry();
        }
    }
}
