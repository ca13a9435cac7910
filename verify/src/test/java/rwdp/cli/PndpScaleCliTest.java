package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code bound pndp --source/--sample/--all-sources}, the negative-loss warnings and the conversion clamp. */
class PndpScaleCliTest {
    static final String[] BASE = {"bound", "pndp", "--graph", "er:120,0.06,3", "--T", "2000", "--alpha", "2", "--sigma", "2.5"};

    static String[] with(String[] base, String... more) {
        List<String> a = new ArrayList<>(Arrays.asList(base));
        a.addAll(Arrays.asList(more));
        return a.toArray(new String[0]);
    }

    static double[][] readMatrix(Path csv) throws Exception {
        return Files.readAllLines(csv).stream().map(l -> Arrays.stream(l.split(",")).mapToDouble(Double::parseDouble).toArray())
                .toArray(double[][]::new);
    }

    @Test
    void certifiedPrintsAStatisticalMeanInsideTheProvenOneWithItsLevelWhereTheWalksAreLoose() throws Exception {
        // A geometric graph mixes slowly, so the walks' proven mean is wide; above 1500 nodes the trace identity takes
        // Hutchinson probes. The exact mean from every sender's row (--all-sources) lies in both intervals.
        String[] base = {"bound", "pndp", "--graph", "geometric:1600,0.06,3", "--T", "160000", "--alpha", "2", "--sigma", "2.5"};
        JsonNode c = CyffersCliTest.json(CliTest.run(with(base, "--certified", "--level", "0.999")));
        JsonNode mean = c.get("mean");
        JsonNode proven = c.get("mean_proven");
        assertEquals("statistical", mean.get("lo_is").asText());
        assertEquals(0.999, mean.get("level").asDouble());
        assertEquals(32, mean.get("hutchinson_probes").asInt());
        assertEquals("proven", proven.get("hi_is").asText());
        assertTrue(proven.get("lo").asDouble() <= mean.get("lo").asDouble() && mean.get("hi").asDouble() <= proven.get("hi").asDouble());
        assertTrue(mean.get("relative_width").asDouble() < proven.get("relative_width").asDouble());
        double exact = CyffersCliTest.json(CliTest.run(with(base, "--all-sources"))).get("mean").asDouble();
        assertTrue(mean.get("lo").asDouble() <= exact && exact <= mean.get("hi").asDouble(), exact + " " + mean);
    }

    @Test
    void certifiedExactMeanOfTheDenseSpectrumContainsTheAllSourcesMeanOnSmallGraphs() throws Exception {
        // Up to 1500 nodes the mean is the dense spectrum's trace, its ends "exact": the all-sources mean, summed another way,
        // is a few ulps off, so an interval of width 0 missed it on two of three 400-node graphs before its rounding allowance.
        for (String g : new String[] {"regular:400,8,2", "largest:geometric:400,0.097721,1", "er:300,0.03,2"}) {
            String[] base = {"bound", "pndp", "--graph", g, "--T", "40000", "--alpha", "2", "--sigma", "2.5"};
            JsonNode mean = CyffersCliTest.json(CliTest.run(with(base, "--certified"))).get("mean");
            assertEquals("exact", mean.get("lo_is").asText(), g);
            double exact = CyffersCliTest.json(CliTest.run(with(base, "--all-sources", "--quiet"))).get("mean").asDouble();
            assertTrue(mean.get("lo").asDouble() <= exact && exact <= mean.get("hi").asDouble(), g + ": " + exact + " " + mean);
            assertTrue(mean.get("relative_width").asDouble() <= 3e-10, g + ": " + mean);
        }
    }

    @Test
    void certifiedKnownSenderContainsTheExactKnownStatistics() throws Exception {
        // Up to 1500 nodes every sender's row gives the known sender's mean ("exact", to the expansion's tolerance); beyond,
        // --probes sampled senders' rows give a t interval. Ground truth: the known sender's exact all-pairs statistics.
        String[][] cases = {{"regular:400,8,2", "exact"}, {"er:1600,0.01,2", "statistical"}};
        for (String[] c : cases) {
            String[] base = {"bound", "pndp", "--graph", c[0], "--T", "40000", "--alpha", "2", "--sigma", "2.5", "--sender", "known"};
            JsonNode cert = CyffersCliTest.json(CliTest.run(with(base, "--certified", "--level", "0.999", "--probes", "16")));
            JsonNode exact = CyffersCliTest.json(CliTest.run(with(base, "--all-sources", "--quiet")));
            for (String k : new String[] {"min", "mean", "max"}) {
                double x = exact.get(k).asDouble();
                JsonNode iv = cert.get(k);
                assertTrue(iv.get("lo").asDouble() <= x && x <= iv.get("hi").asDouble(), c[0] + " " + k + ": " + x + " " + iv);
            }
            assertEquals(c[1], cert.get("mean").get("lo_is").asText(), c[0]);
            assertEquals("proven", cert.get("mean_proven").get("lo_is").asText(), c[0]);
            if (c[1].equals("statistical")) {
                assertEquals(16, cert.get("mean").get("sampled_senders").asInt());
                assertFalse(cert.get("mean").has("hutchinson_probes"));
            }
        }
    }

