package rwdp.cli.common;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;

/**
 * The guard a command passes before it runs: the files and folders its options read, recognised by type
 * ({@link InputFolder}, a graph's or data source's file), and its {@link OutputFile} options, each checked by
 * {@link Outputs#checkOutput} against them and against each other.
 */
public final class OutputGuard {
    private OutputGuard() {}

    /** Prefixes of text option values that name an input: {@code file:PATH} and {@code fashion-mnist:DIR}. */
    private static final List<String> INPUT_PREFIXES = List.of("file:", "fashion-mnist:");

    /**
     * Starts a command: forgets what a previous one staged (one JVM may run several, as the tests
     * do), collects the inputs its options name and refuses, before any work, an output option that
     * names one of them, a folder, a missing folder, or the same file as another output option.
     *
     * @param parsed the invoked (innermost) command, or null when it only prints help
     * @throws UserException naming the option and the path
     */
    public static void startCommand(CommandLine.ParseResult parsed) {
        Outputs.discard();
        Outputs.useInputs(List.of());
        if (parsed == null) {
            return;
        }
        List<Path> in = new ArrayList<>();
        Map<Path, String> outs = new LinkedHashMap<>();
        CommandLine.Model.CommandSpec spec = parsed.commandSpec();
        for (CommandLine.Model.OptionSpec o : spec.options()) {
            Object v = o.getValue();
            if (v == null || v instanceof OutputFile) {
                continue;
            }
            if (v instanceof InputFolder f) {
                in.add(f.path());
            } else if (v instanceof rwdp.graph.GraphSpec g) {
                g.file().ifPresent(in::add);
            } else if (v instanceof rwdp.data.DataSource d) {
                d.file().ifPresent(in::add);
            } else if (v instanceof NamesInput named) {
                named.input().ifPresent(in::add);
            } else if (v instanceof String s) {
                String t = s.strip();
                for (String prefix : INPUT_PREFIXES) {
                    if (t.regionMatches(true, 0, prefix, 0, prefix.length()) && t.length() > prefix.length()) {
                        in.add(Path.of(t.substring(prefix.length()).strip()));
                    }
                }
            }
        }
        String dataDir = System.getenv("RWDP_DATA");
        if (dataDir != null && !dataDir.isBlank() && spec.options().stream().anyMatch(o -> o.type() == InputFolder.class)) {
            in.add(Path.of(dataDir));
        }
        Outputs.useInputs(in);
        List<Path> inputs = Outputs.inputs();
        for (CommandLine.Model.OptionSpec o : spec.options()) {
            // The report's --out is a folder (a Path), guarded by its own swap; every output file is an OutputFile.
            if (o.getValue() instanceof OutputFile f) {
                Path p = f.path();
                Path target = Outputs.checkOutput(p, o.longestName(), inputs);
                String other = outs.put(target, o.longestName());
                if (other != null) {
                    throw new UserException(o.longestName() + " '" + p + "' is the same file as " + other
                            + ": give each output its own path");
                }
            }
        }
    }
}
