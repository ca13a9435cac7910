package rwdp.claims.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import rwdp.claims.CheckContext;
import rwdp.claims.Evidence;
import rwdp.claims.Profile;
import rwdp.claims.Table;

/** The audits' shared pieces: the canary loss and the rungs table and figure. */
class AuditHelpersTest {
    @TempDir
    Path figures;

    @Test
    void canaryHasItsGradientOnlyAtItsNode() {
        CanaryLoss loss = new CanaryLoss(5, 2, -3);
        assertEquals(5, loss.nodes());
        assertEquals(1, loss.dimension());
        double[] w = {0.5};
        double[] g = new double[1];
        for (int node = 0; node < 5; node++) {
            double expected = node == 2 ? -3 : 0;
            loss.gradient(node, w, g);
            assertEquals(expected, g[0], 0);
            loss.sampleGradient(node, 0, w, g);
            assertEquals(expected, g[0], 0);
            // Linear: value = gradient · w.
            assertEquals(expected * 0.5, loss.value(node, w), 0);
            assertEquals(1, loss.samples(node));
            assertEquals(0, loss.smoothness(node), 0);
        }
        assertEquals(0, loss.ridge(), 0);
        assertEquals(0, loss.strongConvexity(), 0);
    }

    @Test
    void rungsRecordRatiosAndDrawOnlyFinitePositiveRungs() throws Exception {
        Evidence ev = new Evidence();
        Rungs r = Rungs.of(ev, "Theorem 2", "σ", "exact", "RDP");
        r.row("σ = 2", 2, 0.5, Double.NaN, 1.0, 2.0);
        r.row("σ = 1", 1, 1.0, 1.5, 2.0, 8.0);
        assertEquals(2, r.size());
        List<Table> tables = ev.tables();
        assertEquals(1, tables.size());
        assertTrue(tables.get(0).title().startsWith(Rungs.TITLE), tables.get(0).title());
        assertEquals(List.of("setting", "σ", "attack lower bound", "exact", "RDP", "paper's bound", "paper / lower bound",
                "paper / tightest"), tables.get(0).columns());
        // paper / lower = 2/0.5 = 4 and paper / tightest = 2/1 = 2; then 8/1 = 8 and 8/2 = 4.
        List<?> first = tables.get(0).rows().get(0);
        assertEquals(4.0, ((Number) first.get(6)).doubleValue(), 0);
        assertEquals(2.0, ((Number) first.get(7)).doubleValue(), 0);
        List<?> second = tables.get(0).rows().get(1);
        assertEquals(8.0, ((Number) second.get(6)).doubleValue(), 0);
        assertEquals(4.0, ((Number) second.get(7)).doubleValue(), 0);

        CheckContext ctx = new CheckContext("yakimenka.audit-test", Profile.QUICK, 1, figures);
        r.figure(ctx, ev, "rungs");
        assertEquals(1, ev.figures().size());
        assertEquals("yakimenka.audit-test-rungs.png", ev.figures().get(0).file());
        assertTrue(Files.size(figures.resolve("yakimenka.audit-test-rungs.png")) > 0);
    }
}
