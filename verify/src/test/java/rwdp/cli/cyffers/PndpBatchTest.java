package rwdp.cli.cyffers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.cli.CliTest;

/**
 * The batch route: {@code bound pndp --all-sources --senders A..B --partial FILE} over a cover of the senders, then
 * {@code bound pndp-merge}, prints the JSON of {@code --all-sources} bit for bit (only seconds differs) on two graph
 * families; damaged, missing, doubled and foreign files are refused in one line.
 */
class PndpBatchTest {
    private static final String[] ER = {"--graph", "er:300,0.03,7", "--T", "2000", "--alpha", "2", "--sigma", "4"};
    private static final String[] GRID = {"--graph", "grid:9,11", "--T", "500", "--alpha", "3", "--sigma", "8",
        "--method", "series", "--sender", "known", "--block", "8"};

    private static String[] cat(String[]... parts) {
        return Stream.of(parts).flatMap(Stream::of).toArray(String[]::new);
    }

    private static String withoutSeconds(String json) {
        return json.replaceAll("(?m)^\\s*\"seconds\" : [^\\n]*\\n", "");
    }

    private static String allSources(String[] setting) {
        CliTest.Run r = CliTest.run(cat(new String[] {"bound", "pndp"}, setting, new String[] {"--all-sources", "--quiet"}));
        assertEquals(0, r.code(), r.err());
        return withoutSeconds(r.out());
    }

    private static Path partial(String[] setting, Path dir, String range) {
        Path f = dir.resolve("part-" + range + ".txt");
        CliTest.Run r = CliTest.run(cat(new String[] {"bound", "pndp"}, setting,
                new String[] {"--all-sources", "--quiet", "--senders", range, "--partial", f.toString()}));
        assertEquals(0, r.code(), r.err());
        assertTrue(r.out().contains("\"senders\" : \"" + range + "\""), r.out());
        return f;
    }

    private static CliTest.Run merge(Path... files) {
        List<String> a = new ArrayList<>(List.of("bound", "pndp-merge"));
        for (Path f : files) {
            a.add(f.toString());
        }
        return CliTest.run(a.toArray(new String[0]));
    }

    @Test
    void mergedPartialsGiveTheAllSourcesJsonOnTwoGraphFamilies(@TempDir Path tmp) {
        // er:300 in kernel blocks of 32: 10 blocks, the last short; three uneven ranges, merged in another order.
        String er = allSources(ER);
        Path a = partial(ER, tmp, "0..63");
        Path b = partial(ER, tmp, "64..255");
        Path c = partial(ER, tmp, "256..299");
        CliTest.Run m = merge(c, a, b);
        assertEquals(0, m.code(), m.err());
        assertEquals(er, withoutSeconds(m.out()));
        // grid:9,11 (99 nodes), the series, a known sender, blocks of 8: one block per file and one big range.
        String grid = allSources(GRID);
        Path g1 = partial(GRID, tmp, "0..7");
        Path g2 = partial(GRID, tmp, "8..98");
        CliTest.Run mg = merge(g1, g2);
        assertEquals(0, mg.code(), mg.err());
        assertEquals(grid, withoutSeconds(mg.out()));
    }

    @Test
    void damagedMissingDoubledAndForeignPartialsAreRefused(@TempDir Path tmp) throws IOException {
        Path a = partial(ER, tmp, "0..127");
        Path b = partial(ER, tmp, "128..299");
        String[] other = ER.clone();
        other[7] = "5"; // sigma 5: another job
        Path foreign = partial(other, tmp.resolve("o").toFile().mkdir() ? tmp.resolve("o") : tmp, "128..299");
        byte[] good = Files.readAllBytes(b);
        Path flipped = tmp.resolve("flipped.txt");
        byte[] f = good.clone();
        int at = new String(good, StandardCharsets.UTF_8).indexOf("\nblock ") + 20;
        f[at] = (byte) (f[at] == '0' ? '1' : '0');
        Files.write(flipped, f);
        Path truncated = tmp.resolve("truncated.txt");
        Files.write(truncated, java.util.Arrays.copyOf(good, good.length - 30));
        Object[][] cases = {
            {new Path[] {a, flipped}, "fails its checksum"},
            {new Path[] {a, truncated}, "not a whole partial file"},
            {new Path[] {a}, "kernel blocks 4..9 are in none of the files"},
            {new Path[] {a, b, a}, "is in both"},
            {new Path[] {a, foreign}, "are of different jobs"},
        };
        for (Object[] c : cases) {
            CliTest.Run r = merge((Path[]) c[0]);
            assertEquals(2, r.code(), r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
            assertTrue(r.err().contains((String) c[1]), c[1] + ": " + r.err());
            assertEquals("", r.out());
        }
        // Ranges that are not whole kernel blocks, or options that do not go together, are refused before any work.
        for (String[] bad : new String[][] {
            cat(new String[] {"bound", "pndp"}, ER, new String[] {"--all-sources", "--senders", "5..40", "--partial", tmp.resolve("x").toString()}),
            cat(new String[] {"bound", "pndp"}, ER, new String[] {"--senders", "0..31", "--partial", tmp.resolve("x").toString()}),
            cat(new String[] {"bound", "pndp"}, ER, new String[] {"--all-sources", "--senders", "0..31"}),
            cat(new String[] {"bound", "pndp"}, ER, new String[] {"--all-sources", "--senders", "0..300", "--partial", tmp.resolve("x").toString()}),
        }) {
            CliTest.Run r = CliTest.run(bad);
            assertEquals(2, r.code(), String.join(" ", bad) + ": " + r.err());
            assertEquals(1, r.err().strip().lines().count(), r.err());
        }
        assertFalse(Files.exists(tmp.resolve("x")));
    }
}
