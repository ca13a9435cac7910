package rwdp.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Bad gate options are refused before any benchmark runs: one line on stderr, exit 2. */
class GateOptionsTest {
    @Test
    void badOptionsGiveOneLineAndExitTwo() {
        for (List<String> args : List.of(
                List.of("--gate", "--quick", "--baseline", "baseline.json", "--only", "nomatch", "--tolerance", "NaN"),
                List.of("--gate", "--quick", "--baseline", "baseline.json", "--tolerance", "-1"),
                List.of("--gate", "--quick", "--baseline", "baseline.json", "--tolerance", "1"),
                List.of("--gate", "--quick", "--baseline", "baseline.json", "--only", "nomatch"),
                List.of("--gate", "--quick", "--baseline", "baseline.json", "--only", "(unclosed"),
                List.of("--gate", "--bogus"))) {
            CommandLine cl = Gate.commandLine();
            StringWriter err = new StringWriter();
            StringWriter out = new StringWriter();
            cl.setErr(new PrintWriter(err, true));
            cl.setOut(new PrintWriter(out, true));
            int code = cl.execute(args.toArray(String[]::new));
            assertEquals(2, code, args + " -> " + err);
            assertEquals(1, err.toString().strip().lines().count(), args + " -> " + err);
            assertFalse(out.toString().contains("PASS"), args + " -> " + out);
        }
    }
}