    @Test
    void certifiedBeyondMinutesIsRefusedBeforeTheExpansionWithItsEstimate() throws Exception {
        // grid:60,60 needs degree ~630; 10^5 probes of it are about 3.6e12 flops, far beyond ten minutes at 0.75 ns a flop.
        String[] base = {"bound", "pndp", "--graph", "grid:60,60", "--T", "100000000", "--alpha", "2", "--sigma", "2.5"};
        CliTest.Run r = CliTest.run(with(base, "--certified", "--probes", "100000"));
        assertEquals(2, r.code(), r.err());
        assertEquals("", r.out());
        assertEquals(1, r.err().strip().lines().count(), r.err());
        assertTrue(r.err().contains("--certified on 3600 nodes needs a Chebyshev expansion of degree"), r.err());
        assertTrue(r.err().contains("more than 600 s; fewer --probes"), r.err());
    }

    @Test
    void rowMatchesTheMatrixAndHasTheDocumentedKeys(@TempDir Path dir) throws Exception {
        Path m = dir.resolve("m.csv");
        CyffersCliTest.json(CliTest.run(with(BASE, "--solver", "eigen", "--matrix", m.toString())));
        double[][] eps = readMatrix(m);
        Path row = dir.resolve("row.csv");
        JsonNode j = CyffersCliTest.json(CliTest.run(with(BASE, "--source", "7", "--row", row.toString())));
        assertEquals(List.of("n", "source", "constant", "min", "mean", "max", "argmax_v", "by_distance"),
                CyffersCliTest.keys(j).subList(0, 8));
        for (String k : new String[] {"method", "sender", "weights", "solver", "degree", "T", "alpha", "sigma", "seconds"}) {
            assertTrue(j.has(k), k);
        }
        List<String> lines = Files.readAllLines(row);
        assertEquals("v,epsilon,distance", lines.get(0));
        assertEquals(121, lines.size());
        double scale = Arrays.stream(eps[7]).max().orElseThrow();
        double sum = 0;
        for (int v = 0; v < 120; v++) {
            String[] c = lines.get(v + 1).split(",");
            assertEquals(v, Integer.parseInt(c[0]));
            assertEquals(eps[7][v], Double.parseDouble(c[1]), 1e-10 * scale, "v=" + v);
            if (v != 7) {
                sum += eps[7][v];
            }
        }
        assertEquals(sum / 119, j.get("mean").asDouble(), 1e-10 * scale);
        assertEquals(scale, j.get("max").asDouble(), 1e-10 * scale);
        long counted = 0;
        for (JsonNode d : j.get("by_distance")) {
            counted += d.get("count").asLong();
        }
        assertEquals(119, counted);

        JsonNode two = CyffersCliTest.json(CliTest.run(with(BASE, "--source", "7,9")));
        assertEquals(2, two.get("sources").size());
        assertEquals(j.get("mean").asDouble(), two.get("sources").get(0).get("mean").asDouble(), 0);
    }

    @Test
    void allSourcesAndAFullSampleEqualTheMatrix(@TempDir Path dir) throws Exception {
        JsonNode mat = CyffersCliTest.json(CliTest.run(with(BASE, "--solver", "eigen")));
        JsonNode all = CyffersCliTest.json(CliTest.run(with(BASE, "--all-sources", "--block", "16", "--quiet")));
        double tol = 1e-10 * mat.get("max").asDouble();
        for (String k : new String[] {"min", "mean", "max"}) {
            assertEquals(mat.get(k).asDouble(), all.get(k).asDouble(), tol, k);
        }
        JsonNode full = CyffersCliTest.json(CliTest.run(with(BASE, "--sample", "120", "--quiet")));
        assertEquals(mat.get("mean").asDouble(), full.get("mean").asDouble(), tol);
        assertEquals(mat.get("mean").asDouble(), full.get("mean_identity").asDouble(), tol);
        assertEquals("spectrum", full.get("mean_identity_route").asText());
        JsonNode some = CyffersCliTest.json(CliTest.run(with(BASE, "--sample", "20", "--seed", "4", "--quiet")));
        assertTrue(some.get("mean_ci_low").asDouble() < some.get("mean_ci_high").asDouble());
        assertTrue(some.get("by_distance").get(0).has("mean_ci_low"));
        assertTrue(some.get("max_sampled").asDouble() <= mat.get("max").asDouble() + tol);
        // Conversions from a sample take the exact identity mean (spectrum route here), never max_sampled.
        JsonNode conv = CyffersCliTest.json(CliTest.run(with(BASE, "--sample", "20", "--quiet", "--delta", "1e-5")));
        assertEquals(conv.get("mean_identity").asDouble(), conv.get("converted_mean").asDouble(), 0);
        assertTrue(conv.has("mean_dp_improved") && !conv.has("max_dp_improved"));
        assertEquals(2, CliTest.run(with(BASE, "--sample", "20", "--target-epsilon", "1", "--statistic", "max")).code());
    }

