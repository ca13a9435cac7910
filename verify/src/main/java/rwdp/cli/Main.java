package rwdp.cli;

import rwdp.cli.common.UserException;
import rwdp.cli.common.CommandDefaults;
import rwdp.cli.common.OutputGuard;
import rwdp.cli.common.Outputs;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import rwdp.check.InvalidArgumentException;
import rwdp.cli.ayache.AyacheCommands;
import rwdp.cli.cyffers.CyffersCommands;
import rwdp.cli.dfedrw.DfedrwCommands;
import rwdp.cli.yakimenka.YakimenkaCommands;

/** The {@code rwdp} command line. */
@Command(name = "rwdp", mixinStandardHelpOptions = true, version = "rwdp 0.1.0",
        description = {
            "Random-walk decentralized learning under differential privacy: run the algorithms,",
            "compute the published bounds for your graph and parameters, and check which claims hold."},
        footer = {"", "Exit status: 0 success; 1 a verdict differs from its expectation (report); 2 bad input",
            "(one line on stderr, nothing written); 3 internal error (please report it)."})
public final class Main implements Runnable {

    /** Exit status for bad user input. */
    public static final int USAGE = 2;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "missing command (report, graph, bound, simulate)");
    }

    /** Returns the command line with every paper's bound and simulate entries attached. */
    public static CommandLine commandLine() {
        return commandLine(new String[0]);
    }

    /**
     * Returns the command line for {@code args}: when they start with a command's name ({@code report}, {@code graph})
     * or a bound's or simulation's ({@code bound pndp}), only the commands on that path are built, since building
     * picocli's model of every command by reflection is much of a short command's start-up; otherwise (help, a
     * misspelt or missing name) every command, as {@link #commandLine()}. The commands on the path are built exactly as
     * in the whole command line, so they parse, run and print the same.
     */
    public static CommandLine commandLine(String[] args) {
        String top = args.length > 0 ? args[0] : null;
        String name = args.length > 1 ? args[1] : null;
        List<Object> bounds = new ArrayList<>();
        bounds.addAll(AyacheCommands.bounds());
        bounds.addAll(CyffersCommands.bounds());
        bounds.addAll(YakimenkaCommands.bounds());
        bounds.addAll(DfedrwCommands.bounds());
        List<Object> sims = new ArrayList<>();
        sims.addAll(AyacheCommands.simulations());
        sims.addAll(CyffersCommands.simulations());
        sims.addAll(YakimenkaCommands.simulations());
        sims.addAll(DfedrwCommands.simulations());
        boolean path = "report".equals(top) || "graph".equals(top)
                || "bound".equals(top) && named(bounds, name) != null || "simulate".equals(top) && named(sims, name) != null;
        CommandLine cl = new CommandLine(new Main());
        if (!path || "report".equals(top)) {
            cl.addSubcommand(new ReportCommand());
        }
        if (!path || "graph".equals(top)) {
            cl.addSubcommand(new GraphCommand());
        }
        if (!path || "bound".equals(top)) {
            CommandLine bound = new CommandLine(new BoundCommand());
            (path ? List.of(named(bounds, name)) : bounds).forEach(bound::addSubcommand);
            cl.addSubcommand(bound);
        }
        if (!path || "simulate".equals(top)) {
            CommandLine simulate = new CommandLine(new SimulateCommand());
            (path ? List.of(named(sims, name)) : sims).forEach(simulate::addSubcommand);
            cl.addSubcommand(simulate);
        }
        configure(cl);
        rejoinDescriptions(cl);
        cl.setParameterExceptionHandler(Main::onParameterError);
        cl.setExecutionExceptionHandler(Main::onExecutionError);
        cl.setExecutionStrategy(parsed -> {
            NumericOptions.check(parsed);
            CommandLine.ParseResult leaf = parsed;
            while (leaf.hasSubcommand()) {
                leaf = leaf.subcommand();
            }
            CommandLine leafLine = leaf.commandSpec().commandLine();
            try {
                boolean help = parsed.asCommandLineList().stream()
                        .anyMatch(c -> c.isUsageHelpRequested() || c.isVersionHelpRequested());
                OutputGuard.startCommand(help ? null : leaf);
            } catch (UserException e) {
                return onExecutionError(e, leafLine, parsed);
            }
            try {
                int code = new CommandLine.RunLast().execute(parsed);
                // Only a command that ran to its end replaces files: a failure anywhere before leaves them all as they were.
                Outputs.commit();
                return code;
            } catch (OutOfMemoryError e) {
                Outputs.discard();
                return outOfMemory(leafLine.getErr());
            } catch (UncheckedIOException e) {
                return onExecutionError(e, leafLine, parsed);
            }
        });
        return cl;
    }

    /** Returns the command object among {@code commands} whose {@code @Command} name is {@code name}, or null. */
    private static Object named(List<Object> commands, String name) {
        for (Object c : commands) {
            if (c.getClass().getAnnotation(Command.class).name().equals(name)) {
                return c;
            }
        }
        return null;
    }

    /**
     * Gives {@code cl} and every command below it rwdp's parsing of typed options (numbers with {@code inf}, graph
     * specs, weight schemes, solvers: each parsed once, at the edge, by its library parser) and the commands' own
     * defaults; for a command line and for subcommands attached later (the cluster module's).
     */
    public static void configure(CommandLine cl) {
        CommandDefaults.install(cl);
        cl.registerConverter(Double.class, Main::parseDouble);
        cl.registerConverter(Double.TYPE, Main::parseDouble);
        cl.registerConverter(rwdp.graph.GraphSpec.class, typed(rwdp.graph.GraphSpec::parse));
        cl.registerConverter(rwdp.markov.WeightScheme.class, typed(rwdp.markov.WeightScheme::parse));
        cl.registerConverter(rwdp.spectral.Solver.class, typed(rwdp.spectral.Solver::parse));
        cl.registerConverter(rwdp.data.DataSource.class, typed(rwdp.data.DataSource::parse));
        cl.registerConverter(rwdp.data.Partition.class, typed(rwdp.data.Partition::parse));
        cl.registerConverter(rwdp.model.ModelSpec.class, typed(rwdp.model.ModelSpec::parse));
        cl.registerConverter(rwdp.latency.LatencyModel.class, typed(rwdp.latency.LatencyModels::parse));
        cl.registerConverter(rwdp.cli.common.OutputFile.class, text -> new rwdp.cli.common.OutputFile(path(text)));
        cl.registerConverter(rwdp.cli.common.InputFolder.class, text -> new rwdp.cli.common.InputFolder(path(text)));
        // Choices by name: the commands' own Labelled enums, and the library's enums by their lower-case names.
        rwdp.cli.common.Labelled.registerAll(cl);
        cl.registerConverter(rwdp.claims.Profile.class, new rwdp.cli.common.Labelled.Converter<>(rwdp.claims.Profile.class,
                rwdp.claims.Profile::label));
        cl.registerConverter(rwdp.algo.PrivateWeightedRwSgd.GradientWeights.class, new rwdp.cli.common.Labelled.Converter<>(
                rwdp.algo.PrivateWeightedRwSgd.GradientWeights.class, w -> w.name().toLowerCase(java.util.Locale.ROOT)));
    }

    /** Returns the path {@code text} names, refused in picocli's one line when the file system cannot name it. */
    private static java.nio.file.Path path(String text) {
        try {
            return java.nio.file.Path.of(text);
        } catch (java.nio.file.InvalidPathException e) {
            throw new CommandLine.TypeConversionException("'" + text + "' is not a path: " + e.getReason());
        }
    }

    /** Returns a converter by a library parser: its refusal becomes picocli's one-line usage error naming the option. */
    private static <T> CommandLine.ITypeConverter<T> typed(java.util.function.Function<String, T> parse) {
        return text -> {
            try {
                return parse.apply(text);
            } catch (InvalidArgumentException e) {
                throw new CommandLine.TypeConversionException(e.getMessage());
            }
        };
    }

    private static int onParameterError(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage())
                + " (see " + cmd.getCommandSpec().qualifiedName() + " --help)");
        err.flush();
        return USAGE;
    }

    /**
     * Joins the hand-broken lines of every command description into paragraphs, so picocli wraps
     * them at the terminal width instead of breaking a phrase where the source line ended; a line
     * ending in '.', ':' or ';' (or followed by an indented or blank one) ends its paragraph.
     */
    static void rejoinDescriptions(CommandLine cl) {
        String[] lines = cl.getCommandSpec().usageMessage().description();
        List<String> out = new ArrayList<>();
        for (String line : lines) {
            boolean continues = !out.isEmpty() && !line.isBlank() && !line.startsWith(" ")
                    && !out.get(out.size() - 1).isBlank() && !out.get(out.size() - 1).matches("(?s).*[.:;]\\s*$");
            if (continues) {
                out.set(out.size() - 1, out.get(out.size() - 1).stripTrailing() + " " + line.strip());
            } else {
                out.add(line);
            }
        }
        cl.getCommandSpec().usageMessage().description(out.toArray(String[]::new));
        for (CommandLine sub : cl.getSubcommands().values()) {
            rejoinDescriptions(sub);
        }
    }

    /**
     * Returns the number in {@code s}: Java's syntax plus {@code inf}, {@code +inf}, {@code -inf}
     * and {@code infinity} in any case, as the documentation writes them.
     *
     * @throws CommandLine.TypeConversionException when s is not a number
     */
    public static Double parseDouble(String s) {
        String t = s.strip().toLowerCase(Locale.ROOT);
        switch (t) {
            case "inf", "+inf", "infinity", "+infinity": return Double.POSITIVE_INFINITY;
            case "-inf", "-infinity": return Double.NEGATIVE_INFINITY;
            default:
                // Java also accepts "1d", "0x1p3" and "1f"; a number is what a user types.
                if (t.matches("[+-]?nan")) {
                    return Double.NaN;
                }
                if (!t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)(e[+-]?\\d+)?")) {
                    throw new CommandLine.TypeConversionException("'" + s + "' is not a number");
                }
                return Double.parseDouble(t);
        }
    }

    private static int onExecutionError(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        Outputs.discard();
        if (ex instanceof CommandLine.ParameterException pe) {
            return onParameterError(pe, new String[0]);
        }
        if (isUserError(ex)) {
            err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(forCommandLine(ex)));
            err.flush();
            return USAGE;
        }
        err.println(cmd.getCommandSpec().qualifiedName() + ": internal error, please report it:");
        ex.printStackTrace(err);
        err.flush();
        return 3;
    }

    /**
     * Returns whether {@code ex} reports bad input (one line, exit 2) rather than a bug: an
     * {@link InvalidArgumentException} (the one type for bad arguments, {@link UserException}
     * included) or a failure to read or write a file the user named. A plain
     * IllegalArgumentException from inside a library is a bug (exit 3).
     */
    static boolean isUserError(Throwable ex) {
        return ex instanceof InvalidArgumentException || ex instanceof IOException || ex instanceof UncheckedIOException;
    }

    /** How the command line offers each library remedy. */
    private static final java.util.Map<rwdp.check.Remedy, String> REMEDIES = new java.util.EnumMap<>(java.util.Map.of(
            rwdp.check.Remedy.LARGER_HEAP, "give the JVM more with RWDP_JAVA_OPTS=-Xmx<size>",
            rwdp.check.Remedy.DATA_ROOT, "point --data-dir (or $RWDP_DATA) to a copy",
            rwdp.check.Remedy.DEFLATED_OR_EIGEN, "use --solver auto (deflation) or eigen",
            rwdp.check.Remedy.EIGEN, "use --solver eigen (the dense eigendecomposition)",
            rwdp.check.Remedy.CHEBYSHEV, "use --solver chebyshev, deflated or auto",
            rwdp.check.Remedy.MATRIX_FREE, "use --source U for one node's row, --sample K for all-pairs statistics with intervals, "
                    + "or --all-sources for exact all-pairs statistics (none needs n x n memory)",
            rwdp.check.Remedy.METROPOLIS_WEIGHTS, "use --weights metropolis",
            rwdp.check.Remedy.CLOSED_FORMS, "use a closed form where one exists (rwdp bound pndp-ring for rings, pndp-star for stars)"));

    /**
     * Returns the message of {@code ex} for the command line: a library refusal that carries a {@link rwdp.check.Remedy}
     * is shown as its problem followed by the command line's way to the remedy (its options), any other as it is.
     */
    static String forCommandLine(Throwable ex) {
        if (ex instanceof InvalidArgumentException iae && iae.remedy().isPresent()) {
            return iae.problem() + REMEDIES.get(iae.remedy().get());
        }
        return ex.getMessage();
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "invalid input";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }

    /**
     * Prints the one line for an OutOfMemoryError and returns 3: the estimates made before
     * allocating missed this input, which is a bug to report, not a stack trace to read.
     */
    static int outOfMemory(PrintWriter err) {
        err.println("rwdp: internal error: out of memory (" + Runtime.getRuntime().maxMemory() / (1 << 20)
                + " MB heap) although the input passed the size checks; please report the command"
                + " (RWDP_JAVA_OPTS=-Xmx<size> gives the JVM more memory)");
        err.flush();
        return 3;
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        int code;
        try {
            code = commandLine(args).execute(args);
        } catch (OutOfMemoryError e) {
            code = outOfMemory(new PrintWriter(System.err, true));
        }
        System.exit(code);
    }
}
