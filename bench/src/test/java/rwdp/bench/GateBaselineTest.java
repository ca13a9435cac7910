package rwdp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The gate's baseline file is refused before any benchmark runs when it cannot be a baseline
 * (a folder, not JSON, not an object, missing without --update-baseline), and its scoring keeps
 * the best of its re-runs, the largest allocation, and the geometric mean of the calibrations
 * beside the kept run.
 */
class GateBaselineTest {
    @TempDir
    Path dir;

    private String[] refused(String... args) {
        CommandLine cl = Gate.commandLine();
        StringWriter err = new StringWriter();
        StringWriter out = new StringWriter();
        cl.setErr(new PrintWriter(err, true));
        cl.setOut(new PrintWriter(out, true));
        int code = cl.execute(args);
        assertEquals(2, code, List.of(args) + " -> " + err);
        assertFalse(out.toString().contains("PASS"), out.toString());
        return err.toString().strip().lines().toArray(String[]::new);
    }

    @Test
    void unusableBaselinesAreRefusedNamingTheFile() throws Exception {
        Path missing = dir.resolve("none.json");
        Path notJson = Files.writeString(dir.resolve("bad.json"), "tolerance: 0.25\n");
        Path array = Files.writeString(dir.resolve("array.json"), "[1, 2]");
        for (Path p : List.of(dir, missing, notJson, array)) {
            String[] err = refused("--gate", "--quick", "--baseline", p.toString());
            assertEquals(1, err.length, String.join("\n", err));
            assertTrue(err[0].contains(p.toString()), err[0]);
        }
        assertTrue(refused("--gate", "--baseline", missing.toString())[0].contains("--update-baseline"));
        // Without --gate nothing runs.
        assertTrue(refused("--quick")[0].contains("--gate"));
    }

    /** Entry, then calibration, per run; returns the scripted measurements in order. */
    private static Gate.Bench scripted(List<Gate.Measurement> runs, List<String> calls) {
        return (method, params, gc) -> {
            calls.add(method.equals(GateSuite.CALIBRATION) ? "cal" : "entry");
            return runs.get(calls.size() - 1);
        };
    }

    @Test
    void scoreKeepsTheBestRunTheLargestAllocationAndItsCalibrations() throws Exception {
        GateSuite.Entry e = GateSuite.entries().get(0);
        List<String> calls = new ArrayList<>();
        // cal 1, entry 0.5 (alloc 8), cal 4, entry 3 (alloc 2), cal 9, entry 1 (alloc 16), cal 1; all at cpu/wall 1.
        List<Gate.Measurement> runs = List.of(new Gate.Measurement(1, 1, 0), new Gate.Measurement(0.5, 1, 8),
                new Gate.Measurement(4, 1, 0), new Gate.Measurement(3, 1, 2), new Gate.Measurement(9, 1, 0),
                new Gate.Measurement(1, 1, 16), new Gate.Measurement(1, 1, 0));
        // Baseline 10: every run is far below, so all three attempts run.
        Gate.Scored s = Gate.score(List.of(e), scripted(runs, calls), id -> 10.0, 0.25).get(0);
        assertEquals(List.of("cal", "entry", "cal", "entry", "cal", "entry", "cal"), calls);
        // Normalised: 0.5/√(1·4) = 0.25, 3/√(4·9) = 0.5, 1/√(9·1) = 1/3: the second run is kept.
        assertEquals(0.5, s.normalised(), 1e-15);
        assertEquals(6, s.calibration(), 1e-15);
        assertEquals(3, s.run().opsPerUs(), 0);
        assertEquals(16, s.bytesPerOp(), 0);
        assertEquals(3, s.runs());
    }

    @Test
    void anEntryWithinToleranceOrWithoutBaselineRunsOnce() throws Exception {
        GateSuite.Entry e = GateSuite.entries().get(0);
        // Half the CPU: 2 ops/µs at cpu/wall 0.5 is 4 ops per CPU-µs; the calibration 2 per CPU-µs: normalised 2.
        List<Gate.Measurement> runs = List.of(new Gate.Measurement(1, 0.5, 0), new Gate.Measurement(2, 0.5, 1),
                new Gate.Measurement(1, 0.5, 0));
        List<String> calls = new ArrayList<>();
        Gate.Scored s = Gate.score(List.of(e), scripted(runs, calls), id -> 2.5, 0.25).get(0);
        // 2/2.5 − 1 = −20%, inside the 25% tolerance.
        assertEquals(2, s.normalised(), 1e-15);
        assertEquals(1, s.runs());
        assertEquals(3, calls.size());
        List<String> none = new ArrayList<>();
        assertEquals(1, Gate.score(List.of(e), scripted(runs, none), id -> null, 0).get(0).runs());
        assertEquals(4, new Gate.Measurement(2, 0.5, 0).opsPerCpuUs(), 0);
    }
}
