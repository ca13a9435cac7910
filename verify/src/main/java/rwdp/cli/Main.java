package rwdp.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import rwdp.cli.ayache.AyacheCommands;
import rwdp.cli.cyffers.CyffersCommands;
import rwdp.cli.dfedrw.DfedrwCommands;
import rwdp.cli.yakimenka.YakimenkaCommands;

/** The {@code rwdp} command line. */
@Command(name = "rwdp", mixinStandardHelpOptions = true, version = "rwdp 0.1.0",
        description = {
            "Random-walk decentralized learning under differential privacy: run the algorithms,",
            "compute the published bounds for your graph and parameters, and check which claims hold."},
        subcommands = {ReportCommand.class, GraphCommand.class, BoundCommand.class, SimulateCommand.class},
        footer = {"", "Exit status: 0 success; 1 a verdict differs from its expectation (report); 2 bad input."})
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
        CommandLine cl = new CommandLine(new Main());
        CommandLine bound = cl.getSubcommands().get("bound");
        CommandLine simulate = cl.getSubcommands().get("simulate");
        List<Object> bounds = new ArrayList<>();
        bounds.addAll(AyacheCommands.bounds());
        bounds.addAll(CyffersCommands.bounds());
        bounds.addAll(YakimenkaCommands.bounds());
        bounds.addAll(DfedrwCommands.bounds());
        bounds.forEach(bound::addSubcommand);
        List<Object> sims = new ArrayList<>();
        sims.addAll(AyacheCommands.simulations());
        sims.addAll(CyffersCommands.simulations());
        sims.addAll(YakimenkaCommands.simulations());
        sims.addAll(DfedrwCommands.simulations());
        sims.forEach(simulate::addSubcommand);
        cl.setParameterExceptionHandler(Main::onParameterError);
        cl.setExecutionExceptionHandler(Main::onExecutionError);
        return cl;
    }

    private static int onParameterError(CommandLine.ParameterException ex, String[] args) {
        CommandLine cmd = ex.getCommandLine();
        PrintWriter err = cmd.getErr();
        err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage())
                + " (see " + cmd.getCommandSpec().qualifiedName() + " --help)");
        err.flush();
        return USAGE;
    }

    private static int onExecutionError(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) {
        PrintWriter err = cmd.getErr();
        if (isUserError(ex)) {
            err.println(cmd.getCommandSpec().qualifiedName() + ": " + oneLine(ex.getMessage()));
            err.flush();
            return USAGE;
        }
        err.println(cmd.getCommandSpec().qualifiedName() + ": internal error, please report it:");
        ex.printStackTrace(err);
        err.flush();
        return 3;
    }

    /** Returns whether {@code ex} reports bad input (one line, exit 2) rather than a bug. */
    static boolean isUserError(Throwable ex) {
        return ex instanceof IllegalArgumentException || ex instanceof UserException
                || ex instanceof IOException || ex instanceof UncheckedIOException;
    }

    private static String oneLine(String s) {
        if (s == null) {
            return "invalid input";
        }
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).strip();
    }

    /** Runs the command line and exits with its status. */
    public static void main(String[] args) {
        System.setProperty("java.awt.headless", "true");
        int code = commandLine().execute(args);
        System.exit(code);
    }
}
