package rwdp.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code rwdp simulate ALGORITHM}: runs one algorithm, writes the trajectory, prints a JSON summary. */
@Command(name = "simulate", mixinStandardHelpOptions = true,
        description = {"Run one algorithm; --csv FILE writes the trajectory, stdout gets a JSON summary."})
public final class SimulateCommand implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public void run() {
        String names = String.join(", ", spec.subcommands().keySet());
        throw new CommandLine.ParameterException(spec.commandLine(),
                "missing ALGORITHM" + (names.isEmpty() ? "" : "; one of: " + names));
    }
}