    @Test
    void refusals(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("big.csv");
        CliTest.Run big = CliTest.run("bound", "pndp", "--graph", "ring:60000", "--T", "1000", "--alpha", "2", "--sigma", "2.5",
                "--matrix", out.toString());
        assertEquals(2, big.code());
        assertTrue(big.err().contains("--source") && big.err().contains("--all-sources") && big.err().contains("GB"), big.err());
        assertEquals(1, big.err().strip().lines().count(), big.err());
        assertFalse(Files.exists(out));

        Path edges = dir.resolve("edges.txt");
        Files.writeString(edges, "0 1\n1 2\n2 3\n3 0\n");
        CliTest.Run same = CliTest.run("bound", "pndp", "--graph", "file:" + edges, "--T", "100", "--alpha", "2", "--sigma", "2.5",
                "--matrix", edges.toString());
        assertEquals(2, same.code());
        assertTrue(same.err().contains("is the input file"), same.err());
        assertEquals("0 1\n1 2\n2 3\n3 0\n", Files.readString(edges));

        assertEquals(2, CliTest.run(with(BASE, "--source", "120")).code());
        assertEquals(2, CliTest.run(with(BASE, "--source", "1,2", "--row", dir.resolve("r.csv").toString())).code());
        assertEquals(2, CliTest.run(with(BASE, "--sample", "5", "--all-sources")).code());
        assertEquals(2, CliTest.run(with(BASE, "--sample", "1")).code());
        assertEquals(2, CliTest.run(with(BASE, "--sample", "200")).code());
        assertFalse(Files.exists(dir.resolve("r.csv")));
    }

    @Test
    void negativeClosedFormValuesCarryAWarning() throws Exception {
        String[] ring = {"bound", "pndp", "--graph", "ring:100", "--T", "1000", "--alpha", "2", "--sigma", "2"};
        JsonNode closed = CyffersCliTest.json(CliTest.run(ring));
        assertTrue(closed.get("min").asDouble() < 0);
        assertTrue(closed.get("negative_pairs").asLong() > 0);
        assertTrue(closed.get("warning").asText().contains("--method series"));
        JsonNode series = CyffersCliTest.json(CliTest.run(with(ring, "--method", "series")));
        assertTrue(series.get("min").asDouble() > 0);
        assertFalse(series.has("negative_pairs"));
        JsonNode row = CyffersCliTest.json(CliTest.run(with(ring, "--source", "0")));
        assertTrue(row.get("negative_pairs").asLong() > 0);

        // A negative mean never reaches a conversion or a calibration.
        for (String[] extra : new String[][] {{"--delta", "1e-5"}, {"--target-epsilon", "1"}}) {
            CliTest.Run neg = CliTest.run(with(new String[] {"bound", "pndp", "--graph", "path:50", "--T", "2", "--alpha", "2",
                "--sigma", "2"}, extra));
            assertEquals(2, neg.code(), neg.out());
            assertTrue(neg.err().contains("negative") && neg.err().contains("--method series"), neg.err());
            assertEquals("", neg.out());
        }

        JsonNode r = CyffersCliTest.json(CliTest.run("bound", "pndp-ring", "--n", "12", "--u", "1", "--v", "7", "--alpha", "2",
                "--sigma", "2", "--T", "1"));
        assertTrue(r.get("general").asDouble() < 0);
        assertEquals(1, r.get("negative_pairs").asInt());
        assertTrue(r.get("warning").asText().contains("--method series"));
        JsonNode ok = CyffersCliTest.json(CliTest.run("bound", "pndp-ring", "--n", "12", "--u", "1", "--v", "2", "--alpha", "2",
                "--sigma", "2", "--T", "1000"));
        assertFalse(ok.has("negative_pairs"));
        CliTest.Run huge = CliTest.run("bound", "pndp-ring", "--n", "2000000000", "--u", "1", "--v", "2", "--alpha", "2",
                "--sigma", "2", "--T", "1000");
        assertEquals(2, huge.code());
        assertTrue(huge.err().contains("--source"), huge.err());
    }

