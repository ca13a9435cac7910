package rwdp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.report.Json;

class CyffersCliTest {
    static JsonNode json(CliTest.Run r) throws Exception {
        assertEquals(0, r.code(), r.err());
        return Json.mapper().readTree(r.out());
    }

    static List<String> keys(JsonNode j) {
        List<String> k = new ArrayList<>();
        for (Iterator<String> it = j.fieldNames(); it.hasNext();) {
            k.add(it.next());
        }
        return k;
    }

    @Test
    void pndpPrintsStatsAndWritesTheMatrix(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("m.csv");
        JsonNode j = json(CliTest.run("bound", "pndp", "--graph", "hypercube:4", "--T", "1000", "--alpha", "2", "--sigma", "2",
                "--matrix", csv.toString()));
        assertEquals(List.of("n", "constant", "min", "mean", "max"), keys(j).subList(0, 5));
        assertEquals(16, j.get("n").asInt());
        assertEquals(2.0 * 1000 * Math.log(1000) / (4 * 256), j.get("constant").asDouble(), 1e-12);
        List<String> lines = Files.readAllLines(csv);
        assertEquals(16, lines.size());
        double max = 0;
        double sum = 0;
        for (int u = 0; u < 16; u++) {
            String[] cells = lines.get(u).split(",");
            assertEquals(16, cells.length);
            assertEquals(0, Double.parseDouble(cells[u]));
            for (int v = 0; v < 16; v++) {
                if (u != v) {
                    double x = Double.parseDouble(cells[v]);
                    max = Math.max(max, x);
                    sum += x;
                }
            }
        }
        assertEquals(j.get("max").asDouble(), max, 0);
        assertEquals(j.get("mean").asDouble(), sum / 240, 1e-13);
        // Both solvers give the same matrix.
        JsonNode e = json(CliTest.run("bound", "pndp", "--graph", "hypercube:4", "--T", "1000", "--alpha", "2", "--sigma", "2",
                "--solver", "chebyshev"));
        assertEquals(j.get("mean").asDouble(), e.get("mean").asDouble(), 1e-12);
    }

    @Test
    void pndpSeriesExceedsClosedFormByAboutEulerGamma() throws Exception {
        String[] base = {"bound", "pndp", "--graph", "er:30,0.3,4", "--T", "5000", "--alpha", "2", "--sigma", "2"};
        JsonNode closed = json(CliTest.run(base));
        List<String> args = new ArrayList<>(List.of(base));
        args.addAll(List.of("--method", "series"));
        JsonNode series = json(CliTest.run(args.toArray(new String[0])));
        double n = 30;
        double gammaTerm = 2.0 / 4 * 5000 * 0.5772156649 / (n * n);
        assertEquals(gammaTerm, series.get("mean").asDouble() - closed.get("mean").asDouble(), 1e-3 * gammaTerm + 1e-4);
    }

