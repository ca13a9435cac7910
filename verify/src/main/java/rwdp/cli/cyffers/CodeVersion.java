package rwdp.cli.cyffers;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;

/**
 * The version of the code that computes a PNDP job's numbers, stamped into checkpoints and partial files: a digest of
 * the contents of rwdp's classes (not of the jar, whose timestamps change with every build), so two builds of the same
 * sources agree and any code change differs.
 */
public final class CodeVersion {
    private CodeVersion() {}

    private static volatile String current;

    /**
     * Returns "rwdp-" and the first 16 hex digits of the SHA-256 over rwdp's class files, in name order.
     *
     * @throws UncheckedIOException when the class files cannot be read
     */
    public static String current() {
        String v = current;
        if (v == null) {
            v = "rwdp-" + HexFormat.of().formatHex(digest(), 0, 8);
            current = v;
        }
        return v;
    }

    private static byte[] digest() {
        // The code sources of the core, bounds and command-line classes: one jar, or three class folders in a build.
        Set<Path> sources = new LinkedHashSet<>();
        for (Class<?> c : List.of(rwdp.graph.Graph.class, rwdp.bounds.pndp.PairStatistics.class, CodeVersion.class)) {
            CodeSource cs = c.getProtectionDomain().getCodeSource();
            if (cs != null && cs.getLocation() != null) {
                try {
                    sources.add(Path.of(cs.getLocation().toURI()));
                } catch (URISyntaxException | IllegalArgumentException e) {
                    // not a local file: leave it out
                }
            }
        }
        MessageDigest md = PairStatisticsCodec.sha();
        try {
            for (Path p : sources) {
                if (Files.isDirectory(p)) {
                    List<Path> files = new ArrayList<>();
                    try (Stream<Path> s = Files.walk(p)) {
                        s.filter(f -> f.toString().endsWith(".class")).sorted().forEach(files::add);
                    }
                    for (Path f : files) {
                        md.update(p.relativize(f).toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                        md.update(Files.readAllBytes(f));
                    }
                } else if (Files.isRegularFile(p)) {
                    try (JarFile jar = new JarFile(p.toFile())) {
                        List<JarEntry> entries = new ArrayList<>();
                        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements();) {
                            JarEntry je = e.nextElement();
                            if (je.getName().startsWith("rwdp/") && je.getName().endsWith(".class")) {
                                entries.add(je);
                            }
                        }
                        entries.sort(java.util.Comparator.comparing(JarEntry::getName));
                        for (JarEntry je : entries) {
                            md.update(je.getName().getBytes(java.nio.charset.StandardCharsets.UTF_8));
                            try (InputStream in = jar.getInputStream(je)) {
                                md.update(in.readAllBytes());
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read rwdp's classes to version the checkpoint: " + e.getMessage(), e);
        }
        return md.digest();
    }
}
