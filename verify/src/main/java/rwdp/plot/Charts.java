package rwdp.plot;

import java.awt.Color;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.HeatMapChart;
import org.knowm.xchart.HeatMapChartBuilder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Figures of the report, drawn with XChart and saved twice (headless, no network): a PNG for the
 * page and an SVG beside it (same name, {@code .svg}) for papers. Call sites pass the PNG path
 * ({@code ctx.figure(name)}); {@link #svgOf(String)} names the vector twin.
 */
public final class Charts {
    private Charts() {}

    static {
        System.setProperty("java.awt.headless", "true");
    }

    /** How a series is drawn. */
    public enum Style { LINE, MARKERS, LINE_MARKERS, DASHED, DOTTED }

    /** Returns the SVG file written next to the PNG {@code pngFile} (same name, {@code .svg}). */
    public static String svgOf(String pngFile) {
        return pngFile.endsWith(".png") ? pngFile.substring(0, pngFile.length() - 4) + ".svg" : pngFile + ".svg";
    }

    /** One named series of (x, y) points; an optional symmetric error bar per point and colour. */
    public record Series(String name, double[] x, double[] y, double[] error, Style style, Color color) {
        /**
         * Checks the lengths.
         *
         * @throws IllegalArgumentException when x and y differ in length, or error is given and differs from y in
         *     length
         */
        public Series {
            if (x.length != y.length || (error != null && error.length != y.length)) {
                throw new IllegalArgumentException("series '" + name + "' has mismatched lengths");
            }
            x = x.clone();
            y = y.clone();
            error = error == null ? null : error.clone();
        }

        /** Returns a copy of the x values. */
        @Override
        public double[] x() {
            return x.clone();
        }

        /** Returns a copy of the y values. */
        @Override
        public double[] y() {
            return y.clone();
        }

        /** Returns a copy of the error bars, or null. */
        @Override
        public double[] error() {
            return error == null ? null : error.clone();
        }

        /** Creates a series in the theme's next colour. */
        public Series(String name, double[] x, double[] y, double[] error, Style style) {
            this(name, x, y, error, style, null);
        }

        /** Returns this series drawn in {@code c} (e.g. to pair a bound with its measurement). */
        public Series withColor(Color c) {
            return new Series(name, x, y, error, style, c);
        }

        /** Returns a line series. */
        public static Series line(String name, double[] x, double[] y) {
            return new Series(name, x, y, null, Style.LINE);
        }

        /** Returns a marker-only series. */
        public static Series markers(String name, double[] x, double[] y) {
            return new Series(name, x, y, null, Style.MARKERS);
        }

        /** Returns a dashed line series (for bounds drawn next to measurements). */
        public static Series dashed(String name, double[] x, double[] y) {
            return new Series(name, x, y, null, Style.DASHED);
        }
    }

    /** A line/scatter chart under construction. */
    public static final class Xy {
        private final String title;
        private final String xLabel;
        private final String yLabel;
        private boolean logX;
        private boolean logY;
        private final List<Series> series = new ArrayList<>();
        private int groups;

        private Xy(String title, String xLabel, String yLabel) {
            this.title = title;
            this.xLabel = xLabel;
            this.yLabel = yLabel;
        }

        /** Uses a logarithmic x axis. */
        public Xy logX() {
            logX = true;
            return this;
        }

        /** Uses a logarithmic y axis. */
        public Xy logY() {
            logY = true;
            return this;
        }

        /** Adds a series. */
        public Xy add(Series s) {
            series.add(s);
            return this;
        }

        /**
         * Adds a measured or exact curve and the bound that belongs to it in one shared colour:
         * the exact value solid (or with markers, as given), the bound dashed. Use one pair per
         * parameter value, so the reader matches each bound to its curve by colour.
         */
        public Xy pair(Series exact, Series bound) {
            Series e = exact.style() == Style.DASHED || exact.style() == Style.DOTTED
                    ? new Series(exact.name(), exact.x(), exact.y(), exact.error(), Style.LINE) : exact;
            Series b = new Series(bound.name(), bound.x(), bound.y(), bound.error(), Style.DASHED);
            return group(e, b);
        }

        /**
         * Adds series that belong to one parameter value in one shared colour (the next of
         * {@link #PALETTE}); their styles (solid, dashed, dotted, markers) tell them apart.
         */
        public Xy group(Series... members) {
            Color c = PALETTE[groups++ % PALETTE.length];
            for (Series m : members) {
                series.add(m.withColor(c));
            }
            return this;
        }

        /** Returns the series added so far (for tests). */
        List<Series> series() {
            return List.copyOf(series);
        }

        /** Writes the chart as a PNG file at {@code file} and as SVG beside it ({@link #svgOf}). */
        public void save(Path file) {
            XYChart chart = new XYChartBuilder().width(series.size() > 4 ? 960 : 760).height(480).title(title)
                    .xAxisTitle(xLabel).yAxisTitle(yLabel).build();
            Styler s = chart.getStyler();
            chart.getStyler().setXAxisLogarithmic(logX);
            chart.getStyler().setYAxisLogarithmic(logY);
            // Few series fit in one row under the plot; more go in a column at its right.
            boolean many = series.size() > 4;
            s.setLegendPosition(many ? Styler.LegendPosition.OutsideE : Styler.LegendPosition.OutsideS);
            s.setLegendLayout(many ? Styler.LegendLayout.Vertical : Styler.LegendLayout.Horizontal);
            s.setChartBackgroundColor(Color.WHITE);
            chart.getStyler().setDecimalPattern("#0.###");
            // Once a colour is chosen for some series, give the others distinct palette colours
            // too (XChart's theme colours could repeat a pair's colour).
            java.util.Set<Color> used = new java.util.HashSet<>();
            series.stream().map(Series::color).filter(java.util.Objects::nonNull).forEach(used::add);
            int nextColour = 0;
            double[] firstPoint = null;
            for (Series sr0 : series) {
                Series sr = sr0;
                if (sr.color() == null && !used.isEmpty()) {
                    Color c = null;
                    for (int k = 0; k < PALETTE.length && c == null; k++) {
                        Color cand = PALETTE[(nextColour + k) % PALETTE.length];
                        if (!used.contains(cand)) {
                            c = cand;
                            nextColour = (nextColour + k + 1) % PALETTE.length;
                        }
                    }
                    if (c != null) {
                        used.add(c);
                        sr = sr.withColor(c);
                    }
                }
                double[] x = sr.x();
                double[] y = sr.y();
                double[] err = sr.error();
                if (logX || logY) {
                    // Log axes cannot show non-positive values: drop those points.
                    List<double[]> kept = new ArrayList<>();
                    for (int i = 0; i < x.length; i++) {
                        if ((!logX || x[i] > 0) && (!logY || y[i] > 0) && Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                            kept.add(new double[] {x[i], y[i], err == null ? 0 : err[i]});
                        }
                    }
                    x = kept.stream().mapToDouble(a -> a[0]).toArray();
                    y = kept.stream().mapToDouble(a -> a[1]).toArray();
                    if (x.length == 0) {
                        continue;
                    }
                }
                if (firstPoint == null) {
                    for (int i = 0; i < x.length && firstPoint == null; i++) {
                        if (Double.isFinite(x[i]) && Double.isFinite(y[i])) {
                            firstPoint = new double[] {x[i], y[i]};
                        }
                    }
                }
                XYSeries xs = err == null || logY ? chart.addSeries(sr.name(), x, y)
                        : chart.addSeries(sr.name(), x, y, err);
                if (sr.color() != null) {
                    xs.setLineColor(sr.color());
                    xs.setMarkerColor(sr.color());
                    xs.setFillColor(sr.color());
                }
                switch (sr.style()) {
                    case LINE -> xs.setMarker(SeriesMarkers.NONE);
                    case MARKERS -> xs.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
                    case LINE_MARKERS -> { }
                    case DASHED -> {
                        xs.setMarker(SeriesMarkers.NONE);
                        xs.setLineStyle(new java.awt.BasicStroke(2f, java.awt.BasicStroke.CAP_BUTT,
                                java.awt.BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
                    }
                    case DOTTED -> {
                        xs.setMarker(SeriesMarkers.NONE);
                        xs.setLineStyle(new java.awt.BasicStroke(2f, java.awt.BasicStroke.CAP_ROUND,
                                java.awt.BasicStroke.JOIN_ROUND, 10f, new float[] {1f, 4f}, 0f));
                    }
                }
            }
            if (!logX && firstPoint != null) {
                roundTicks(chart, firstPoint);
            }
            write(chart, file);
        }
    }

    /**
     * XChart puts the x ticks of equally spaced data on the data points (0.1, 0.592, 1.083, …).
     * One hidden point off that grid, inside the data range, makes it fall back to round steps.
     */
    private static void roundTicks(XYChart chart, double[] p) {
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (XYSeries s : chart.getSeriesMap().values()) {
            for (double v : s.getXData()) {
                if (Double.isFinite(v)) {
                    lo = Math.min(lo, v);
                    hi = Math.max(hi, v);
                }
            }
        }
        if (!(hi > lo)) {
            return;
        }
        // An irrational fraction of the range never lands on an equally spaced grid.
        double x = lo + (hi - lo) * (Math.sqrt(2) - 1) / 3;
        XYSeries h = chart.addSeries("\u200b", new double[] {x}, new double[] {p[1]});
        h.setShowInLegend(false);
        h.setMarker(SeriesMarkers.NONE);
        h.setLineColor(new Color(0, 0, 0, 0));
        h.setMarkerColor(new Color(0, 0, 0, 0));
    }

    /** A palette of eight colours that stay distinct when printed (Okabe and Ito 2008). */
    public static final Color[] PALETTE = {new Color(0x00, 0x72, 0xB2), new Color(0xD5, 0x5E, 0x00),
        new Color(0x00, 0x9E, 0x73), new Color(0xCC, 0x79, 0xA7), new Color(0xE6, 0x9F, 0x00),
        new Color(0x56, 0xB4, 0xE9), new Color(0x00, 0x00, 0x00), new Color(0xF0, 0xE4, 0x42)};

    /** Returns a new line/scatter chart. */
    public static Xy xy(String title, String xLabel, String yLabel) {
        return new Xy(title, xLabel, yLabel);
    }

    /**
     * Writes a heat map of {@code z[row][col]} (row 0 at the bottom, as the axis ticks are laid out from there) as a
     * PNG file and an SVG beside it that embeds the map at 300 dpi.
     */
    public static void heatMap(Path file, String title, String xLabel, String yLabel, double[][] z) {
        int rows = z.length;
        int cols = rows == 0 ? 0 : z[0].length;
        HeatMapChart chart = new HeatMapChartBuilder().width(640).height(560).title(title)
                .xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setShowValue(false);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        // One label per row or column would overprint into a black bar: label about ten, at round indices (a blank
        // label must be a space: XChart cannot lay out an empty string).
        int xStep = Math.max(1, roundStep(cols / 8.0));
        int yStep = Math.max(1, roundStep(rows / 8.0));
        chart.getStyler().setxAxisTickLabelsFormattingFunction(x -> Math.round(x) % xStep == 0 ? Long.toString(Math.round(x)) : " ");
        chart.getStyler().setyAxisTickLabelsFormattingFunction(y -> Math.round(y) % yStep == 0 ? Long.toString(Math.round(y)) : " ");
        chart.getStyler().setAxisTicksMarksVisible(false);
        // The colour legend prints its end values as raw doubles: give it round ones.
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (double[] r : z) {
            for (double v : r) {
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        if (hi > lo) {
            double step = Math.pow(10, Math.floor(Math.log10(hi - lo)) - 1);
            chart.getStyler().setMin(Double.parseDouble(String.format(java.util.Locale.ROOT, "%.6g", Math.floor(lo / step) * step)));
            chart.getStyler().setMax(Double.parseDouble(String.format(java.util.Locale.ROOT, "%.6g", Math.ceil(hi / step) * step)));
        }
        chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(12f));
        chart.getStyler().setRangeColors(new Color[] {new Color(0x2c, 0x7b, 0xb6), new Color(0xff, 0xff, 0xbf),
            new Color(0xd7, 0x19, 0x1c)});
        List<Integer> xs = new ArrayList<>();
        List<Integer> ys = new ArrayList<>();
        for (int j = 0; j < cols; j++) {
            xs.add(j);
        }
        for (int i = 0; i < rows; i++) {
            ys.add(i);
        }
        List<Number[]> data = new ArrayList<>();
        for (int i = 0; i < rows; i++) {
            for (int j = 0; j < cols; j++) {
                data.add(new Number[] {j, i, z[i][j]});
            }
        }
        chart.addSeries(title, xs, ys, data);
        write(chart, file);
        writeRasterSvg(chart, file, 300);
    }

    /**
     * Replaces the SVG beside {@code file} by one that embeds the chart as a {@code dpi} PNG: a heat map drawn as
     * vectors is one rectangle per cell (10 MB for a 100×100 map), while papers print heat maps as rasters anyway.
     */
    private static void writeRasterSvg(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file, int dpi) {
        Path svg = Path.of(svgOf(file.toString()));
        Path hires = svg.resolveSibling(svg.getFileName() + ".hires.png");
        try {
            BitmapEncoder.saveBitmapWithDPI(chart, hires.toString(), BitmapEncoder.BitmapFormat.PNG, dpi);
            String png = java.util.Base64.getEncoder().encodeToString(java.nio.file.Files.readAllBytes(hires));
            int w = chart.getWidth();
            int h = chart.getHeight();
            String text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                    + "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"" + w
                    + "\" height=\"" + h + "\" viewBox=\"0 0 " + w + " " + h + "\">\n"
                    + "<image x=\"0\" y=\"0\" width=\"" + w + "\" height=\"" + h + "\" xlink:href=\"data:image/png;base64,"
                    + png + "\"/>\n</svg>\n";
            java.nio.file.Files.writeString(svg, text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write figure " + svg + ": " + e.getMessage(), e);
        } finally {
            try {
                java.nio.file.Files.deleteIfExists(hires);
            } catch (IOException ignored) {
                // a leftover temporary PNG is harmless; the report folder's manifest does not list it
            }
        }
    }

    /** Returns 1, 2 or 5 times a power of ten, the smallest not below {@code x} (x ≥ 1). */
    private static int roundStep(double x) {
        int p = 1;
        while (true) {
            for (int m : new int[] {1, 2, 5}) {
                if (m * p >= x) {
                    return m * p;
                }
            }
            p *= 10;
        }
    }

    private static void write(org.knowm.xchart.internal.chartpart.Chart<?, ?> chart, Path file) {
        try {
            java.nio.file.Files.createDirectories(file.toAbsolutePath().getParent());
            BitmapEncoder.saveBitmapWithDPI(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG, 110);
            VectorGraphicsEncoder.saveVectorGraphic(chart, svgOf(file.toString()),
                    VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write figure " + file + ": " + e.getMessage(), e);
        }
    }
}