    @Test
    void rdpToDpClampsAtZeroAndCoversTheEdges() throws Exception {
        // epsilon_rdp = 0: Mironov gives ln(1/delta)/(alpha - 1) > 0.
        JsonNode zero = CyffersCliTest.json(CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "0", "--alpha", "10", "--delta", "1e-5"));
        assertEquals(Math.log(1e5) / 9, zero.get("mironov").asDouble(), 1e-14);
        assertTrue(zero.get("improved").asDouble() >= 0 && zero.get("improved").asDouble() <= zero.get("mironov").asDouble());
        // delta close to 1 with a large alpha: the improved formula goes below 0 and is clamped (issue's example).
        JsonNode nearOne = CyffersCliTest.json(CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "0.01", "--alpha", "100",
                "--delta", "0.5"));
        double raw = 0.01 + Math.log(0.99) - (Math.log(0.5) + Math.log(100)) / 99;
        assertTrue(raw < 0);
        assertEquals(0, nearOne.get("improved").asDouble(), 0);
        assertEquals(raw, nearOne.get("improved_unclamped").asDouble(), 1e-15);
        JsonNode d999 = CyffersCliTest.json(CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "0", "--alpha", "2",
                "--delta", "0.999999"));
        assertEquals(0, d999.get("improved").asDouble(), 0);
        assertTrue(d999.get("mironov").asDouble() >= 0);
        // alpha close to 1: finite and large, or refused when it overflows; never a non-finite number.
        JsonNode a1 = CyffersCliTest.json(CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "1", "--alpha", "1.000001",
                "--delta", "1e-5"));
        assertEquals(1 + Math.log(1e5) / 1e-6, a1.get("mironov").asDouble(), 1e-3);
        assertEquals(2, CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "1", "--alpha", "1", "--delta", "1e-5").code());
        assertEquals(2, CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "1", "--alpha", "1e-400", "--delta", "1e-5").code());
        CliTest.Run tiny = CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "1", "--alpha", "1.0000000000000002",
                "--delta", "1e-300");
        if (tiny.code() == 0) {
            assertTrue(Double.isFinite(CyffersCliTest.json(tiny).get("mironov").asDouble()));
        } else {
            assertEquals(2, tiny.code(), tiny.err());
        }
    }

    @Test
    void autoSaysWhatItPickedAndTheSolversAgree() throws Exception {
        String[] grid = {"bound", "pndp", "--graph", "grid:20,20", "--T", "2000", "--alpha", "2", "--sigma", "2.5"};
        JsonNode auto = CyffersCliTest.json(CliTest.run(grid));
        assertEquals("deflated", auto.get("solver").asText());
        assertTrue(auto.get("deflated_eigenpairs").asInt() > 0);
        assertTrue(auto.get("deflation_error").asDouble() < 1e-11);
        JsonNode plain = CyffersCliTest.json(CliTest.run(with(grid, "--solver", "chebyshev")));
        JsonNode eigen = CyffersCliTest.json(CliTest.run(with(grid, "--solver", "eigen")));
        assertEquals("chebyshev", plain.get("solver").asText());
        assertFalse(plain.has("deflation_declined"));
        assertTrue(auto.get("degree").asInt() < plain.get("degree").asInt());
        for (String k : new String[] {"min", "mean", "max"}) {
            double e = eigen.get(k).asDouble();
            double scale = Math.abs(eigen.get("max").asDouble());
            assertEquals(e, auto.get(k).asDouble(), 1e-10 * scale, k);
            assertEquals(e, plain.get(k).asDouble(), 1e-10 * scale, k);
        }
        // An expander: auto keeps the plain expansion and says why.
        JsonNode er = CyffersCliTest.json(CliTest.run(BASE));
        assertEquals("chebyshev", er.get("solver").asText());
        assertTrue(er.get("deflation_declined").asText().startsWith("not worth it"), er.toString());
    }

    @Test
    void anUnsettledSpectrumIsRefusedByThePlainExpansionAndDeflatedByAuto() throws Exception {
        // Lanczos cannot settle the top of path:1500 in 400 steps and the certificate catches it (docs/cyffers.md).
        String[] path = {"bound", "pndp", "--graph", "path:1500", "--source", "3", "--T", "2000", "--alpha", "2", "--sigma", "2.5"};
        CliTest.Run refused = CliTest.run(with(path, "--solver", "chebyshev"));
        assertEquals(2, refused.code());
        assertTrue(refused.err().contains("did not settle"), refused.err());
        assertEquals(1, refused.err().strip().lines().count(), refused.err());
        JsonNode auto = CyffersCliTest.json(CliTest.run(path));
        assertEquals("deflated", auto.get("solver").asText());
    }
}
