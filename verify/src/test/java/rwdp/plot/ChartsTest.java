package rwdp.plot;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {
    @TempDir
    Path dir;

    @Test
    void everyFigureIsWrittenAsPngAndSvg() throws Exception {
        double[] x = {0.1, 0.35, 0.6, 0.85, 1.1};
        Path png = dir.resolve("f.png");
        Charts.xy("t", "x", "y").logY()
                .pair(Charts.Series.line("exact", x, new double[] {1, 0.5, 0.2, 0.1, 0.05}),
                        Charts.Series.line("bound", x, new double[] {2, 1, 0.4, 0.2, 0.1}))
                .save(png);
        assertTrue(ImageIO.read(png.toFile()).getWidth() > 100, "PNG readable");
        String svg = Files.readString(dir.resolve("f.svg"));
        assertTrue(svg.contains("<svg") && svg.trim().endsWith("</svg>"), "SVG complete");
        Charts.heatMap(dir.resolve("h.png"), "h", "x", "y", new double[][] {{1, 2}, {3, 4}});
        assertTrue(Files.size(dir.resolve("h.svg")) > 0);
        assertEquals("a/b.svg", Charts.svgOf("a/b.png"));
    }

    @Test
    void aPairSharesOneColourAndDashesTheBound() throws Exception {
        double[] x = {1, 2, 3};
        Charts.Xy c = Charts.xy("t", "x", "y")
                .pair(Charts.Series.dashed("exact", x, x), Charts.Series.line("bound", x, x))
                .pair(Charts.Series.line("exact2", x, x), Charts.Series.line("bound2", x, x));
        java.util.List<Charts.Series> s = c.series();
        assertEquals(s.get(0).color(), s.get(1).color());
        assertEquals(s.get(2).color(), s.get(3).color());
        assertTrue(!s.get(0).color().equals(s.get(2).color()), "pairs differ in colour");
        assertEquals(Charts.Style.LINE, s.get(0).style());
        assertEquals(Charts.Style.DASHED, s.get(1).style());
    }

    @Test
    void aLargeHeatMapStaysSmallAndItsSvgEmbedsADecodablePng() throws Exception {
        // A 200×200 map drawn as vectors was one rectangle per cell: 10 MB of SVG.
        int n = 200;
        double[][] z = new double[n][n];
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                z[i][j] = Math.sin(0.37 * i * j) + (i == j ? 2 : 0);
            }
        }
        Charts.heatMap(dir.resolve("m.png"), "m", "v", "u", z);
        String svg = Files.readString(dir.resolve("m.svg"));
        assertTrue(svg.length() < 3_000_000, "SVG of " + svg.length() + " chars");
        String b64 = svg.substring(svg.indexOf("base64,") + 7, svg.indexOf('"', svg.indexOf("base64,")));
        java.awt.image.BufferedImage img = ImageIO.read(new java.io.ByteArrayInputStream(java.util.Base64.getDecoder().decode(b64)));
        assertTrue(img.getWidth() > 1000, "embedded at print resolution: " + img.getWidth());
        try (var files = Files.list(dir)) {
            assertTrue(files.noneMatch(f -> f.getFileName().toString().contains("hires")), "no temporary left behind");
        }
    }
}