    @Test
    void pndpRejectsBadInputWithExitTwo(@TempDir Path dir) throws Exception {
        CliTest.Run r = CliTest.run("bound", "pndp", "--graph", "grid:3,3", "--weights", "simple", "--T", "100", "--alpha", "2",
                "--sigma", "2", "--matrix", dir.resolve("x.csv").toString());
        assertEquals(2, r.code());
        assertTrue(r.err().contains("not symmetric"), r.err());
        assertFalse(Files.exists(dir.resolve("x.csv")));
        Path edges = dir.resolve("e.txt");
        Files.writeString(edges, "0 1\n2 3\n");
        r = CliTest.run("bound", "pndp", "--graph", "file:" + edges, "--T", "100", "--alpha", "2", "--sigma", "2");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("not connected (2 components, the largest 2 of its 4 nodes)"), r.err());
        assertTrue(r.err().contains("--graph largest:file:" + edges + " keeps the largest component"), r.err());
        // What the refusal suggests runs: the triangle of a triangle-plus-edge file, its ids said on stderr.
        Files.writeString(edges, "5 9\n9 7\n7 5\n1 2\n");
        r = CliTest.run("bound", "pndp", "--graph", "largest:file:" + edges, "--T", "100", "--alpha", "2", "--sigma", "2",
                "--source", "0");
        assertEquals(0, r.code(), r.err());
        assertEquals(3, json(r).get("n").asInt());
        assertTrue(r.err().contains("kept its largest connected component, 3 of 5 nodes and 3 of 4 edges (2 components)"), r.err());
        assertTrue(r.err().contains("renumbered"), r.err());
        r = CliTest.run("graph", "info", "--graph", "largest:file:" + edges, "--mapping", dir.resolve("map.csv").toString());
        assertEquals(0, r.code(), r.err());
        assertEquals("node,original_id\n0,5\n1,7\n2,9\n", Files.readString(dir.resolve("map.csv")));
        r = CliTest.run("bound", "pndp", "--graph", "ring:8", "--T", "100", "--alpha", "2", "--sigma", "1");
        assertEquals(2, r.code());
        assertTrue(r.err().contains("--force"), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
        JsonNode j = json(CliTest.run("bound", "pndp", "--graph", "ring:8", "--T", "100", "--alpha", "2", "--sigma", "1", "--force"));
        assertTrue(j.has("warning"));
    }

    @Test
    void ringStarAndConversion() throws Exception {
        JsonNode ring = json(CliTest.run("bound", "pndp-ring", "--n", "12", "--u", "1", "--v", "4", "--alpha", "2", "--sigma", "2",
                "--T", "1000"));
        assertEquals(List.of("as_printed", "general"), keys(ring).subList(0, 2));
        // With u = 1, (u + v − 2) = (v − u) mod n up to sign, so Theorem 5 as printed is right.
        assertEquals(ring.get("general").asDouble(), ring.get("as_printed").asDouble(), 1e-12);
        JsonNode star = json(CliTest.run("bound", "pndp-star", "--n", "10", "--u", "2", "--v", "3", "--alpha", "2", "--sigma", "2",
                "--kappa", "0.1", "--T", "100"));
        assertEquals(List.of("as_printed", "general"), keys(star).subList(0, 2));
        JsonNode c = json(CliTest.run("bound", "rdp-to-dp", "--epsilon-rdp", "1", "--alpha", "10", "--delta", "1e-5"));
        assertEquals(List.of("mironov", "improved"), keys(c));
        assertEquals(1 + Math.log(1e5) / 9, c.get("mironov").asDouble(), 1e-12);
        assertTrue(c.get("improved").asDouble() < c.get("mironov").asDouble());
        assertEquals(2, CliTest.run("bound", "pndp-ring", "--n", "12", "--u", "0", "--v", "4", "--alpha", "2", "--sigma", "2",
                "--T", "10").code());
    }

    @Test
    void simulateRwDpSgd(@TempDir Path dir) throws Exception {
        Path csv = dir.resolve("t.csv");
        JsonNode j = json(CliTest.run("simulate", "rw-dp-sgd", "--graph", "er:30,0.3,2", "--T", "3000", "--sigma", "0.5",
                "--gamma", "0.01", "--cap", "200", "--csv", csv.toString()));
        assertEquals(30, j.get("n").asInt());
        assertTrue(j.get("final_distance_squared").asDouble() < 1, j.toString());
        List<String> lines = Files.readAllLines(csv);
        assertEquals("t,node,objective,distance_squared", lines.get(0));
        assertEquals(31 + 1, lines.size());
        JsonNode l = json(CliTest.run("simulate", "rw-dp-sgd", "--graph", "complete:8", "--task", "logistic", "--T", "2000",
                "--sigma", "0", "--gamma", "0.2", "--dim", "3"));
        assertTrue(l.get("final_objective").asDouble() - l.get("optimal_objective").asDouble() < 0.05, l.toString());
    }
}
